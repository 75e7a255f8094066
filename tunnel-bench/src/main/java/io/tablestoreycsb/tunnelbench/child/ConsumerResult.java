package io.tablestoreycsb.tunnelbench.child;

/**
 * What one consumer process (a TunnelWorker and its processor) was handed.
 *
 * @param handed records handed to the processor, duplicates included
 * @param distinct distinct rows among them
 * @param unexpected records that are not rows this benchmark wrote (another key shape or row number)
 * @param notAcknowledged rows whose batch the writer never saw acknowledged (no lag for them)
 * @param handedBeforeAck rows handed to the processor before their batch's acknowledgement reached the
 *     writer (the service commits before it answers); their lag counts as 0
 * @param firstHandedEpochMs when the first record was handed, 0 if none was
 * @param lastHandedEpochMs when the last record was handed
 * @param outOfOrder records a channel handed before one it had already handed that was committed later, other
 *     than a replay of rows this consumer already had (a channel resuming from its checkpoint): 0 when every
 *     channel kept its commit order
 * @param host where the consumer ran: its pod's node, or this machine's name
 * @param error why the consumer failed, or null
 */
public record ConsumerResult(long handed, long distinct, long unexpected, long notAcknowledged, long handedBeforeAck,
    long firstHandedEpochMs, long lastHandedEpochMs, long outOfOrder, String host, String error) {

  /** This consumer's result with {@code error} in place of its own. */
  public ConsumerResult failed(String why) {
    return new ConsumerResult(handed, distinct, unexpected, notAcknowledged, handedBeforeAck, firstHandedEpochMs,
        lastHandedEpochMs, outOfOrder, host, why);
  }
}
