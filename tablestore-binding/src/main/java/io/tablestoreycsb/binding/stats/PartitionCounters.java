package io.tablestoreycsb.binding.stats;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * What the binding did on each partition of one table: requests, rows read, rows written, errors and
 * the requests' latency (an HdrHistogram per partition, microseconds), so that a hot partition shows.
 * Thread-safe without locks.
 *
 * <p>How requests are attributed: a single-row request (GetRow, PutRow, UpdateRow, DeleteRow) to its
 * key's partition; a GetRange page to the partition of its start key, its rows each to their own; a
 * BatchWriteRow to every partition its rows fall in (its latency is recorded in each), its rows each
 * to their own. An error counts once on each partition of the failed request, or on a failed row's.
 */
public final class PartitionCounters {
  /** Latencies above an hour are clamped: a request that slow says enough. */
  private static final long MAX_LATENCY_US = 3_600_000_000L;

  private final PartitionMap map;
  private final LongAdder[] requests;
  private final LongAdder[] rowsRead;
  private final LongAdder[] rowsWritten;
  private final LongAdder[] errors;
  private final ConcurrentHistogram[] latencyUs;

  PartitionCounters(PartitionMap map) {
    this.map = map;
    int n = map.partitions();
    requests = adders(n);
    rowsRead = adders(n);
    rowsWritten = adders(n);
    errors = adders(n);
    latencyUs = new ConcurrentHistogram[n];
    for (int i = 0; i < n; i++) {
      latencyUs[i] = new ConcurrentHistogram(3);
    }
  }

  private static LongAdder[] adders(int n) {
    LongAdder[] a = new LongAdder[n];
    for (int i = 0; i < n; i++) {
      a[i] = new LongAdder();
    }
    return a;
  }

  /** The partition holding {@code key}. */
  public int partitionOf(String key) {
    return map.partitionOf(key);
  }

  /** A request on {@code partition} that answered after {@code nanos}. */
  public void answered(int partition, long nanos) {
    requests[partition].increment();
    latencyUs[partition].recordValue(Math.min(MAX_LATENCY_US, Math.max(0, nanos / 1000)));
  }

  /** A request on {@code partition} that failed (not in the latency histogram). */
  public void failed(int partition) {
    requests[partition].increment();
    errors[partition].increment();
  }

  /** A row that failed inside a request already counted. */
  public void rowFailed(int partition) {
    errors[partition].increment();
  }

  public void rowsRead(int partition, long n) {
    rowsRead[partition].add(n);
  }

  public void rowsWritten(int partition, long n) {
    rowsWritten[partition].add(n);
  }

  Snapshot snapshot() {
    int n = requests.length;
    List<Partition> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(new Partition(i == 0 ? "" : map.splitPoints().get(i - 1), requests[i].sum(), rowsRead[i].sum(),
          rowsWritten[i].sum(), errors[i].sum(), latencyUs[i].copy()));
    }
    return new Snapshot(out);
  }

  /**
   * One partition's figures.
   *
   * @param start the partition's first key ("" for the first partition)
   * @param latencyUs request latencies, microseconds
   */
  public record Partition(String start, long requests, long rowsRead, long rowsWritten, long errors,
                          Histogram latencyUs) {
    /** The latency histogram as HdrHistogram's compressed encoding in base64 (what its log format holds). */
    public String latencyBase64() {
      ByteBuffer buffer = ByteBuffer.allocate(latencyUs.getNeededByteBufferCapacity());
      int length = latencyUs.encodeIntoCompressedByteBuffer(buffer);
      byte[] bytes = new byte[length];
      buffer.flip();
      buffer.get(bytes);
      return Base64.getEncoder().encodeToString(bytes);
    }
  }

  /** The partitions of one table, in key order. */
  public record Snapshot(List<Partition> partitions) {}
}
