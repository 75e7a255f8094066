package io.tablestoreycsb.tunnelbench.report;

import java.util.BitSet;
import java.util.List;

/**
 * Did every written row reach a consumer? The writer's set of acknowledged rows against the union of
 * the rows the consumers were handed. Tunnels deliver at least once: a channel moving to another
 * consumer resumes from its last checkpoint, so some rows may come twice; those are counted and
 * reported, and only a written row that never came fails the check.
 *
 * @param written rows the writer saw acknowledged
 * @param consumed distinct rows handed to some consumer
 * @param handed rows handed to the consumers' processors in all, duplicates included
 * @param missing written rows no consumer was handed
 * @param duplicates rows handed more than once: {@code handed - consumed} (two handings of one row count one)
 * @param notAcknowledged rows consumed that the writer never saw acknowledged (a batch that failed
 *     after the service had committed some of its rows)
 * @param unexpected records that were not rows of this benchmark at all
 * @param outOfOrder records a channel handed after a later-committed one (not a replay from its checkpoint),
 *     counted at every consumer that held the channel, on whatever host, and where it moved from one consumer
 *     to another ({@link HandOverOrder})
 * @param channelsMoved channels that moved from one consumer to another while syncing (their order checked
 *     across the move)
 */
public record ConsumedRowCheck(long written, long consumed, long handed, long missing, long duplicates,
    long notAcknowledged, long unexpected, long outOfOrder, int channelsMoved) {

  /** As {@link #of(BitSet, List, long, long, long, HandOverOrder)} with no channel moved. */
  public static ConsumedRowCheck of(BitSet written, List<BitSet> consumedPerConsumer, long handed, long unexpected,
      long outOfOrder) {
    return of(written, consumedPerConsumer, handed, unexpected, outOfOrder, new HandOverOrder(0, 0, 0));
  }

  /**
   * @param written the writer's rows
   * @param consumedPerConsumer each consumer's distinct rows
   * @param handed records handed to processors in all (from the consumers' counts)
   * @param unexpected records that were not this benchmark's rows
   * @param outOfOrder records out of their channel's commit order (from the consumers' counts)
   * @param handOver the order across the moments channels moved between consumers
   */
  public static ConsumedRowCheck of(BitSet written, List<BitSet> consumedPerConsumer, long handed, long unexpected,
      long outOfOrder, HandOverOrder handOver) {
    BitSet union = new BitSet();
    for (BitSet c : consumedPerConsumer) {
      union.or(c);
    }
    BitSet missing = (BitSet) written.clone();
    missing.andNot(union);
    BitSet extra = (BitSet) union.clone();
    extra.andNot(written);
    long distinct = union.cardinality();
    // The benchmark's own records (handed - unexpected) beyond the distinct rows are repeats.
    return new ConsumedRowCheck(written.cardinality(), distinct, handed, missing.cardinality(),
        Math.max(0, handed - unexpected - distinct), extra.cardinality(), unexpected,
        outOfOrder + handOver.outOfOrder(), handOver.channelsMoved());
  }

  /**
   * True when every written row was consumed and every channel kept its commit order (duplicates allowed:
   * delivery is at least once).
   */
  public boolean passes() {
    return missing == 0 && outOfOrder == 0;
  }

  /** "all 120,000 written rows consumed; 0 duplicates" or "17 of 120,000 written rows missing; ...". */
  public String summary() {
    StringBuilder s = new StringBuilder();
    if (missing == 0) {
      s.append(String.format(java.util.Locale.ROOT, "all %,d written rows consumed", written));
    } else {
      s.append(String.format(java.util.Locale.ROOT, "%,d of %,d written rows MISSING", missing, written));
    }
    s.append(String.format(java.util.Locale.ROOT, "; %,d duplicate%s", duplicates, duplicates == 1 ? "" : "s"));
    if (outOfOrder > 0) {
      s.append(String.format(java.util.Locale.ROOT, "; %,d records OUT OF their channel's commit order", outOfOrder));
    }
    if (channelsMoved > 0) {
      s.append(String.format(java.util.Locale.ROOT, "; %,d channel%s moved between consumers, order checked across"
          + " the move", channelsMoved, channelsMoved == 1 ? "" : "s"));
    }
    if (notAcknowledged > 0) {
      s.append(String.format(java.util.Locale.ROOT, "; %,d consumed but never acknowledged to the writer",
          notAcknowledged));
    }
    if (unexpected > 0) {
      s.append(String.format(java.util.Locale.ROOT, "; %,d records not written by this benchmark", unexpected));
    }
    return s.toString();
  }
}
