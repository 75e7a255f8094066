package io.tablestoreycsb.planner.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The binding's {@code tablestore.statsfile} JSON: requests, rows, consumed capacity units, errors.
 *
 * @param rowsRead rows returned by reads
 * @param rowsWritten rows written
 * @param readCu read capacity units the service reported as consumed
 * @param writeCu write capacity units consumed
 * @param rowsFailed rows of batch writes that failed for good
 */
public record BindingStats(long rowsRead, long rowsWritten, double readCu, double writeCu, long rowsFailed) {
  private static final ObjectMapper JSON = new ObjectMapper();

  public static Optional<BindingStats> read(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    JsonNode root = JSON.readTree(file.toFile());
    return Optional.of(new BindingStats(
        root.path("rows").path("read").asLong(),
        root.path("rows").path("written").asLong(),
        root.path("capacityUnits").path("read").asDouble(),
        root.path("capacityUnits").path("write").asDouble(),
        root.path("batch").path("rowsFailed").asLong()));
  }
}
