package io.tablestoreycsb.mock.tunnel;

import io.tablestoreycsb.mock.protocol.ErrorCode;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.storage.Table;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * One tunnel: its channels (one per partition of the table for each phase, BaseData then Stream)
 * and connected clients. Every
 * method runs under the tunnel's lock: channel hand-over is a handful of field changes, so
 * heartbeats, checkpoints and the owner check of each read never wait long.
 */
final class Tunnel {
  /** A channel as a heartbeat reports it (client to server) or answers it (server to client). */
  record ChannelView(String id, long version, ChannelStatus status) {}

  final String id;
  final String name;
  final TunnelKind kind;
  final Table table;
  final String streamId;
  final long createTimeMillis;
  /** The start the tunnel was created with, echoed by list and describe: EARLIEST, LATEST or a time. */
  final StartPosition start;
  private final Map<String, Channel> channels = new LinkedHashMap<>();
  private final Map<String, ClientSession> clients = new LinkedHashMap<>();
  private long connections;
  private boolean expired;

  /**
   * Where a new tunnel's channels begin and end: {@code startMillis} is 0 unless the tunnel starts
   * at a time; {@code endMillis} is 0 for a stream without end, else records committed at or after
   * it are not handed out and each channel finishes once it has handed out the ones before it.
   */
  record StartPosition(boolean earliest, long startMillis, long endMillis) {
    boolean hasEnd() {
      return endMillis > 0;
    }
  }

  Tunnel(String id, String name, TunnelKind kind, Table table, StartPosition start, long nowMillis) {
    this.id = id;
    this.name = name;
    this.kind = kind;
    this.table = table;
    this.streamId = table.stream().streamId();
    this.start = start;
    this.createTimeMillis = nowMillis;
    for (int p = 0; kind.hasBaseData && p < table.partitionCount(); p++) {
      String channelId = id + "-base-" + p;
      channels.put(channelId, new Channel(channelId, p, true, StreamTokens.encodeBase(new byte[0]), 0, nowMillis));
    }
    for (int p = 0; kind.hasStream && p < table.partitionCount(); p++) {
      var log = table.partition(p).changeLog();
      // BaseAndStream: the stream takes over exactly where the tunnel began.
      long position = start.startMillis() > 0 ? log.sequenceAt(start.startMillis())
          : start.earliest() && !kind.hasBaseData ? log.firstSequence() : log.nextSequence();
      String channelId = id + "-" + p;
      channels.put(channelId, new Channel(channelId, p, false, StreamTokens.encode(p, position, nowMillis), position, nowMillis));
    }
  }

  /** A kept tunnel back (see {@link TunnelState}): its channels as they were, none held by a client. */
  Tunnel(TunnelState state, TunnelKind kind, Table table) {
    this.id = state.id();
    this.name = state.name();
    this.kind = kind;
    this.table = table;
    this.streamId = state.streamId();
    this.start = new StartPosition(state.earliest(), state.startMillis(), state.endMillis());
    this.createTimeMillis = state.createTimeMillis();
    this.expired = state.expired();
    for (TunnelState.ChannelState kept : state.channels()) {
      Channel c = new Channel(kept.id(), kept.partition(), kept.baseData(), kept.checkpoint(), kept.position(),
          kept.positionTimeMillis());
      c.status = ChannelStatus.valueOf(kept.status());
      c.version = kept.version();
      c.checkpointSequence = kept.checkpointSequence();
      if (c.status == ChannelStatus.OPEN || c.status == ChannelStatus.CLOSING) {
        c.release(0); // its client did not survive the restart
      }
      channels.put(c.id, c);
    }
  }

  /** What is kept of this tunnel across a restart. */
  synchronized TunnelState state() {
    java.util.List<TunnelState.ChannelState> kept = new ArrayList<>();
    for (Channel c : channels.values()) {
      kept.add(new TunnelState.ChannelState(c.id, c.partition, c.baseData, c.status.name(), c.version, c.checkpoint,
          c.checkpointSequence, c.position, c.positionTimeMillis));
    }
    return new TunnelState(id, name, kind.wireName, table.name(), streamId, createTimeMillis, start.earliest(),
        start.startMillis(), start.endMillis(), expired, kept);
  }

  /** The channels being consumed now: the BaseData ones until all are done, then the Stream ones. */
  private List<Channel> active() {
    List<Channel> base = new ArrayList<>();
    List<Channel> stream = new ArrayList<>();
    boolean baseDone = true;
    for (Channel c : channels.values()) {
      if (c.baseData) {
        base.add(c);
        baseDone &= c.status == ChannelStatus.TERMINATED;
      } else {
        stream.add(c);
      }
    }
    return baseDone ? stream : base;
  }

  /**
   * TunnelInfo.stage: the SDK's TunnelStage constant. ProcessBaseData while a BaseData channel is
   * still being read; after that ProcessStream, also for a BaseData tunnel (as the service: its
   * finished full read is the signal clients wait for).
   */
  synchronized String stage() {
    return active().stream().anyMatch(c -> c.baseData) ? "ProcessBaseData" : "ProcessStream";
  }

  synchronized boolean expired() {
    return expired;
  }

  synchronized void expire() {
    expired = true;
  }

  synchronized String connect(String tag, long timeoutMillis, long nowMillis) {
    requireNotExpired();
    String clientId = UUID.randomUUID().toString();
    clients.put(clientId, new ClientSession(clientId, tag, timeoutMillis, connections++, nowMillis));
    ChannelBalancer.balance(active(), clients.values());
    return clientId;
  }

  /**
   * Merges what the client reports (a CLOSE or TERMINATED at a higher version releases the
   * channel), re-balances, and answers the channels the client should hold now.
   */
  synchronized List<ChannelView> heartbeat(String clientId, Collection<ChannelView> reported, long nowMillis) {
    return heartbeat(clientId, reported, nowMillis, new boolean[1]);
  }

  /** As above; {@code terminated[0]} is set when a channel was reported consumed to its end. */
  synchronized List<ChannelView> heartbeat(String clientId, Collection<ChannelView> reported, long nowMillis,
      boolean[] terminated) {
    requireNotExpired();
    expireClients(nowMillis);
    ClientSession session = requireClient(clientId);
    session.lastHeartbeatMillis = nowMillis;
    for (ChannelView r : reported) {
      Channel c = channels.get(r.id());
      if (c == null || !c.heldBy(clientId) || r.version() <= c.version) {
        continue;
      }
      if (r.status() == ChannelStatus.CLOSE) {
        c.release(r.version());
      } else if (r.status() == ChannelStatus.TERMINATED) {
        c.terminate(r.version());
        terminated[0] = true;
      }
    }
    ChannelBalancer.balance(active(), clients.values());
    List<ChannelView> held = new ArrayList<>();
    for (Channel c : channels.values()) {
      if (c.heldBy(clientId)) {
        held.add(new ChannelView(c.id, c.version, c.status));
      }
    }
    return held;
  }

  /** The client leaves: its channels are released (at their last checkpoint) for the others. */
  synchronized void shutdown(String clientId) {
    requireClient(clientId);
    release(clientId);
    clients.remove(clientId);
    ChannelBalancer.balance(active(), clients.values());
  }

  /** The channel's checkpoint, for any connected client (a new holder resumes from it). */
  synchronized Channel checkpointOf(String clientId, String channelId, long nowMillis) {
    requireNotExpired();
    expireClients(nowMillis);
    requireClient(clientId);
    return requireChannel(channelId);
  }

  /**
   * Stores a checkpoint from the channel's holder: {@code sequenceNumber} must be the stored one
   * plus one (two holders cannot both checkpoint), and the token a position of this channel.
   */
  synchronized void checkpoint(String clientId, String channelId, String token, long sequenceNumber, long position,
      long positionTimeMillis, long nowMillis) {
    Channel c = requireHeld(clientId, channelId, nowMillis);
    if (sequenceNumber != c.checkpointSequence + 1) {
      throw new OtsException(ErrorCode.SEQUENCE_NUMBER_NOT_MATCH, "Checkpoint sequence number " + sequenceNumber
          + " of channel " + channelId + " does not match: expected " + (c.checkpointSequence + 1) + ".");
    }
    c.checkpoint = token;
    c.checkpointSequence = sequenceNumber;
    c.position = position;
    c.positionTimeMillis = positionTimeMillis;
  }

  /** The channel, checked to be held (OPEN or CLOSING) by {@code clientId}. */
  synchronized Channel requireHeld(String clientId, String channelId, long nowMillis) {
    requireNotExpired();
    expireClients(nowMillis);
    requireClient(clientId);
    Channel c = requireChannel(channelId);
    if (!c.heldBy(clientId)) {
      throw new OtsException(ErrorCode.RESOURCE_GONE, "Channel " + channelId + " is not held by client " + clientId
          + " (it was re-balanced to another client or released); the client should drop it.");
    }
    return c;
  }

  /**
   * The lowest position any channel of {@code partition} still needs (for trimming the change log);
   * a finished channel (a tunnel's end reached) needs none.
   */
  synchronized long positionOf(int partition) {
    for (Channel c : channels.values()) {
      if (c.partition == partition && !c.baseData) {
        return StreamTokens.FINISHED.equals(c.checkpoint) ? Long.MAX_VALUE : c.position;
      }
    }
    return Long.MAX_VALUE;
  }

  synchronized List<Channel> channelsSnapshot() {
    List<Channel> copy = new ArrayList<>();
    for (Channel c : channels.values()) {
      Channel s = new Channel(c.id, c.partition, c.baseData, c.checkpoint, c.position, c.positionTimeMillis);
      s.status = c.status;
      s.version = c.version;
      s.owner = c.owner;
      s.checkpointSequence = c.checkpointSequence;
      copy.add(s);
    }
    return copy;
  }

  private void expireClients(long nowMillis) {
    List<String> gone = new ArrayList<>();
    for (ClientSession s : clients.values()) {
      if (s.timedOut(nowMillis)) {
        gone.add(s.id);
      }
    }
    for (String clientId : gone) {
      release(clientId);
      clients.remove(clientId);
    }
  }

  private void release(String clientId) {
    for (Channel c : channels.values()) {
      if (c.heldBy(clientId)) {
        c.release(0);
      }
    }
  }

  private ClientSession requireClient(String clientId) {
    ClientSession session = clients.get(clientId);
    if (session == null) {
      // Not OTSParameterInvalid: that makes a TunnelWorker halt; it reconnects after its own time-out instead.
      throw new OtsException(ErrorCode.RESOURCE_GONE, "Client " + clientId + " is not connected to tunnel " + id
          + " (it shut down or missed its heartbeat time-out); connect again.");
    }
    return session;
  }

  private Channel requireChannel(String channelId) {
    Channel c = channels.get(channelId);
    if (c == null) {
      throw OtsException.parameterInvalid("Tunnel " + id + " has no channel " + channelId + ".");
    }
    return c;
  }

  private void requireNotExpired() {
    if (expired) {
      throw new OtsException(ErrorCode.TUNNEL_EXPIRED, "Tunnel " + id + " has expired: its table was dropped, its stream"
          + " disabled, or records it had not consumed passed the stream's expiration time.");
    }
  }
}
