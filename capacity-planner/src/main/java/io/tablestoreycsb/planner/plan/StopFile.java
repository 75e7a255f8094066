package io.tablestoreycsb.planner.plan;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.tablestoreycsb.planner.analysis.CellStop;
import io.tablestoreycsb.planner.analysis.SearchMark;
import io.tablestoreycsb.planner.analysis.StopKind;
import io.tablestoreycsb.planner.text.StopText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A cell's {@link CellStop} in {@value #FILE_NAME}, one copy in each of its runner directories (so that it
 * travels with a runner directory copied elsewhere). The plan loop writes it when a cell ends ({@link Plan},
 * {@link SaturationSearch}); the report and the live view read it back, typed, through {@link #read} and
 * {@link #readCell}. The file holds the typed record and, for people, its sentences ({@code reason},
 * {@code search}); only the typed record is read back.
 */
public final class StopFile {
  public static final String FILE_NAME = "stop.json";

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  /**
   * The file's content: the typed stop, and its sentences for people.
   *
   * @param rule the stop rule, for people
   * @param stoppedEarly whether the cell ended before its duration
   * @param reason why it ended, for people
   * @param steadyFromEpochMs start of the steady window, or 0
   * @param search the search's mark, for people; "" without one
   * @param kind how it ended; null in a file of an older version
   * @param durationSeconds the cell's duration or cap
   * @param steadyAfterSeconds of a steady cell: when it was found steady, seconds in
   * @param judgement the last steadiness judgement, for people
   * @param searchMark the search's mark, or null
   */
  record Content(String rule, boolean stoppedEarly, String reason, long steadyFromEpochMs, String search,
      StopKind kind, long durationSeconds, double steadyAfterSeconds, String judgement, SearchMark searchMark) {}

  private StopFile() {}

  /** Writes the stop into every runner directory ({@code runner-N}) of {@code cellDir}. */
  static void write(Path cellDir, CellStop stop) throws IOException {
    Content content = new Content(stop.rule(), stop.stoppedEarly(), StopText.reason(stop), stop.steadyFromEpochMs(),
        stop.mark() == null ? "" : StopText.of(stop.mark()), stop.kind(), stop.durationSeconds(),
        stop.steadyAfterSeconds(), stop.judgement(), stop.mark());
    for (Path runner : runnerDirs(cellDir)) {
      JSON.writeValue(runner.resolve(FILE_NAME).toFile(), content);
    }
  }

  /** The stop recorded in a runner directory, if the executor wrote one (older outputs have none). */
  public static Optional<CellStop> read(Path runnerDir) throws IOException {
    Path file = runnerDir.resolve(FILE_NAME);
    return Files.isRegularFile(file) ? Optional.of(of(JSON.readValue(file.toFile(), Content.class)))
        : Optional.empty();
  }

  /** The stop of a cell, from its first runner directory. */
  public static Optional<CellStop> readCell(Path cellDir) throws IOException {
    List<Path> runners = runnerDirs(cellDir);
    return runners.isEmpty() ? Optional.empty() : read(runners.get(0));
  }

  /** The typed stop; a file without one (written before stops were typed) records none. */
  static CellStop of(Content c) {
    if (c.kind() == null) {
      return CellStop.notRecorded();
    }
    return new CellStop(c.rule(), c.kind(), c.durationSeconds(), c.steadyAfterSeconds(),
        c.judgement() == null ? "" : c.judgement(), c.steadyFromEpochMs(), c.searchMark());
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
