package io.tablestoreycsb.binding.client;

import com.alicloud.openservices.tablestore.ClientException;
import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.BatchWriteRowResponse;
import com.alicloud.openservices.tablestore.model.CapacityUnit;
import com.alicloud.openservices.tablestore.model.ConsumedCapacity;
import com.alicloud.openservices.tablestore.model.RowChange;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import io.tablestoreycsb.binding.config.ClientConfig;
import io.tablestoreycsb.binding.stats.Action;
import io.tablestoreycsb.binding.stats.PartitionCounters;
import io.tablestoreycsb.binding.stats.PartitionMap;
import io.tablestoreycsb.binding.stats.PartitionRuns;
import io.tablestoreycsb.binding.stats.RunStats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/**
 * Buffers one DB instance's inserts and sends them as BatchWriteRow requests of up to
 * {@code batchSize} rows (or less than the 4 MB request limit). With partition grouping each request
 * holds the rows of one partition (the service processes a batch per partition, one disk write each,
 * so a batch spread over 16 partitions costs 16 of them). Rows that fail inside a batch with
 * a transient error are sent again, only those rows, with exponential back-off, at most
 * {@code maxRetries} times; rows that still fail are counted and reported through the status of
 * the call that flushed them, and those whose insert had returned BATCHED_OK (YCSB counted them as
 * done) are counted apart, so the run's summary can correct YCSB's. A whole request that failed on
 * its connection is resent by the SDK client for {@code tablestore.retrybudget}
 * ({@link BindingRetryStrategy}), not again here, unless the client has no such budget. Each request's latency is recorded as YCSB measurement
 * {@value #MEASUREMENT} ({@value #MEASUREMENT}-FAILED when the whole request failed), and its latency
 * from the intended start of the operation that flushed it (YCSB's {@code Intended-} measurement, which
 * an open-loop run with {@code -target} reads: queueing behind a slow service included).
 * Not thread-safe: YCSB gives each thread its own DB instance.
 */
public final class BatchWriter {
  public static final String MEASUREMENT = "BATCH_WRITE";
  /** Service limit per BatchWriteRow request, with room for the request's own framing. */
  static final long MAX_REQUEST_BYTES = 4L * 1024 * 1024 - 64 * 1024;
  private static final long BASE_BACKOFF_MS = 10;
  private static final long MAX_BACKOFF_MS = 1000;
  private static final Logger LOG = LoggerFactory.getLogger(BatchWriter.class);

  private final SyncClient client;
  private final RunStats stats;
  private final ErrorAccounting errors;
  private final int batchSize;
  private final int maxRetries;
  /** Whether the client resends requests that failed on their connection (a retry budget above 0). */
  private final boolean clientResendsConnectionFailures;
  /** With partition grouping, the partitions of a table; null when every row shares one buffer. */
  private final Function<String, PartitionMap> partitionMaps;
  /** The per-partition counters of a table, or null (none, or the table cannot be described). */
  private final Function<String, PartitionCounters> partitionCounters;
  /** One buffer per partition under partition grouping, else one (key 0); in partition order. */
  private final Map<Integer, Buffer> buffers = new TreeMap<>();
  private String pendingTable;
  private boolean loggedLostRows;
  /** The key of the insert that flushed the last full buffer, and what became of its row. */
  private String flushingKey;
  private RowFate flushingRowFate = RowFate.PENDING;

  /**
   * What became of a row that was sent: written, failed (refused), or failed on its connection (the
   * service may have written it); PENDING when not sent or not known.
   */
  public enum RowFate { PENDING, WRITTEN, FAILED, FAILED_ON_CONNECTION }

  /** Rows waiting for one BatchWriteRow request. */
  private static final class Buffer {
    /** Keyed by record key: a key inserted twice before a flush is written once, with the last values. */
    final Map<String, RowPutChange> rows = new LinkedHashMap<>();
    long bytes;
  }

  /** A writer whose batches take rows in the order they come, whatever partitions they fall in. */
  public BatchWriter(SyncClient client, RunStats stats, ErrorAccounting errors, int batchSize, int maxRetries) {
    this(client, stats, errors, batchSize, maxRetries, null);
  }

  /**
   * @param partitionMaps null, or the partitions of a table: each batch then holds rows of one
   *     partition only ({@code tablestore.batchgrouping=partition}), buffered per partition and sent when
   *     that partition's batch is full; {@link #flush} sends every partition's rest
   */
  public BatchWriter(SyncClient client, RunStats stats, ErrorAccounting errors, int batchSize, int maxRetries,
      Function<String, PartitionMap> partitionMaps) {
    this(client, stats, errors, batchSize, maxRetries, partitionMaps, table -> null, false);
  }

  /**
   * @param partitionCounters the per-partition counters of a table (null when there are none): each
   *     request counts on every partition its rows fall in, each row on its own
   * @param clientResendsConnectionFailures true when {@code client} itself resends a request that failed
   *     on its connection ({@code tablestore.retrybudget} above 0): such a failure then fails the rows;
   *     false: it is transient, and the rows are resent up to {@code maxRetries} times
   */
  public BatchWriter(SyncClient client, RunStats stats, ErrorAccounting errors, int batchSize, int maxRetries,
      Function<String, PartitionMap> partitionMaps, Function<String, PartitionCounters> partitionCounters,
      boolean clientResendsConnectionFailures) {
    this.clientResendsConnectionFailures = clientResendsConnectionFailures;
    this.partitionCounters = partitionCounters;
    this.client = client;
    this.stats = stats;
    this.errors = errors;
    this.batchSize = batchSize;
    this.maxRetries = maxRetries;
    this.partitionMaps = partitionMaps;
  }

  /** Buffers a row: {@link Status#BATCHED_OK} until its buffer fills, then the flush's status. */
  public Status add(String table, String key, RowPutChange row) {
    Status earlier = Status.OK;
    if (!table.equals(pendingTable) && pendingRows() > 0) {
      earlier = flush();
    }
    pendingTable = table;
    int partition;
    try {
      partition = partitionMaps == null ? 0 : partitionMaps.apply(table).partitionOf(key);
    } catch (RuntimeException e) {
      // The table's partitions are unknown (DescribeTable failed): the row is not written.
      return errors.requestFailed(Action.BatchWriteRow, table, e);
    }
    Buffer buffer = buffers.computeIfAbsent(partition, p -> new Buffer());
    long size = RowCodec.dataSize(row);
    if (!buffer.rows.isEmpty() && buffer.bytes + size > MAX_REQUEST_BYTES) {
      earlier = firstFailure(earlier, send(table, buffer, null));
    }
    RowPutChange replaced = buffer.rows.put(key, row);
    if (replaced != null) {
      buffer.bytes -= RowCodec.dataSize(replaced);
    }
    buffer.bytes += size;
    if (buffer.rows.size() < batchSize) {
      return earlier.isOk() ? Status.BATCHED_OK : earlier;
    }
    flushingKey = key;
    flushingRowFate = RowFate.WRITTEN; // unless lost() says otherwise
    return firstFailure(earlier, send(table, buffer, key));
  }

  /**
   * What became of the row of {@code key} when its insert flushed the last full buffer (PENDING for
   * any other key); forgets it. For an insert YCSB retries ({@code core_workload_insertion_retry_limit}):
   * the send its first try flushed may have failed for other rows while writing this one.
   */
  public RowFate takeFlushingRowFate(String key) {
    if (!key.equals(flushingKey)) {
      return RowFate.PENDING;
    }
    RowFate fate = flushingRowFate;
    flushingKey = null;
    flushingRowFate = RowFate.PENDING;
    return fate;
  }

  public int pendingRows() {
    return buffers.values().stream().mapToInt(b -> b.rows.size()).sum();
  }

  /**
   * Sends everything buffered (one request per partition under partition grouping); OK when every row
   * was written, else the status of a lost row.
   */
  public Status flush() {
    Status result = Status.OK;
    for (Buffer buffer : buffers.values()) {
      if (!buffer.rows.isEmpty()) {
        result = firstFailure(result, send(pendingTable, buffer, null));
      }
    }
    return result;
  }

  /** The first failure of two statuses, or OK. */
  private static Status firstFailure(Status first, Status second) {
    return first.isOk() ? second : first;
  }

  /**
   * Sends a buffer. {@code flushingKey}: the key of the insert that gets this send's status, or null
   * when every row's insert has already returned BATCHED_OK.
   */
  private Status send(String table, Buffer buffer, String flushingKey) {
    List<RowChange> rows = new ArrayList<>(buffer.rows.values());
    buffer.rows.clear();
    buffer.bytes = 0;
    return send(table, rows, flushingKey);
  }

  private Status send(String table, List<RowChange> rows, String flushingKey) {
    Status result = Status.OK;
    int attempt = 0;
    // When YCSB paces operations (-target) this is when the flushing operation should have started; in
    // a closed loop it is now.
    long intendedStart = Measurements.getMeasurements().getIntendedtartTimeNs();
    // Whether an attempt of these rows may have been applied unanswered (its connection failed): a row
    // refused later may be in the table all the same.
    boolean maybeApplied = false;
    while (!rows.isEmpty()) {
      BatchWriteRowRequest request = new BatchWriteRowRequest();
      rows.forEach(request::addRowChange);
      stats.request(Action.BatchWriteRow);
      PartitionCounters counters = partitionCounters.apply(table);
      int[] partitionOfRow = counters == null ? null : partitionsOf(counters, rows);
      long start = System.nanoTime();
      BatchWriteRowResponse response;
      try {
        response = client.batchWriteRow(request);
      } catch (RuntimeException e) {
        if (counters != null) {
          distinct(partitionOfRow).forEach(counters::failed);
        }
        record(MEASUREMENT + "-FAILED", start, intendedStart, null);
        Status status = errors.requestFailed(Action.BatchWriteRow, table, e);
        String code = e instanceof TableStoreException tse ? tse.getErrorCode() : null;
        maybeApplied |= stats.maybeApplied().take(e) || ConnectionRetry.isConnectionFailure(e);
        // A connection refused or reset, or a socket timeout, is retried too: the rows are full-row
        // puts, so sending them again is harmless even if the failed request was applied.
        // Unless the client already resent it for its retry budget.
        boolean resentByClient = clientResendsConnectionFailures && ConnectionRetry.isConnectionFailure(e);
        boolean transientFailure = code == null ? e instanceof ClientException && !resentByClient
            : StatusMapping.isRetriableRowError(code);
        if (attempt < maxRetries && transientFailure) {
          stats.batchRowsRetried(rows.size());
          backOff(attempt++);
          continue;
        }
        lost(table, rows, flushingKey, code == null ? e.toString() : code,
            resentByClient ? "the connection still failing after " + ClientConfig.RETRY_BUDGET : why(transientFailure),
            maybeApplied ? RowFate.FAILED_ON_CONNECTION : RowFate.FAILED);
        return status;
      }
      maybeApplied |= stats.maybeApplied().take(response.getTraceId());
      RowFate refused = maybeApplied ? RowFate.FAILED_ON_CONNECTION : RowFate.FAILED;
      List<RowChange> retry = new ArrayList<>();
      Status requestStatus = Status.OK;
      List<BatchWriteRowResponse.RowResult> succeeded = response.getSucceedRows();
      List<BatchWriteRowResponse.RowResult> failed = response.getFailedRows();
      if (counters != null) {
        long took = System.nanoTime() - start;
        distinct(partitionOfRow).forEach(p -> counters.answered(p, took));
      }
      countWritten(succeeded, counters, partitionOfRow);
      List<RowChange> unanswered = unanswered(rows, succeeded, failed);
      if (!unanswered.isEmpty()) {
        // A response must carry one result per row; count any row it left out as lost, not as written.
        Status missing = errors.rowFailed(Action.BatchWriteRow, table, "MissingRowResult",
            unanswered.size() + " row(s) had no result in the response", response.getRequestId());
        lost(table, unanswered, flushingKey, "MissingRowResult", why(false), refused);
        requestStatus = missing;
        result = missing;
      }
      for (BatchWriteRowResponse.RowResult row : failed) {
        String code = row.getError() == null ? null : row.getError().getCode();
        String message = row.getError() == null ? "" : row.getError().getMessage();
        Status rowStatus = errors.rowFailed(Action.BatchWriteRow, table, code, message, response.getRequestId());
        if (counters != null && row.getIndex() >= 0 && row.getIndex() < partitionOfRow.length) {
          counters.rowFailed(partitionOfRow[row.getIndex()]);
        }
        requestStatus = rowStatus;
        if (attempt < maxRetries && StatusMapping.isRetriableRowError(code)) {
          retry.add(request.getRowChange(row.getTableName(), row.getIndex()));
        } else {
          lost(table, List.of(request.getRowChange(row.getTableName(), row.getIndex())), flushingKey, code,
              why(StatusMapping.isRetriableRowError(code)), refused);
          result = rowStatus;
        }
      }
      record(MEASUREMENT, start, intendedStart, requestStatus);
      rows = retry;
      if (!rows.isEmpty()) {
        stats.batchRowsRetried(rows.size());
        backOff(attempt++);
      }
    }
    return result;
  }

  /**
   * Counts a response's written rows and their capacity units: one addition per figure and request
   * (per run of rows in one partition for the partition counters) rather than one per row, which
   * 16 threads writing 200-row batches would all make to the same counters.
   */
  private void countWritten(List<BatchWriteRowResponse.RowResult> succeeded, PartitionCounters counters,
      int[] partitionOfRow) {
    stats.rowsWritten(succeeded.size());
    long readCu = 0;
    long writeCu = 0;
    boolean readSet = false;
    boolean writeSet = false;
    PartitionRuns runs = counters == null ? null : new PartitionRuns(counters::rowsWritten);
    for (BatchWriteRowResponse.RowResult row : succeeded) {
      ConsumedCapacity consumed = row.getConsumedCapacity();
      CapacityUnit cu = consumed == null ? null : consumed.getCapacityUnit();
      if (cu != null && cu.hasSetReadCapacityUnit()) {
        readCu += cu.getReadCapacityUnit();
        readSet = true;
      }
      if (cu != null && cu.hasSetWriteCapacityUnit()) {
        writeCu += cu.getWriteCapacityUnit();
        writeSet = true;
      }
      if (runs != null && row.getIndex() >= 0 && row.getIndex() < partitionOfRow.length) {
        runs.row(partitionOfRow[row.getIndex()]);
      }
    }
    if (runs != null) {
      runs.flush();
    }
    if (readSet || writeSet) {
      CapacityUnit total = new CapacityUnit();
      if (readSet) {
        total.setReadCapacityUnit(Math.toIntExact(readCu));
      }
      if (writeSet) {
        total.setWriteCapacityUnit(Math.toIntExact(writeCu));
      }
      stats.consumed(new ConsumedCapacity(total));
    }
  }

  /** The partition of each row of a request, by the row's index in it. */
  private static int[] partitionsOf(PartitionCounters counters, List<RowChange> rows) {
    int[] out = new int[rows.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = counters.partitionOf(rows.get(i).getPrimaryKey().getPrimaryKeyColumn(0).getValue().asString());
    }
    return out;
  }

  private static java.util.stream.IntStream distinct(int[] partitions) {
    return java.util.Arrays.stream(partitions).distinct();
  }

  /** The rows of {@code rows} that a response gave no result for, by index. */
  private static List<RowChange> unanswered(List<RowChange> rows, List<BatchWriteRowResponse.RowResult> succeeded,
      List<BatchWriteRowResponse.RowResult> failed) {
    if (succeeded.size() + failed.size() >= rows.size()) {
      return List.of();
    }
    boolean[] answered = new boolean[rows.size()];
    for (List<BatchWriteRowResponse.RowResult> results : List.of(succeeded, failed)) {
      for (BatchWriteRowResponse.RowResult r : results) {
        if (r.getIndex() >= 0 && r.getIndex() < answered.length) {
          answered[r.getIndex()] = true;
        }
      }
    }
    List<RowChange> out = new ArrayList<>();
    for (int i = 0; i < answered.length; i++) {
      if (!answered[i]) {
        out.add(rows.get(i));
      }
    }
    return out;
  }

  private static String keyOf(RowChange row) {
    return row.getPrimaryKey().getPrimaryKeyColumn(0).getValue().asString();
  }

  /**
   * Counts rows not written: all in Batch.RowsFailed and Rows.Failed, and those other than the
   * flushing insert's own row in Rows.FailedAfterBatchedOk (their inserts returned BATCHED_OK).
   */
  private String why(boolean transientFailure) {
    return transientFailure ? "still failing after " + ClientConfig.BATCH_RETRIES + "=" + maxRetries + " retries"
        : "not a transient error";
  }

  private void lost(String table, List<RowChange> rows, String flushingKey, String cause, String why, RowFate fate) {
    int count = rows.size();
    long afterBatchedOk = rows.stream().filter(r -> flushingKey == null || !flushingKey.equals(keyOf(r))).count();
    if (afterBatchedOk < count) {
      flushingRowFate = fate;
    }
    stats.batchRowsFailed(count);
    stats.rowsFailed(count);
    stats.rowsFailedAfterBatchedOk(afterBatchedOk);
    if (fate == RowFate.FAILED_ON_CONNECTION) {
      stats.rowsFailedOnConnection(count);
    }
    if (!loggedLostRows) {
      loggedLostRows = true;
      LOG.warn("{} row(s) of a BatchWriteRow to '{}' could not be written ({}: {}); such rows are"
          + " counted in [TABLESTORE], Batch.RowsFailed and fail the insert that flushed them",
          count, table, cause, why);
    }
  }

  private static void record(String name, long startNanos, long intendedStartNanos, Status status) {
    long end = System.nanoTime();
    int micros = (int) TimeUnit.NANOSECONDS.toMicros(end - startNanos);
    Measurements m = Measurements.getMeasurements();
    m.measure(name, micros);
    m.measureIntended(name, (int) TimeUnit.NANOSECONDS.toMicros(end - Math.min(intendedStartNanos, startNanos)));
    if (status != null) {
      m.reportStatus(name, status);
    }
  }

  private static void backOff(int attempt) {
    long ceiling = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS << Math.min(attempt, 20));
    long pause = ceiling / 2 + ThreadLocalRandom.current().nextLong(ceiling / 2 + 1);
    try {
      Thread.sleep(pause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
