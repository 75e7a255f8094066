package io.tablestoreycsb.mock.tunnel;

import io.tablestoreycsb.mock.operations.Action;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.storage.ChangeLog;
import io.tablestoreycsb.mock.storage.StreamSettings;
import io.tablestoreycsb.mock.storage.Table;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The instance's Tunnel Service: Stream tunnels over the tables' change logs. Creating a tunnel
 * turns the table's stream on if it is off (as the service does). A tunnel whose table is dropped,
 * whose stream is disabled, or whose unread records expired answers OTSTunnelExpired; an unknown
 * tunnel id OTSParameterInvalid, so a TunnelWorker stops instead of retrying forever.
 */
public final class TunnelService {
  /** A readrecords page holds at most this many records... */
  static final int MAX_RECORDS_PER_READ = 1000;
  /** ...and at most this many bytes of records (the service's 4 MB; a single larger record still goes alone). */
  static final long MAX_BYTES_PER_READ = 4L << 20;
  static final long DEFAULT_CLIENT_TIMEOUT_SECONDS = 300;

  /**
   * One page of a channel's records and the token after it. {@code fromStream}: change-log records
   * (they carry their sequence info), not a BaseData channel's rows.
   */
  record ReadResult(Table table, int partition, List<ChangeLog.Record> records, String nextToken, boolean mayMoreRecord,
      boolean fromStream) {}

  private final Catalog catalog;
  private final String instanceName;
  private final Clock clock;
  private final Map<String, Tunnel> tunnels = new ConcurrentHashMap<>();
  /** Told of what is kept of each tunnel (a data directory), or null. */
  private volatile TunnelListener listener;

  public TunnelService(Catalog catalog, String instanceName, Clock clock) {
    this.catalog = catalog;
    this.instanceName = instanceName;
    this.clock = clock;
  }

  /**
   * The {@code tunnel/*} actions and the Stream API (ListStream, DescribeStream, GetShardIterator,
   * GetStreamRecord), to be served beside the table API: both read the tables' change logs.
   */
  public List<Action> actions() {
    List<Action> all = new ArrayList<>(TunnelActions.all(this));
    all.addAll(StreamApiActions.all(catalog));
    return all;
  }

  /** Tells {@code listener} of every change to what is kept of a tunnel from now on (null: no one). */
  public void listen(TunnelListener listener) {
    this.listener = listener;
  }

  /** What is kept of every tunnel, oldest first. */
  public List<TunnelState> states() {
    List<TunnelState> kept = new ArrayList<>();
    for (Tunnel t : list("")) {
      kept.add(t.state());
    }
    return kept;
  }

  /**
   * Replaces every tunnel with the kept ones (a restart on a data directory, a restore); a kept
   * tunnel whose table the catalog no longer has is left out. Clients connect again.
   */
  public synchronized void restore(List<TunnelState> kept) {
    tunnels.clear();
    for (TunnelState state : kept) {
      Table table = catalog.find(state.tableName());
      if (table == null) {
        continue;
      }
      TunnelKind kind = java.util.Arrays.stream(TunnelKind.values()).filter(k -> k.wireName.equals(state.kind()))
          .findFirst().orElseThrow(() -> new IllegalArgumentException("unknown tunnel type " + state.kind()));
      tunnels.put(state.id(), new Tunnel(state, kind, table));
    }
  }

  private void changed(Tunnel tunnel) {
    TunnelListener l = listener;
    if (l != null) {
      synchronized (tunnel) { // two checkpoints of a tunnel reach the listener in the order they were stored
        l.tunnelChanged(tunnel.state());
      }
    }
  }

  List<Tunnel.ChannelView> heartbeat(String tunnelId, String clientId, List<Tunnel.ChannelView> reported) {
    Tunnel tunnel = require(tunnelId);
    boolean[] terminated = new boolean[1];
    List<Tunnel.ChannelView> held = tunnel.heartbeat(clientId, reported, nowMillis(), terminated);
    if (terminated[0]) {
      changed(tunnel);
    }
    return held;
  }

  String instanceName() {
    return instanceName;
  }

  long nowMillis() {
    return clock.millis();
  }

  synchronized Tunnel create(String tableName, String tunnelName, TunnelKind kind, Tunnel.StartPosition start) {
    if (tunnelName.isEmpty()) {
      throw OtsException.parameterInvalid("tunnel.tunnel_name must not be empty.");
    }
    Table table = catalog.require(tableName);
    for (Tunnel t : tunnels.values()) {
      if (t.table == table && t.name.equals(tunnelName)) {
        throw new OtsException(ErrorCode.TUNNEL_EXIST, "Tunnel " + tunnelName + " already exists on table " + tableName + ".");
      }
    }
    long now = nowMillis();
    synchronized (table) {
      if (!table.stream().enabled()) {
        table.updateStream(new StreamSettings(true, tableName + "_" + now, StreamSettings.DEFAULT_EXPIRATION_HOURS, now));
      }
    }
    if (start.startMillis() > 0 && start.startMillis() > now) {
      throw OtsException.parameterInvalid("tunnel.StreamTunnelConfig.startOffset " + start.startMillis()
          + " ms is in the future (server time " + now + " ms).");
    }
    Tunnel tunnel = new Tunnel(UUID.randomUUID().toString(), tunnelName, kind, table, start, now);
    tunnels.put(tunnel.id, tunnel);
    changed(tunnel);
    return tunnel;
  }

  /** The tunnels, of one table when {@code tableName} is not empty, oldest first. */
  List<Tunnel> list(String tableName) {
    List<Tunnel> found = new ArrayList<>();
    for (Tunnel t : tunnels.values()) {
      if (tableName.isEmpty() || t.table.name().equals(tableName)) {
        checkTable(t);
        found.add(t);
      }
    }
    found.sort(Comparator.comparingLong((Tunnel t) -> t.createTimeMillis).thenComparing(t -> t.id));
    return found;
  }

  /** Describe and delete name a tunnel by table and name (and optionally id, which then must match). */
  Tunnel find(String tableName, String tunnelName, String tunnelId) {
    for (Tunnel t : tunnels.values()) {
      if (t.table.name().equals(tableName) && t.name.equals(tunnelName) && (tunnelId.isEmpty() || t.id.equals(tunnelId))) {
        checkTable(t);
        return t;
      }
    }
    throw OtsException.parameterInvalid("Tunnel " + tunnelName + " of table " + tableName
        + (tunnelId.isEmpty() ? "" : " with id " + tunnelId) + " does not exist.");
  }

  /** Drops every tunnel (the admin API's reset); returns how many there were. */
  public synchronized int clear() {
    List<String> ids = new ArrayList<>(tunnels.keySet());
    tunnels.clear();
    // After the removal, as for one tunnel: a data directory's checkpoint that starts once the listener is told
    // must not copy a tunnel whose deletion it will not replay.
    TunnelListener l = listener;
    if (l != null) {
      ids.forEach(l::tunnelDeleted);
    }
    return ids.size();
  }

  synchronized void delete(Tunnel tunnel) {
    tunnels.remove(tunnel.id);
    TunnelListener l = listener;
    if (l != null) {
      l.tunnelDeleted(tunnel.id);
    }
    trim(tunnel.table);
  }

  /** A tunnel the client names by id: OTSParameterInvalid if unknown, OTSTunnelExpired if it cannot be read any more. */
  Tunnel require(String tunnelId) {
    Tunnel tunnel = tunnels.get(tunnelId);
    if (tunnel == null) {
      throw OtsException.parameterInvalid("Tunnel " + tunnelId + " does not exist.");
    }
    checkTable(tunnel);
    return tunnel;
  }

  String connect(String tunnelId, String tag, long timeoutSeconds) {
    if (timeoutSeconds <= 0) {
      throw OtsException.parameterInvalid("client_config.timeout must be positive, got " + timeoutSeconds + " s.");
    }
    return require(tunnelId).connect(tag, timeoutSeconds * 1000, nowMillis());
  }

  /** The next page of a channel's records from {@code token}, for the client holding the channel. */
  ReadResult readRecords(String tunnelId, String clientId, String channelId, String token) {
    Tunnel tunnel = require(tunnelId);
    Channel channel = tunnel.requireHeld(clientId, channelId, nowMillis());
    if (channel.baseData) {
      return readBase(tunnel, channel, token);
    }
    StreamTokens.Position at = StreamTokens.decode(token, "token");
    ChangeLog log = logOf(tunnel, channel, at);
    if (at.sequence() < log.firstSequence()) {
      tunnel.expire();
      throw new OtsException(ErrorCode.TUNNEL_EXPIRED, "Records of channel " + channelId + " from the token on have expired.");
    }
    ChangeLog.Page page = log.read(at.sequence(), MAX_RECORDS_PER_READ, MAX_BYTES_PER_READ);
    if (tunnel.start.hasEnd()) {
      return readToEnd(tunnel, channel, at, page);
    }
    long lastTime = page.records().isEmpty() ? nowMillis() : page.records().get(page.records().size() - 1).timestampMillis();
    return new ReadResult(tunnel.table, channel.partition, page.records(),
        StreamTokens.encode(channel.partition, page.nextSequence(), lastTime), page.more(), true);
  }

  /**
   * A page of a tunnel with an end time: records committed at or after it stay back, and once the
   * channel has handed out every record before it (a later record is in the log, or the end time
   * has passed with nothing left: commits are stamped with server time, so none can still come
   * before it), the channel gets the token {@code finished} and the worker reports it TERMINATED.
   */
  private ReadResult readToEnd(Tunnel tunnel, Channel channel, StreamTokens.Position at, ChangeLog.Page page) {
    long end = tunnel.start.endMillis();
    List<ChangeLog.Record> records = page.records();
    int keep = 0;
    while (keep < records.size() && records.get(keep).timestampMillis() < end) {
      keep++;
    }
    boolean endReached = keep < records.size() || (!page.more() && nowMillis() >= end);
    if (keep == 0 && endReached) {
      return new ReadResult(tunnel.table, channel.partition, List.of(), StreamTokens.FINISHED, false, true);
    }
    List<ChangeLog.Record> kept = records.subList(0, keep);
    long next = at.sequence() + keep;
    long lastTime = kept.isEmpty() ? nowMillis() : kept.get(kept.size() - 1).timestampMillis();
    // After the last records before the end, may_more_record is true so the worker comes straight back for its
    // 'finished'.
    return new ReadResult(tunnel.table, channel.partition, kept, StreamTokens.encode(channel.partition, next, lastTime),
        endReached || page.more(), true);
  }

  /**
   * The next page of a BaseData channel: the partition's rows after the token's key, each as a
   * PUT_ROW of its latest versions; {@code finished} after the last. Rows are read live (not a
   * snapshot): a row written during the read may come here with its new value and again from the
   * stream.
   */
  private ReadResult readBase(Tunnel tunnel, Channel channel, String token) {
    byte[] after = StreamTokens.decodeBase(token, "token");
    var partition = tunnel.table.partition(channel.partition);
    var rows = after.length == 0 ? partition.all() : partition.ascending(after, Table.KEY_AFTER_ALL);
    List<ChangeLog.Record> page = new ArrayList<>();
    long now = nowMillis();
    long bytes = 0;
    byte[] last = after;
    while (rows.hasNext() && page.size() < MAX_RECORDS_PER_READ) {
      var row = rows.next();
      if (java.util.Arrays.equals(row.key(), after)) {
        continue;
      }
      byte[] record = io.tablestoreycsb.mock.operations.BaseDataRecords.latestVersions(tunnel.table, row, now);
      if (record == null) {
        continue;
      }
      if (!page.isEmpty() && bytes + record.length > MAX_BYTES_PER_READ) {
        return new ReadResult(tunnel.table, channel.partition, page, StreamTokens.encodeBase(last), true, false);
      }
      page.add(new ChangeLog.Record(0, now, ChangeLog.PUT_ROW, record));
      bytes += record.length;
      last = row.key();
    }
    return new ReadResult(tunnel.table, channel.partition, page,
        rows.hasNext() ? StreamTokens.encodeBase(last) : StreamTokens.FINISHED, rows.hasNext(), false);
  }

  /** Stores a channel's checkpoint, then frees change-log records every tunnel of the table has consumed. */
  void checkpoint(String tunnelId, String clientId, String channelId, String token, long sequenceNumber) {
    Tunnel tunnel = require(tunnelId);
    long now = nowMillis();
    Channel channel = tunnel.requireHeld(clientId, channelId, now);
    if (channel.baseData) {
      if (!StreamTokens.FINISHED.equals(token)) {
        StreamTokens.decodeBase(token, "checkpoint");
      }
      tunnel.checkpoint(clientId, channelId, token, sequenceNumber, channel.position, now, now);
      changed(tunnel);
      return;
    }
    if (StreamTokens.FINISHED.equals(token)) {
      if (!tunnel.start.hasEnd()) {
        throw OtsException.parameterInvalid("Stream channel " + channelId + " cannot be finished: the tunnel has no"
            + " end offset.");
      }
      tunnel.checkpoint(clientId, channelId, token, sequenceNumber, channel.position, channel.positionTimeMillis, now);
      changed(tunnel);
      trim(tunnel.table, channel.partition);
      return;
    }
    StreamTokens.Position at = StreamTokens.decode(token, "checkpoint");
    ChangeLog log = logOf(tunnel, channel, at);
    if (at.sequence() < log.firstSequence()) {
      tunnel.expire();
      throw new OtsException(ErrorCode.TUNNEL_EXPIRED, "Checkpoint of channel " + channelId + " names expired records.");
    }
    long positionTime = at.sequence() == 0 ? now : timeBefore(log, at.sequence(), channel.positionTimeMillis);
    tunnel.checkpoint(clientId, channelId, token, sequenceNumber, at.sequence(), positionTime, now);
    changed(tunnel);
    trim(tunnel.table, channel.partition);
  }

  private ChangeLog logOf(Tunnel tunnel, Channel channel, StreamTokens.Position at) {
    if (at.partition() != channel.partition) {
      throw OtsException.parameterInvalid("The token names partition " + at.partition() + ", not channel " + channel.id + "'s.");
    }
    ChangeLog log = tunnel.table.partition(channel.partition).changeLog();
    if (log == null) {
      tunnel.expire();
      throw new OtsException(ErrorCode.TUNNEL_EXPIRED, "Tunnel " + tunnel.id + " has expired: the table's stream is disabled.");
    }
    if (at.sequence() > log.nextSequence()) {
      throw OtsException.parameterInvalid("The token names record " + at.sequence() + " of channel " + channel.id
          + ", past its newest (" + log.nextSequence() + ").");
    }
    return log;
  }

  /** The commit time of the record before {@code sequence} (the consumed point), if still held. */
  private static long timeBefore(ChangeLog log, long sequence, long otherwise) {
    if (sequence - 1 < log.firstSequence()) {
      return otherwise;
    }
    List<ChangeLog.Record> one = log.read(sequence - 1, 1, Long.MAX_VALUE).records();
    return one.isEmpty() ? otherwise : one.get(0).timestampMillis();
  }

  private synchronized void trim(Table table) {
    for (int p = 0; p < table.partitionCount(); p++) {
      trim(table, p);
    }
  }

  /** Drops the records of a partition below every tunnel's position (none: the stream's expiry alone trims). */
  private synchronized void trim(Table table, int partition) {
    ChangeLog log = table.partition(partition).changeLog();
    if (log == null) {
      return;
    }
    long lowest = Long.MAX_VALUE;
    boolean any = false;
    for (Tunnel t : tunnels.values()) {
      if (t.table == table && t.kind.hasStream) {
        lowest = Math.min(lowest, t.positionOf(partition));
        any = true;
      }
    }
    if (any) {
      log.trimBelow(lowest);
    }
  }

  /** Expires a tunnel whose table was dropped or re-created, or whose stream was disabled or re-enabled. */
  private void checkTable(Tunnel tunnel) {
    Table current;
    try {
      current = catalog.require(tunnel.table.name());
    } catch (OtsException e) {
      current = null;
    }
    StreamSettings stream = tunnel.table.stream();
    if (current != tunnel.table || !stream.enabled() || !tunnel.streamId.equals(stream.streamId())) {
      tunnel.expire();
    }
  }
}
