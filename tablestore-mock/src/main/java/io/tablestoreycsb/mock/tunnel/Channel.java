package io.tablestoreycsb.mock.tunnel;

/**
 * One channel of a tunnel (one partition of its table) as the server tracks it: status and
 * version (every change bumps the version; client and server keep the higher), the client holding
 * it, and its checkpoint. Guarded by the owning {@link Tunnel}'s lock.
 */
final class Channel {
  final String id;
  final int partition;
  /** A BaseData channel (a full read of its partition) rather than a Stream one. */
  final boolean baseData;
  ChannelStatus status = ChannelStatus.WAIT;
  long version;
  /** The client holding the channel (OPEN or CLOSING), else null. */
  String owner;
  /** The last checkpointed position (the initial position until the first checkpoint). */
  String checkpoint;
  long checkpointSequence;
  /** The change-log sequence the checkpoint names: records below it are consumed. */
  long position;
  /** Commit time (ms) of the last record before {@link #position}, or the channel's start time. */
  long positionTimeMillis;

  Channel(String id, int partition, boolean baseData, String checkpoint, long position, long positionTimeMillis) {
    this.id = id;
    this.partition = partition;
    this.baseData = baseData;
    this.checkpoint = checkpoint;
    this.position = position;
    this.positionTimeMillis = positionTimeMillis;
  }

  boolean heldBy(String clientId) {
    return owner != null && owner.equals(clientId);
  }

  void open(String clientId) {
    owner = clientId;
    status = ChannelStatus.OPEN;
    version++;
  }

  void askToClose() {
    status = ChannelStatus.CLOSING;
    version++;
  }

  /** Released by its client (at the client's {@code version}) or taken from a client that timed out. */
  void release(long atVersion) {
    owner = null;
    status = ChannelStatus.CLOSE;
    version = Math.max(version + 1, atVersion);
  }

  void terminate(long atVersion) {
    owner = null;
    status = ChannelStatus.TERMINATED;
    version = Math.max(version + 1, atVersion);
  }
}
