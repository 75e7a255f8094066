package io.tablestoreycsb.binding.stats;

import io.tablestoreycsb.binding.client.MaybeAppliedCalls;

import com.alicloud.openservices.tablestore.model.CapacityUnit;
import com.alicloud.openservices.tablestore.model.ConsumedCapacity;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the binding did during a run, accumulated across all DB instances of the JVM:
 * requests per action, rows read and written, consumed capacity units, errors by code and batch
 * row retries/failures. Thread-safe without locks.
 */
public final class RunStats {
  private final Map<Action, LongAdder> requests = new EnumMap<>(Action.class);
  private final LongAdder rowsRead = new LongAdder();
  private final LongAdder rowsWritten = new LongAdder();
  private final LongAdder readCu = new LongAdder();
  private final LongAdder writeCu = new LongAdder();
  private final LongAdder batchRowsRetried = new LongAdder();
  private final LongAdder batchRowsFailed = new LongAdder();
  private final LongAdder rowsFailed = new LongAdder();
  private final LongAdder rowsFailedAfterBatchedOk = new LongAdder();
  private final LongAdder rowsFailedOnConnection = new LongAdder();
  private final LongAdder rowsAttempted = new LongAdder();
  private final LongAdder readsNotFound = new LongAdder();
  private final LongAdder threadsStoppedAtFailedInsert = new LongAdder();
  private final ConcurrentHashMap<String, LongAdder> errors = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, LongAdder> sdkRetries = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, PartitionCounters> partitions = new ConcurrentHashMap<>();
  private final MaybeAppliedCalls maybeApplied = new MaybeAppliedCalls();

  public RunStats() {
    for (Action a : Action.values()) {
      requests.put(a, new LongAdder());
    }
  }

  public void request(Action action) {
    requests.get(action).increment();
  }

  public void rowsRead(long n) {
    rowsRead.add(n);
  }

  public void rowsWritten(long n) {
    rowsWritten.add(n);
  }

  /** Adds the capacity units a response reports (absent values count as 0). */
  public void consumed(ConsumedCapacity consumed) {
    if (consumed == null || consumed.getCapacityUnit() == null) {
      return;
    }
    CapacityUnit cu = consumed.getCapacityUnit();
    if (cu.hasSetReadCapacityUnit()) {
      readCu.add(cu.getReadCapacityUnit());
    }
    if (cu.hasSetWriteCapacityUnit()) {
      writeCu.add(cu.getWriteCapacityUnit());
    }
  }

  /** Counts one error; returns true when it is the first with this code in this run. */
  public boolean error(String code) {
    boolean[] first = {false};
    errors.computeIfAbsent(code, c -> {
      first[0] = true;
      return new LongAdder();
    }).increment();
    return first[0];
  }

  /** Counts one retry the SDK made inside a call (tablestore.retry=sdk), by the code that caused it. */
  /** The run's write calls resent after an attempt the service may have applied. */
  public MaybeAppliedCalls maybeApplied() {
    return maybeApplied;
  }

  public void sdkRetry(String code) {
    sdkRetries.computeIfAbsent(code, c -> new LongAdder()).increment();
  }

  public void batchRowsRetried(long n) {
    batchRowsRetried.add(n);
  }

  public void batchRowsFailed(long n) {
    batchRowsFailed.add(n);
  }

  /** Rows whose write failed for good: single-row writes whose call failed, batch rows not written. */
  public void rowsFailed(long n) {
    rowsFailed.add(n);
  }

  /**
   * Failed rows (also counted in {@link #rowsFailed}) whose insert had returned BATCHED_OK before
   * their batch was sent: YCSB counts them as done.
   */
  public void rowsFailedAfterBatchedOk(long n) {
    rowsFailedAfterBatchedOk.add(n);
  }

  /**
   * Failed rows (also counted in {@link #rowsFailed}) whose request failed on its connection: the
   * service may have written them (an answer lost), so the table may hold them after all.
   */
  public void rowsFailedOnConnection(long n) {
    rowsFailedOnConnection.add(n);
  }

  /** A row handed to {@code insert} for the first time (not a repeat of an insert that failed). */
  public void rowAttempted() {
    rowsAttempted.increment();
  }

  /** A read that found no row. */
  public void readNotFound() {
    readsNotFound.increment();
  }

  /** A DB instance whose last insert failed: YCSB stops a load thread at its first failed insert. */
  public void threadStoppedAtFailedInsert() {
    threadsStoppedAtFailedInsert.increment();
  }

  /** The per-partition counters of {@code table}, made on first use with its partitions. */
  public PartitionCounters partitions(String table, PartitionMap map) {
    return partitions.computeIfAbsent(table, t -> new PartitionCounters(map));
  }

  public Snapshot snapshot() {
    Map<Action, Long> req = new EnumMap<>(Action.class);
    requests.forEach((a, v) -> req.put(a, v.sum()));
    Map<String, Long> err = new TreeMap<>();
    errors.forEach((c, v) -> err.put(c, v.sum()));
    Map<String, Long> retried = new TreeMap<>();
    sdkRetries.forEach((c, v) -> retried.put(c, v.sum()));
    Map<String, PartitionCounters.Snapshot> byTable = new TreeMap<>();
    partitions.forEach((t, c) -> byTable.put(t, c.snapshot()));
    return new Snapshot(req, rowsRead.sum(), rowsWritten.sum(), readCu.sum(), writeCu.sum(), err,
        batchRowsRetried.sum(), batchRowsFailed.sum(), retried, byTable,
        new WriteOutcome(rowsFailed.sum(), rowsFailedAfterBatchedOk.sum(), rowsFailedOnConnection.sum(),
            rowsAttempted.sum(),
            threadsStoppedAtFailedInsert.sum()), readsNotFound.sum());
  }

  /**
   * What became of the rows the workload asked to write: failed for good, of those the ones YCSB
   * had been told were done (BATCHED_OK), of those the ones whose request failed on its connection
   * (the service may have written them), rows handed to {@code insert}, and the DB instances whose
   * last insert failed.
   */
  public record WriteOutcome(long rowsFailed, long rowsFailedAfterBatchedOk, long rowsFailedOnConnection,
                             long rowsAttempted, long threadsStoppedAtFailedInsert) {
  }

  /** A consistent-enough copy of the counters, with the report formats. */
  public record Snapshot(Map<Action, Long> requests, long rowsRead, long rowsWritten, long readCu,
                         long writeCu, Map<String, Long> errors, long batchRowsRetried,
                         long batchRowsFailed, Map<String, Long> sdkRetries,
                         Map<String, PartitionCounters.Snapshot> partitions, WriteOutcome writes,
                         long readsNotFound) {

    /** The stats file's JSON. */
    public String toJson() {
      return toStatsFile(null).toJson();
    }

    /** The stats file's JSON, with the run's {@code outcome} when there is one. */
    public String toJson(RunOutcome outcome) {
      return toStatsFile(outcome).toJson();
    }

    /** The stats file's record, with the run's {@code outcome} when there is one. */
    public StatsFile toStatsFile(RunOutcome outcome) {
      Map<String, Long> byAction = new LinkedHashMap<>();
      requests.forEach((a, n) -> byAction.put(a.name(), n));
      Map<String, StatsFile.TablePartitions> byTable = new LinkedHashMap<>();
      partitions.forEach((table, t) -> byTable.put(table, tablePartitions(t)));
      return new StatsFile(byAction,
          new StatsFile.Rows(rowsRead, rowsWritten, writes.rowsFailed(), writes.rowsFailedAfterBatchedOk(),
              writes.rowsFailedOnConnection(), writes.rowsAttempted()),
          new StatsFile.Reads(readsNotFound), new StatsFile.CapacityUnits(readCu, writeCu), errors,
          new StatsFile.Batch(batchRowsRetried, batchRowsFailed), sdkRetries, byTable,
          outcome == null ? null : outcome.toStatsFile());
    }

    private static StatsFile.TablePartitions tablePartitions(PartitionCounters.Snapshot table) {
      List<PartitionCounters.Partition> ps = table.partitions();
      return new StatsFile.TablePartitions(ps.stream().map(PartitionCounters.Partition::start).toList(),
          ps.stream().map(PartitionCounters.Partition::requests).toList(),
          ps.stream().map(PartitionCounters.Partition::rowsRead).toList(),
          ps.stream().map(PartitionCounters.Partition::rowsWritten).toList(),
          ps.stream().map(PartitionCounters.Partition::errors).toList(),
          ps.stream().map(PartitionCounters.Partition::latencyBase64).toList());
    }

    /** YCSB-style report lines: {@code [TABLESTORE], <Name>, <value>}. */
    public String toReportLines() {
      StringBuilder sb = new StringBuilder(512);
      requests.forEach((a, n) -> line(sb, "Requests." + a.name(), n));
      line(sb, "Rows.Read", rowsRead);
      line(sb, "Rows.Written", rowsWritten);
      line(sb, "Rows.Failed", writes.rowsFailed());
      line(sb, "Rows.FailedAfterBatchedOk", writes.rowsFailedAfterBatchedOk());
      line(sb, "Rows.FailedOnConnection", writes.rowsFailedOnConnection());
      line(sb, "Reads.NotFound", readsNotFound);
      line(sb, "CapacityUnits.Read", readCu);
      line(sb, "CapacityUnits.Write", writeCu);
      long totalErrors = errors.values().stream().mapToLong(Long::longValue).sum();
      line(sb, "Errors", totalErrors);
      errors.forEach((c, n) -> line(sb, "Errors." + c, n));
      line(sb, "Batch.RowsRetried", batchRowsRetried);
      line(sb, "Batch.RowsFailed", batchRowsFailed);
      line(sb, "SdkRetries", sdkRetries.values().stream().mapToLong(Long::longValue).sum());
      sdkRetries.forEach((c, n) -> line(sb, "SdkRetries." + c, n));
      partitions.forEach((table, t) -> {
        for (int i = 0; i < t.partitions().size(); i++) {
          PartitionCounters.Partition p = t.partitions().get(i);
          String prefix = "Partition." + table + "." + i + ".";
          line(sb, prefix + "Requests", p.requests());
          line(sb, prefix + "Rows", p.rowsRead() + p.rowsWritten());
          line(sb, prefix + "Errors", p.errors());
        }
      });
      return sb.toString();
    }

    private static void line(StringBuilder sb, String name, long value) {
      sb.append("[TABLESTORE], ").append(name).append(", ").append(value).append('\n');
    }
  }
}
