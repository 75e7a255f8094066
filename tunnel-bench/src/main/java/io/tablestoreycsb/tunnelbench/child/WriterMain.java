package io.tablestoreycsb.tunnelbench.child;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.BatchWriteRowResponse;
import com.alicloud.openservices.tablestore.model.RowChange;
import io.tablestoreycsb.tunnelbench.rows.TunnelRow;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The white paper's stress tool: writer threads loading the table with BatchWriteRow, at a set total
 * rate or as fast as the service answers, for a set time (or until the stop file). Batch b holds rows
 * {@code b x batchRows ..}, and thread t sends batches t, t + threads, t + 2 x threads..., so every row
 * number says which batch carried it. At the end it leaves the set of rows written and the time each
 * batch was acknowledged, which the consumers need for the lag.
 */
@Command(name = "tunnel-bench-writer", mixinStandardHelpOptions = true,
    description = "The BatchWriteRow writer process of bin/tunnel-bench (started by it).")
public final class WriterMain implements Callable<Integer> {
  /** Rows a batch failed on are sent again this often (throttling) before they are given up. */
  static final int ROW_RETRIES = 10;
  /** A thread that has failed this many whole requests in a row stops: the endpoint is not answering. */
  static final int MAX_CONSECUTIVE_ERRORS = 20;

  @Option(names = "--threads", required = true)
  int threads;

  @Option(names = "--rows-per-second", defaultValue = "0", description = "Total target rate; 0 = as fast as possible.")
  double rowsPerSecond;

  @Option(names = "--duration-ms", required = true)
  long durationMs;

  @Option(names = "--max-rows", defaultValue = "0", description = "Stop after about this many rows; 0 = no limit.")
  long maxRows;

  @Option(names = "--batch-rows", required = true)
  int batchRows;

  @Option(names = "--row-bytes", required = true)
  int rowBytes;

  private final AtomicLong rowsWritten = new AtomicLong();
  private final AtomicLong batches = new AtomicLong();
  private final AtomicLong rowsFailed = new AtomicLong();
  private final AtomicLong errors = new AtomicLong();
  private final AtomicReference<String> firstError = new AtomicReference<>();
  private final AtomicLong lastAckMs = new AtomicLong();

  @Mixin
  ChildOptions child = new ChildOptions();

  public static void main(String[] args) {
    System.exit(new CommandLine(new WriterMain()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    if (threads < 1 || batchRows < 1 || batchRows > 200) {
      throw new IllegalArgumentException("--threads must be at least 1 and --batch-rows from 1 to 200 (BatchWriteRow's"
          + " limit)");
    }
    Endpoint endpoint = child.start("writer");
    TunnelRow shape = new TunnelRow(rowBytes);
    SyncClient client = endpoint.tableClient(Math.min(threads, 4));
    WriterThread[] workers = new WriterThread[threads];
    long firstSendMs;
    try (SampleLog samples = SampleLog.start(child.file(ChildFiles.SAMPLES), rowsWritten::get)) {
      warmUp(client);
      child.awaitStart();
      samples.sampleNow();
      firstSendMs = System.currentTimeMillis();
      long endNanos = System.nanoTime() + durationMs * 1_000_000;
      for (int t = 0; t < threads; t++) {
        workers[t] = new WriterThread(t, client, shape, endNanos);
        workers[t].start();
      }
      for (WriterThread w : workers) {
        w.join();
      }
      samples.sampleNow();
    } finally {
      client.shutdown();
    }
    BitSet written = new BitSet();
    long maxBatch = -1;
    for (WriterThread w : workers) {
      written.or(w.written);
      maxBatch = Math.max(maxBatch, w.lastBatch);
    }
    long[] acks = new long[(int) (maxBatch + 1)];
    for (WriterThread w : workers) {
      for (int i = 0; i < w.ackCount; i++) {
        acks[(int) (w.acks[2 * i])] = w.acks[2 * i + 1];
      }
    }
    RowSets.writeBits(child.file(ChildFiles.WRITTEN), written);
    Json.write(child.file(ChildFiles.WRITER_RESULT), new WriterResult(rowsWritten.get(), batches.get(),
        rowsFailed.get(), errors.get(), firstError.get(), firstSendMs, lastAckMs.get()));
    // Last: consumers wait for this file, and the coordinator takes it as the writer's end.
    RowSets.writeAcks(child.file(ChildFiles.ACKS), acks);
    return errors.get() > 0 && rowsWritten.get() == 0 ? 1 : 0;
  }

  /**
   * One request before the start gate: the first request of a JVM loads and links the SDK's request
   * path and opens a connection, seconds on a busy machine, which would otherwise count as writing.
   */
  private void warmUp(SyncClient client) {
    try {
      client.describeTable(new com.alicloud.openservices.tablestore.model.DescribeTableRequest(child.table));
    } catch (RuntimeException e) {
      System.err.println("writer: the warm-up DescribeTable failed (the run will say more): " + e);
    }
  }

  private boolean stopRequested() {
    return child.stopRequested();
  }

  /** One writer thread: its batches, paced to its share of the rate. */
  private final class WriterThread extends Thread {
    private final int index;
    private final SyncClient client;
    private final TunnelRow shape;
    private final long endNanos;
    final BitSet written = new BitSet();
    /** Pairs of (batch, acknowledgement epoch micros). */
    long[] acks = new long[2048];
    int ackCount;
    long lastBatch = -1;

    WriterThread(int index, SyncClient client, TunnelRow shape, long endNanos) {
      super("writer-" + index);
      this.index = index;
      this.client = client;
      this.shape = shape;
      this.endNanos = endNanos;
    }

    @Override
    public void run() {
      double batchesPerSecond = rowsPerSecond > 0 ? rowsPerSecond / batchRows / threads : 0;
      long startNanos = System.nanoTime();
      int consecutiveErrors = 0;
      for (long local = 0; ; local++) {
        if (batchesPerSecond > 0) {
          long due = startNanos + (long) (local / batchesPerSecond * 1e9);
          long wait = due - System.nanoTime();
          if (wait > 0) {
            sleepNanos(wait);
          }
        }
        if (System.nanoTime() >= endNanos || (maxRows > 0 && rowsWritten.get() >= maxRows)
            || (local % 16 == 0 && stopRequested())) {
          return;
        }
        long batch = local * threads + index;
        try {
          writeBatch(batch);
          consecutiveErrors = 0;
        } catch (RuntimeException e) {
          errors.incrementAndGet();
          firstError.compareAndSet(null, e.toString());
          if (++consecutiveErrors >= MAX_CONSECUTIVE_ERRORS) {
            System.err.println("writer-" + index + ": stopping after " + consecutiveErrors + " failed requests in a"
                + " row; first error: " + firstError.get());
            return;
          }
        }
      }
    }

    private void writeBatch(long batch) {
      long sent = EpochMicros.now();
      BatchWriteRowRequest request = new BatchWriteRowRequest();
      long first = batch * batchRows;
      for (int i = 0; i < batchRows; i++) {
        request.addRowChange(shape.put(child.table, index, batch, first + i, sent));
      }
      List<Long> done = new ArrayList<>(batchRows);
      for (int attempt = 0; ; attempt++) {
        BatchWriteRowResponse response = client.batchWriteRow(request);
        for (BatchWriteRowResponse.RowResult r : response.getSucceedRows()) {
          RowChange change = request.getRowChange(child.table, r.getIndex());
          done.add(change.getPrimaryKey().getPrimaryKeyColumn(TunnelRow.ROW).getValue().asLong());
        }
        if (response.isAllSucceed()) {
          break;
        }
        if (attempt == ROW_RETRIES) {
          rowsFailed.addAndGet(response.getFailedRows().size());
          firstError.compareAndSet(null, response.getFailedRows().get(0).getError().toString());
          break;
        }
        request = request.createRequestForRetry(response.getFailedRows());
        sleepNanos(Math.min(1000, 10L << attempt) * 1_000_000);
      }
      long ack = EpochMicros.now();
      for (long row : done) {
        written.set((int) row);
      }
      if (ackCount * 2 == acks.length) {
        acks = java.util.Arrays.copyOf(acks, acks.length * 2);
      }
      acks[2 * ackCount] = batch;
      acks[2 * ackCount + 1] = ack;
      ackCount++;
      lastBatch = Math.max(lastBatch, batch);
      batches.incrementAndGet();
      rowsWritten.addAndGet(done.size());
      lastAckMs.accumulateAndGet(ack / 1000, Math::max);
    }
  }

  private static void sleepNanos(long nanos) {
    try {
      Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
