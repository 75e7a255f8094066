package io.tablestoreycsb.planner.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * The binding's {@code tablestore.statsfile} JSON: requests, rows, consumed capacity units, errors, and
 * what it did on each partition of each table.
 *
 * @param rowsRead rows returned by reads
 * @param rowsWritten rows written
 * @param readCu read capacity units the service reported as consumed
 * @param writeCu write capacity units consumed
 * @param rowsFailed rows of batch writes that failed for good
 * @param partitions per table, its partitions' figures (empty from a binding that did not count them)
 */
public record BindingStats(long rowsRead, long rowsWritten, double readCu, double writeCu, long rowsFailed,
    Map<String, List<Partition>> partitions) {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Stats without per-partition figures. */
  public BindingStats(long rowsRead, long rowsWritten, double readCu, double writeCu, long rowsFailed) {
    this(rowsRead, rowsWritten, readCu, writeCu, rowsFailed, Map.of());
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

  public static Optional<BindingStats> read(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    JsonNode root = JSON.readTree(file.toFile());
    Map<String, List<Partition>> partitions = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = root.path("partitions").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> table = it.next();
      partitions.put(table.getKey(), partitions(file, table.getKey(), table.getValue()));
    }
    return Optional.of(new BindingStats(
        root.path("rows").path("read").asLong(),
        root.path("rows").path("written").asLong(),
        root.path("capacityUnits").path("read").asDouble(),
        root.path("capacityUnits").path("write").asDouble(),
        root.path("batch").path("rowsFailed").asLong(),
        partitions));
  }

  private static List<Partition> partitions(Path file, String table, JsonNode t) throws IOException {
    int n = t.path("start").size();
    for (String field : List.of("requests", "rowsRead", "rowsWritten", "errors", "latencyUs")) {
      if (t.path(field).size() != n) {
        throw new IOException(file + ": partitions of table '" + table + "': '" + field + "' has "
            + t.path(field).size() + " entries for " + n + " partitions");
      }
    }
    List<Partition> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      Histogram latency;
      try {
        latency = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(
            t.path("latencyUs").get(i).asText())), 0);
      } catch (DataFormatException | IllegalArgumentException e) {
        throw new IOException(file + ": partition " + i + " of table '" + table + "': latencyUs is not an "
            + "encoded HdrHistogram: " + e.getMessage(), e);
      }
      out.add(new Partition(t.path("start").get(i).asText(), t.path("requests").get(i).asLong(),
          t.path("rowsRead").get(i).asLong(), t.path("rowsWritten").get(i).asLong(), t.path("errors").get(i).asLong(),
          latency));
    }
    return List.copyOf(out);
  }
}
