package io.tablestoreycsb.tunnelbench.child;

import com.alicloud.openservices.tablestore.model.StreamRecord;
import com.alicloud.openservices.tablestore.tunnel.worker.IChannelProcessor;
import com.alicloud.openservices.tablestore.tunnel.worker.ProcessRecordsInput;
import io.tablestoreycsb.tunnelbench.rows.TunnelRow;
import java.util.Arrays;
import java.util.BitSet;

/**
 * The consumer's {@link IChannelProcessor}: like the white paper's rate counter it counts the records
 * it is handed, and besides it notes, per record, which row it is (for the consumed-row check) and
 * when it was handed (for the lag, worked out once the writer's acknowledgement times are known).
 *
 * <p>The worker calls {@link #process} from one thread per channel at a time, several channels at
 * once: one lock per page of records keeps the bookkeeping simple at a cost far below the page's.
 */
public final class SyncRecorder implements IChannelProcessor {
  /** Arrivals are kept as batch (high 32 bits) and microseconds since the epoch below (low 32 bits). */
  private static final long MAX_OFFSET_MICROS = 0xffff_ffffL;

  private final long epochMicros;
  private final BitSet rows = new BitSet();
  private long[] arrivals = new long[1 << 16];
  private int arrivalCount;
  private volatile long handed;
  private volatile long distinct;
  private long unexpected;
  private long firstHandedMicros;
  private long lastHandedMicros;
  private String error;
  private long pages;
  private long outOfOrder;
  /** Per channel, the commit sequence (timestamp, row index) of the latest record it handed here. */
  private final java.util.Map<String, long[]> lastSequence = new java.util.HashMap<>();
  private final String host;
  private volatile ConsumedSnapshots keptStored;
  /** Every page handed, in order; those from {@link #pagesTaken} on are not in a segment yet. */
  private final java.util.List<ChannelPage> channelPages = new java.util.ArrayList<>();
  private int pagesTaken;
  /** Rows new to this consumer since the last {@link #takeSegment}. */
  private int[] freshRows = new int[1 << 12];
  private int freshCount;

  /** @param epochMicros arrivals are stored relative to this (the scenario's start); they must come within 71 minutes */
  public SyncRecorder(long epochMicros) {
    this(epochMicros, "");
  }

  /** @param host where this consumer runs (the report groups consumers by it) */
  public SyncRecorder(long epochMicros, String host) {
    this.epochMicros = epochMicros;
    this.host = host;
  }

  @Override
  public void process(ProcessRecordsInput input) {
    if (input.getRecords().isEmpty()) {
      return; // the worker hands every read over, empty ones (a caught-up channel) too
    }
    long now = EpochMicros.now();
    long offset = now - epochMicros;
    long page;
    synchronized (this) {
      page = ++pages;
      if (offset < 0 || offset > MAX_OFFSET_MICROS) {
        error = "a record arrived " + offset / 1_000_000 + " s after the scenario began: past the 71 minutes a"
            + " consumer can time";
        offset = Math.max(0, Math.min(offset, MAX_OFFSET_MICROS));
      }
      if (firstHandedMicros == 0) {
        firstHandedMicros = now;
      }
      lastHandedMicros = now;
      for (StreamRecord record : input.getRecords()) {
        TunnelRow.Written w = TunnelRow.decode(record);
        if (w == null || w.row() > Integer.MAX_VALUE - 1 || w.batch() > MAX_OFFSET_MICROS) {
          unexpected++;
          continue;
        }
        int row = (int) w.row();
        checkOrder(input.getChannelId(), record, rows.get(row));
        if (!rows.get(row)) {
          rows.set(row);
          distinct++;
          if (freshCount == freshRows.length) {
            freshRows = Arrays.copyOf(freshRows, freshRows.length * 2);
          }
          freshRows[freshCount++] = row;
        }
        if (arrivalCount == arrivals.length) {
          arrivals = Arrays.copyOf(arrivals, arrivals.length * 2);
        }
        arrivals[arrivalCount++] = w.batch() << 32 | offset;
      }
      handed += input.getRecords().size();
      notePage(input, now);
      notifyAll(); // a ConsumedSnapshots waits for pages to store
    }
    ConsumedSnapshots snapshots = keptStored;
    if (snapshots != null) {
      try {
        snapshots.awaitStored(page);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt(); // the worker is shutting down
      }
    }
  }

  /**
   * Counts a record committed before the channel's previous one, unless it is a row this consumer already
   * had: a channel that came back resumes from its checkpoint and hands such rows again, in order.
   */
  private void checkOrder(String channel, StreamRecord record, boolean seenBefore) {
    com.alicloud.openservices.tablestore.model.RecordSequenceInfo info = record.getSequenceInfo();
    if (info == null || channel == null) {
      return; // no sequence to check against (a BaseData record)
    }
    long[] now = {info.getEpoch(), info.getTimestamp(), info.getRowIndex()};
    long[] last = lastSequence.get(channel);
    boolean backwards = last != null && java.util.Arrays.compare(now, last) < 0;
    if (backwards && !seenBefore) {
      outOfOrder++;
    }
    lastSequence.put(channel, now);
  }

  /** Notes where in its channel's stream the page began and ended (records without a sequence are BaseData: none). */
  private void notePage(ProcessRecordsInput input, long handedMicros) {
    java.util.List<StreamRecord> records = input.getRecords();
    com.alicloud.openservices.tablestore.model.RecordSequenceInfo first = records.get(0).getSequenceInfo();
    com.alicloud.openservices.tablestore.model.RecordSequenceInfo last = records.get(records.size() - 1)
        .getSequenceInfo();
    if (input.getChannelId() != null && first != null && last != null) {
      channelPages.add(new ChannelPage(input.getChannelId(), ChannelPage.Position.of(first),
          ChannelPage.Position.of(last), records.size(), handedMicros));
    }
  }

  /**
   * What was handed since the previous call: the rows new to this consumer and the pages, with the count
   * of pages recorded by now (every one of them is in this segment or an earlier one).
   */
  public synchronized Taken takeSegment() {
    RowSegment segment = RowSegment.of(Arrays.copyOf(freshRows, freshCount),
        channelPages.subList(pagesTaken, channelPages.size()));
    freshCount = 0;
    pagesTaken = channelPages.size();
    return new Taken(pages, segment);
  }

  /**
   * @param pages pages recorded up to the segment
   * @param segment what they added
   */
  public record Taken(long pages, RowSegment segment) {}

  /** Every page handed so far, in order. */
  public synchronized java.util.List<ChannelPage> channelPages() {
    return java.util.List.copyOf(channelPages);
  }

  /** The size of the rows so far as one bitset (what storing the whole set each time would cost). */
  public synchronized long rowsAsBitsetBytes() {
    return (rows.length() + 7) / 8;
  }

  /** Pages of records recorded so far (the {@link ConsumedSnapshots} count them). */
  public synchronized long pages() {
    return pages;
  }

  /** From now on {@link #process} returns once {@code snapshots} has stored the page's rows. */
  public void keepStored(ConsumedSnapshots snapshots) {
    this.keptStored = snapshots;
  }

  @Override
  public void shutdown() {
    // the worker closes a channel (re-balancing or shutdown); nothing to flush
  }

  /** Records handed so far, duplicates and unexpected records included (read by the sampler). */
  public long handed() {
    return handed;
  }

  /** Distinct rows handed so far (read by the sampler: the coordinator stops once every written row arrived). */
  public long distinct() {
    return distinct;
  }

  public synchronized BitSet rows() {
    return (BitSet) rows.clone();
  }

  /**
   * The result, with every arrival's lag (arrival - acknowledgement of its batch) added to
   * {@code lag}, which files them by the second they arrived in.
   */
  public synchronized ConsumerResult finish(long[] ackMicros, LagIntervals lag) {
    long notAcknowledged = 0;
    long beforeAck = 0;
    for (int i = 0; i < arrivalCount; i++) {
      int batch = (int) (arrivals[i] >>> 32);
      long arrival = epochMicros + (arrivals[i] & MAX_OFFSET_MICROS);
      long ack = batch < ackMicros.length ? ackMicros[batch] : 0;
      if (ack == 0) {
        notAcknowledged++;
        continue;
      }
      if (arrival < ack) {
        beforeAck++;
      }
      lag.record(arrival, Math.max(0, arrival - ack));
    }
    return new ConsumerResult(handed, distinct, unexpected, notAcknowledged, beforeAck, firstHandedMicros / 1000,
        lastHandedMicros / 1000, outOfOrder, host, error);
  }
}
