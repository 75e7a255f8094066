package io.tablestoreycsb.binding.stats;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The binding's {@code tablestore.statsfile}: what one YCSB JVM's binding did, as JSON. The binding
 * writes it ({@link RunStats.Snapshot#toStatsFile}) and the capacity planner reads it; both through
 * this record and Jackson, so the field names are one contract in one place. A reader ignores fields
 * it does not know (a newer binding's) and reads an absent object as null.
 *
 * @param requests requests per action ({@link Action} names), every action listed
 * @param rows rows read, written, failed for good and attempted
 * @param reads reads that found no row
 * @param capacityUnits capacity units the service reported as consumed
 * @param errors errors by code
 * @param batch batch rows retried and failed for good
 * @param sdkRetries retries the SDK made inside a call, by the code that caused them
 * @param partitions per table, what it did on each partition
 * @param outcome what the run achieved against what it was asked; null before the run ended
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StatsFile(Map<String, Long> requests, Rows rows, Reads reads, CapacityUnits capacityUnits,
    Map<String, Long> errors, Batch batch, Map<String, Long> sdkRetries, Map<String, TablePartitions> partitions,
    Outcome outcome) {

  private static final ObjectMapper JSON = new ObjectMapper()
      .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
  /** Indented, {@code "name": value} as people write JSON (and grep it). */
  private static final DefaultPrettyPrinter LAYOUT = new DefaultPrettyPrinter().withSeparators(
      Separators.createDefaultInstance().withObjectFieldValueSpacing(Separators.Spacing.AFTER));

  /**
   * @param failedAfterBatchedOk failed rows YCSB had been told were done (BATCHED_OK)
   * @param failedOnConnection failed rows whose request failed on its connection (the service may hold them)
   * @param attempted rows handed to {@code insert}
   */
  public record Rows(long read, long written, long failed, long failedAfterBatchedOk, long failedOnConnection,
      long attempted) {}

  public record Reads(long notFound) {}

  public record CapacityUnits(long read, long write) {}

  public record Batch(long rowsRetried, long rowsFailed) {}

  /**
   * One table's partitions as arrays in partition order.
   *
   * @param start each partition's first key ("" for the first)
   * @param latencyUs each partition's request latencies as an HdrHistogram, compressed and
   *     base64-encoded (as in HdrHistogram's log format), so that runners' histograms can be merged
   */
  public record TablePartitions(List<String> start, List<Long> requests, List<Long> rowsRead,
      List<Long> rowsWritten, List<Long> errors, List<String> latencyUs) {}

  /** {@link RunOutcome}'s figures and verdicts; {@code phase} is "load" or "run". */
  public record Outcome(String phase, long loadRows, long rowsNotAttempted, long threadsStoppedAtFailedInsert,
      boolean maxExecutionTimeReached, boolean rowsLost, boolean loadIncomplete, boolean mostReadsMissed,
      int exitStatus) {}

  public String toJson() {
    try {
      return JSON.writer(LAYOUT).writeValueAsString(this) + "\n";
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Writes atomically: a reader never sees half a file. */
  public void write(Path file) throws IOException {
    Path abs = file.toAbsolutePath();
    if (abs.getParent() != null) {
      Files.createDirectories(abs.getParent());
    }
    Path tmp = abs.resolveSibling(abs.getFileName() + ".tmp");
    Files.writeString(tmp, toJson(), StandardCharsets.UTF_8);
    Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /** The file's record, or empty when there is no file (the DB was not the binding, or it never ended). */
  public static Optional<StatsFile> read(Path file) throws IOException {
    return Files.isRegularFile(file) ? Optional.of(JSON.readValue(file.toFile(), StatsFile.class)) : Optional.empty();
  }

  public static StatsFile parse(String json) throws IOException {
    return JSON.readValue(json, StatsFile.class);
  }
}
