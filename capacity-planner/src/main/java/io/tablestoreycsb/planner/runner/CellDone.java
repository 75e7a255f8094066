package io.tablestoreycsb.planner.runner;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * A warm runner's answer to a {@link CellRequest}, written to {@value #FILE_NAME} in the cell's result
 * directory once the rest of its result set is written: what a runner's exit status says when it runs
 * one cell and exits.
 *
 * @param exitCode what YCSB's client would have exited with (0: it ran and exported its measurements)
 * @param error why the runner could not run the cell (its state was not clean, the start gate timed
 *     out, ...), or null
 * @param pid the runner's process id (the same for every cell a runner serves)
 * @param cellsServed how many cells this runner has been handed, this one included
 * @param warmUp the runner's warm-up before this cell's gate ({@link WarmUp#NONE} when it did not get that far)
 */
public record CellDone(int exitCode, String error, long pid, int cellsServed, WarmUp warmUp) {
  public CellDone {
    warmUp = warmUp == null ? WarmUp.NONE : warmUp;
  }

  public static final String FILE_NAME = "cell-done.json";
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Writes atomically into {@code dir}: the planner never reads half a file. */
  public void write(Path dir) throws IOException {
    Path tmp = dir.resolve(FILE_NAME + ".tmp");
    JSON.writeValue(tmp.toFile(), this);
    Files.move(tmp, dir.resolve(FILE_NAME), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /** The answer in {@code dir}, or empty while the cell runs. */
  public static Optional<CellDone> read(Path dir) throws IOException {
    Path file = dir.resolve(FILE_NAME);
    return Files.isRegularFile(file) ? Optional.of(JSON.readValue(file.toFile(), CellDone.class)) : Optional.empty();
  }
}
