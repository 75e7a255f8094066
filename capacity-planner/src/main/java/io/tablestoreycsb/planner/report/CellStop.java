package io.tablestoreycsb.planner.report;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Why a cell ended, written by the executor into each of the cell's runner directories
 * ({@value #FILE_NAME}, so that it travels with a runner directory copied elsewhere):
 * its stop rule, whether it ended early because its rate was steady, and from when the rate was steady
 * (the warm-up before that instant is left out of the cell's figures).
 *
 * @param rule "fixed" or the steady rule, e.g. "steady (at least 300s, within 5%)"
 * @param stoppedEarly whether it ended before its duration
 * @param reason for people: "steady after 2m10s: steady at 2,310 requests/s ...", "ran its 60s"
 * @param steadyFromEpochMs start of the steady window, or 0 when the rate was never judged steady
 * @param search what a saturation search ({@code threads = auto}) made of the cell: its knee, or where it
 *     stopped; "" otherwise
 */
public record CellStop(String rule, boolean stoppedEarly, String reason, long steadyFromEpochMs, String search) {

  /** The beginning of the note on the knee of a saturation search. */
  public static final String KNEE = "knee";
  /** In the reason of a steady-stopping cell that ran to its cap while its rate was judged not steady. */
  public static final String NOT_STEADY_AT_CAP = "before its rate was steady";

  public CellStop(String rule, boolean stoppedEarly, String reason, long steadyFromEpochMs) {
    this(rule, stoppedEarly, reason, steadyFromEpochMs, "");
  }

  /** The same record with a saturation search's note. */
  public CellStop withSearch(String note) {
    return new CellStop(rule, stoppedEarly, reason, steadyFromEpochMs, note);
  }

  /**
   * Whether the cell's rate was judged and found not steady (noisy or drifting) until its cap: its rows/s
   * are one reading of a moving figure, no evidence of where the rate levels off.
   */
  public boolean reachedCapUnsteady() {
    return reason != null && reason.contains(NOT_STEADY_AT_CAP) && !reason.contains("was not judged");
  }

  /** The reason and any search note, as the report's Stopped column shows them. */
  public String text() {
    return search == null || search.isEmpty() ? reason : reason + "; " + search;
  }
  public static final String FILE_NAME = "stop.json";
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  /** Writes the record into every runner directory ({@code runner-N}) of {@code cellDir}. */
  public void write(Path cellDir) throws IOException {
    for (Path runner : runnerDirs(cellDir)) {
      JSON.writeValue(runner.resolve(FILE_NAME).toFile(), this);
    }
  }

  /** The record in a runner directory, if the executor wrote one (older outputs have none). */
  public static Optional<CellStop> read(Path runnerDir) throws IOException {
    Path file = runnerDir.resolve(FILE_NAME);
    return Files.isRegularFile(file) ? Optional.of(JSON.readValue(file.toFile(), CellStop.class)) : Optional.empty();
  }

  /** The record of a cell, from its first runner directory. */
  public static Optional<CellStop> readCell(Path cellDir) throws IOException {
    List<Path> runners = runnerDirs(cellDir);
    return runners.isEmpty() ? Optional.empty() : read(runners.get(0));
  }

  private static List<Path> runnerDirs(Path cellDir) throws IOException {
    if (!Files.isDirectory(cellDir)) {
      return List.of();
    }
    try (Stream<Path> entries = Files.list(cellDir)) {
      return entries.filter(d -> Files.isDirectory(d) && d.getFileName().toString().startsWith("runner-")).sorted()
          .toList();
    }
  }
}
