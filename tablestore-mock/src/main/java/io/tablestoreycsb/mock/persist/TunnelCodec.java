package io.tablestoreycsb.mock.persist;

import io.tablestoreycsb.mock.tunnel.TunnelState;
import java.util.ArrayList;
import java.util.List;

/** A tunnel's kept state to and from its value in the state file's {@code tunnels} map. */
final class TunnelCodec {
  private TunnelCodec() {}

  static byte[] encode(TunnelState t) {
    Fields.Writer w = new Fields.Writer();
    w.string(t.id()).string(t.name()).string(t.kind()).string(t.tableName()).string(t.streamId())
        .longValue(t.createTimeMillis()).bool(t.earliest()).longValue(t.startMillis()).longValue(t.endMillis())
        .bool(t.expired()).intValue(t.channels().size());
    for (TunnelState.ChannelState c : t.channels()) {
      w.string(c.id()).intValue(c.partition()).bool(c.baseData()).string(c.status()).longValue(c.version())
          .string(c.checkpoint()).longValue(c.checkpointSequence()).longValue(c.position())
          .longValue(c.positionTimeMillis());
    }
    return w.toBytes();
  }

  static TunnelState decode(byte[] value) {
    Fields.Reader r = new Fields.Reader(value);
    String id = r.string();
    String name = r.string();
    String kind = r.string();
    String table = r.string();
    String streamId = r.string();
    long created = r.longValue();
    boolean earliest = r.bool();
    long start = r.longValue();
    long end = r.longValue();
    boolean expired = r.bool();
    int n = r.intValue();
    List<TunnelState.ChannelState> channels = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      channels.add(new TunnelState.ChannelState(r.string(), r.intValue(), r.bool(), r.string(), r.longValue(), r.string(),
          r.longValue(), r.longValue(), r.longValue()));
    }
    return new TunnelState(id, name, kind, table, streamId, created, earliest, start, end, expired, channels);
  }
}
