package io.tablestoreycsb.planner.runner;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One cell handed to a warm runner ({@link RunnerMain} with {@value RunnerMain#SERVE_OPTION}): the planner
 * writes it as one JSON line on the runner's stdin, and the runner answers with {@link CellDone} in the
 * result directory once the cell's result set is complete.
 *
 * @param resultDir where the runner writes this cell's result set ({@link ResultFiles}); it also finds
 *     its start gate's ready and release files and the stop file there
 * @param startAtEpochMs a fixed start instant, or 0 when the release file gives it
 * @param gateTimeoutSeconds how long to wait for the release file
 * @param ycsbArgs the arguments of {@code site.ycsb.Client} for this cell
 */
public record CellRequest(Path resultDir, long startAtEpochMs, long gateTimeoutSeconds, List<String> ycsbArgs) {
  private static final ObjectMapper JSON = new ObjectMapper();

  public CellRequest {
    ycsbArgs = List.copyOf(ycsbArgs);
  }

  /** The request for {@code spec}'s runner, started by the release file in its directory. */
  public static CellRequest of(RunnerSpec spec, long gateTimeoutSeconds) {
    return new CellRequest(spec.dir().toAbsolutePath(), 0, gateTimeoutSeconds, spec.ycsbArguments(spec.dir()));
  }

  /** One line of JSON. */
  public String toLine() {
    try {
      return JSON.writeValueAsString(new Wire(resultDir.toString(), startAtEpochMs, gateTimeoutSeconds, ycsbArgs));
    } catch (IOException e) {
      throw new IllegalStateException("cannot write a cell request as JSON", e);
    }
  }

  /** Reads a line written by {@link #toLine()}. */
  public static CellRequest fromLine(String line) throws IOException {
    Wire w = JSON.readValue(line, Wire.class);
    if (w.resultDir() == null || w.ycsbArgs() == null) {
      throw new IOException("a cell request needs resultDir and ycsbArgs: " + line);
    }
    return new CellRequest(Path.of(w.resultDir()), w.startAtEpochMs(), w.gateTimeoutSeconds(), w.ycsbArgs());
  }

  /** The JSON shape: paths as strings. */
  private record Wire(String resultDir, long startAtEpochMs, long gateTimeoutSeconds, List<String> ycsbArgs) {}
}
