package io.tablestoreycsb.mock.tunnel;

import java.util.List;

/**
 * What is kept of a tunnel across a restart (a data directory, a snapshot): its identity, start
 * and end, and each channel's status and checkpoint. Connected clients are not kept: after a
 * restart they connect again, and every channel a client held is handed out afresh from its last
 * checkpoint.
 *
 * @param kind the tunnel's type as on the wire (Stream, BaseData, BaseAndStream)
 * @param tableName the table it reads; a kept tunnel whose table is gone is not restored
 */
public record TunnelState(String id, String name, String kind, String tableName, String streamId, long createTimeMillis,
    boolean earliest, long startMillis, long endMillis, boolean expired, List<ChannelState> channels) {

  public TunnelState {
    channels = List.copyOf(channels);
  }

  /**
   * One channel: its status as the server last had it (WAIT, OPEN, CLOSING, CLOSE, TERMINATED)
   * and its checkpoint.
   */
  public record ChannelState(String id, int partition, boolean baseData, String status, long version, String checkpoint,
      long checkpointSequence, long position, long positionTimeMillis) {}
}
