package io.tablestoreycsb.planner.runner;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The self-describing {@code runner.json} the executor writes next to each runner's result set once it ended, so
 * that {@code report} can merge directories produced anywhere (several machines, several runs) without the
 * matrix file. Made from the runner's spec ({@link #of}); the file holds its parts' fields side by side, one
 * flat JSON object.
 *
 * @param cell the cell the runner belongs to
 * @param shape how the cell's runners run it
 * @param plan plan name
 * @param runnerIndex index of this runner in the cell (0-based)
 * @param rowBytes approximate bytes of one row (key + fieldcount x fieldlength)
 * @param slice the runner's key slice
 * @param host the host it ran on
 * @param times when it started, was ready, was released and ended
 * @param use what its process used
 * @param exitCode process exit code
 * @param error the runner's failure, or null
 * @param warmUp its warm-up before the cell's gate ({@link WarmUp#NONE} when it reported none)
 */
public record RunnerRecord(CellKey cell, CellShape shape, String plan, int runnerIndex, int rowBytes, KeySlice slice,
    RunnerHost host, RunnerTimes times, ProcessUse use, int exitCode, String error, WarmUp warmUp) {

  public RunnerRecord {
    warmUp = warmUp == null ? WarmUp.NONE : warmUp;
  }

  /** A record without a warm-up reported. */
  public RunnerRecord(CellKey cell, CellShape shape, String plan, int runnerIndex, int rowBytes, KeySlice slice,
      RunnerHost host, RunnerTimes times, ProcessUse use, int exitCode, String error) {
    this(cell, shape, plan, runnerIndex, rowBytes, slice, host, times, use, exitCode, error, WarmUp.NONE);
  }

  public static final String FILE_NAME = "runner.json";
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  /** The record of the runner {@code spec} made, once it ended. */
  public static RunnerRecord of(RunnerSpec spec, RunnerHost host, RunnerTimes times, ProcessUse use, int exitCode,
      String error) {
    return of(spec, host, times, use, exitCode, error, WarmUp.NONE);
  }

  /** The record of the runner {@code spec} made, once it ended, with the warm-up it reported. */
  public static RunnerRecord of(RunnerSpec spec, RunnerHost host, RunnerTimes times, ProcessUse use, int exitCode,
      String error, WarmUp warmUp) {
    return new RunnerRecord(spec.key(), spec.shape(), spec.plan(), spec.runnerIndex(), spec.rowBytes(), spec.slice(),
        host, times, use, exitCode, error, warmUp);
  }

  /** The record of a runner that left no result set: it failed with {@code error} on {@code host}. */
  public static RunnerRecord failed(RunnerSpec spec, String host, String error) {
    return of(spec, new RunnerHost(host, 0), RunnerTimes.NONE, ProcessUse.NONE, -1, error);
  }

  /** The flat object of runner.json: every part's fields side by side. */
  @JsonValue
  ObjectNode json() {
    ObjectNode json = JSON.createObjectNode();
    json.setAll((ObjectNode) JSON.valueToTree(cell));
    json.setAll((ObjectNode) JSON.valueToTree(shape));
    json.put("plan", plan);
    json.put("runnerIndex", runnerIndex);
    json.put("rowBytes", rowBytes);
    for (Record part : List.of(slice, host, times, use)) {
      json.setAll((ObjectNode) JSON.valueToTree(part));
    }
    if (!warmUp.equals(WarmUp.NONE)) {
      // a runner.json of a runner that reported no warm-up is written back as it was read
      json.setAll((ObjectNode) JSON.valueToTree(warmUp));
    }
    json.put("exitCode", exitCode);
    json.put("error", error);
    return json;
  }

  @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
  static RunnerRecord fromJson(ObjectNode json) throws IOException {
    CellKey key = JSON.treeToValue(json, CellKey.class);
    return new RunnerRecord(key.sweep() == null ? new CellKey(key.instanceType(), key.caseName(), key.partitions(),
        key.threads(), "") : key, JSON.treeToValue(json, CellShape.class), json.path("plan").asText(null),
        json.path("runnerIndex").asInt(), json.path("rowBytes").asInt(), JSON.treeToValue(json, KeySlice.class),
        JSON.treeToValue(json, RunnerHost.class), JSON.treeToValue(json, RunnerTimes.class),
        JSON.treeToValue(json, ProcessUse.class), json.path("exitCode").asInt(),
        json.path("error").isNull() ? null : json.path("error").asText(null),
        json.has("warmUpOutcome") ? JSON.treeToValue(json, WarmUp.class) : WarmUp.NONE);
  }

  public void write(Path dir) throws IOException {
    JSON.writeValue(dir.resolve(FILE_NAME).toFile(), this);
  }

  public static RunnerRecord read(Path file) throws IOException {
    return JSON.readValue(file.toFile(), RunnerRecord.class);
  }
}
