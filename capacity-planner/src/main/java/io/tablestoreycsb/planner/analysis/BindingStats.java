package io.tablestoreycsb.planner.analysis;

import io.tablestoreycsb.binding.stats.StatsFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * What the analysis takes from the binding's {@code tablestore.statsfile} ({@link StatsFile}): rows,
 * consumed capacity units, rows failed, and what it did on each partition of each table, its latencies
 * decoded into histograms.
 *
 * @param rowsRead rows returned by reads
 * @param rowsWritten rows written
 * @param readCu read capacity units the service reported as consumed
 * @param writeCu write capacity units consumed
 * @param rowsFailed rows of batch writes that failed for good
 * @param partitions per table, its partitions' figures (empty from a binding that did not count them)
 * @param errors errors by the service's code ("OTSServerBusy") or the binding's ("ClientException")
 */
public record BindingStats(long rowsRead, long rowsWritten, double readCu, double writeCu, long rowsFailed,
    Map<String, List<Partition>> partitions, Map<String, Long> errors) {

  /** Stats without per-partition figures. */
  public BindingStats(long rowsRead, long rowsWritten, double readCu, double writeCu, long rowsFailed) {
    this(rowsRead, rowsWritten, readCu, writeCu, rowsFailed, Map.of(), Map.of());
  }

  /** Stats without error counts. */
  public BindingStats(long rowsRead, long rowsWritten, double readCu, double writeCu, long rowsFailed,
      Map<String, List<Partition>> partitions) {
    this(rowsRead, rowsWritten, readCu, writeCu, rowsFailed, partitions, Map.of());
  }

  /** The errors with one of {@code codes}. */
  public long errorsOf(java.util.Set<String> codes) {
    return errors.entrySet().stream().filter(e -> codes.contains(e.getKey())).mapToLong(Map.Entry::getValue).sum();
  }

  /**
   * One partition of a table, over the runner's whole run.
   *
   * @param start its first key ("" for the first partition)
   * @param latencyUs its requests' latencies, microseconds
   */
  public record Partition(String start, long requests, long rowsRead, long rowsWritten, long errors,
      Histogram latencyUs) {
    public long rows() {
      return rowsRead + rowsWritten;
    }
  }

  /** The figures of the binding's stats file, or empty when there is none (the DB was not the binding). */
  public static Optional<BindingStats> read(Path file) throws IOException {
    Optional<StatsFile> stats = StatsFile.read(file);
    return stats.isEmpty() ? Optional.empty() : Optional.of(of(file, stats.get()));
  }

  private static BindingStats of(Path file, StatsFile f) throws IOException {
    Map<String, List<Partition>> partitions = new LinkedHashMap<>();
    if (f.partitions() != null) {
      for (Map.Entry<String, StatsFile.TablePartitions> table : f.partitions().entrySet()) {
        partitions.put(table.getKey(), partitions(file, table.getKey(), table.getValue()));
      }
    }
    StatsFile.Rows rows = f.rows() == null ? new StatsFile.Rows(0, 0, 0, 0, 0, 0) : f.rows();
    StatsFile.CapacityUnits cu = f.capacityUnits() == null ? new StatsFile.CapacityUnits(0, 0) : f.capacityUnits();
    return new BindingStats(rows.read(), rows.written(), cu.read(), cu.write(),
        f.batch() == null ? 0 : f.batch().rowsFailed(), partitions,
        f.errors() == null ? Map.of() : Map.copyOf(f.errors()));
  }

  private static List<Partition> partitions(Path file, String table, StatsFile.TablePartitions t) throws IOException {
    int n = size(t.start());
    Map<String, List<?>> columns = new LinkedHashMap<>();
    columns.put("requests", t.requests());
    columns.put("rowsRead", t.rowsRead());
    columns.put("rowsWritten", t.rowsWritten());
    columns.put("errors", t.errors());
    columns.put("latencyUs", t.latencyUs());
    for (Map.Entry<String, List<?>> column : columns.entrySet()) {
      if (size(column.getValue()) != n) {
        throw new IOException(file + ": partitions of table '" + table + "': '" + column.getKey() + "' has "
            + size(column.getValue()) + " entries for " + n + " partitions");
      }
    }
    List<Partition> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      Histogram latency;
      try {
        latency = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(
            t.latencyUs().get(i))), 0);
      } catch (DataFormatException | IllegalArgumentException e) {
        throw new IOException(file + ": partition " + i + " of table '" + table + "': latencyUs is not an "
            + "encoded HdrHistogram: " + e.getMessage(), e);
      }
      out.add(new Partition(t.start().get(i), t.requests().get(i), t.rowsRead().get(i), t.rowsWritten().get(i),
          t.errors().get(i), latency));
    }
    return List.copyOf(out);
  }

  private static int size(List<?> column) {
    return column == null ? 0 : column.size();
  }
}
