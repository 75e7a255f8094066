package io.tablestoreycsb.tunnelbench.child;

import com.alicloud.openservices.tablestore.model.RecordSequenceInfo;
import java.util.Comparator;

/**
 * One page of records a channel handed a consumer: where in the channel's stream it began and ended
 * (the commit sequence of its first and last record) and when it was handed. A channel that moves to
 * another consumer resumes from its last checkpoint, which is a page's end; the pages of every consumer
 * that held a channel tell whether it resumed there ({@link io.tablestoreycsb.tunnelbench.report.HandOverOrder}).
 *
 * @param channel the channel's id
 * @param first the first record's position
 * @param last the last record's position
 * @param records records in the page
 * @param handedMicros when it was handed, epoch microseconds
 */
public record ChannelPage(String channel, Position first, Position last, int records, long handedMicros) {

  /**
   * A record's place in its channel's stream: the order the service committed it in.
   *
   * @param epoch the stream's epoch
   * @param timestamp the commit timestamp
   * @param rowIndex the row's index within its commit
   */
  public record Position(long epoch, long timestamp, long rowIndex) implements Comparable<Position> {
    private static final Comparator<Position> ORDER = Comparator.comparingLong(Position::epoch)
        .thenComparingLong(Position::timestamp).thenComparingLong(Position::rowIndex);

    public static Position of(RecordSequenceInfo info) {
      return new Position(info.getEpoch(), info.getTimestamp(), info.getRowIndex());
    }

    @Override
    public int compareTo(Position other) {
      return ORDER.compare(this, other);
    }
  }
}
