package io.tablestoreycsb.planner.plan;

import io.tablestoreycsb.planner.matrix.CaseSpec;
import io.tablestoreycsb.planner.matrix.Matrix;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.stream.Stream;

/**
 * What lets a plan resume: a finished cell or load leaves a {@value #COMPLETE_MARKER} file in its
 * directory and is kept when the plan is run again; a directory without one is started over.
 */
public final class ResumeMarkers {
  public static final String COMPLETE_MARKER = ".complete";

  private ResumeMarkers() {}

  public static boolean isComplete(Path dir) {
    return Files.isRegularFile(dir.resolve(COMPLETE_MARKER));
  }

  /** Marks the directory finished; {@code note} (e.g. the verified row count) follows the time. */
  public static void markComplete(Path dir, String note) throws IOException {
    Files.writeString(dir.resolve(COMPLETE_MARKER), Instant.now() + (note.isEmpty() ? "" : " " + note) + "\n");
  }

  /** Empties a directory for a fresh start of its cell. */
  public static void startOver(Path dir) throws IOException {
    Directories.deleteRecursively(dir);
    Files.createDirectories(dir);
  }

  /** True when a write cell of this table finished in an earlier run (it added rows past the load). */
  static boolean anyWriteCellComplete(Matrix matrix, Path outDir, int partitions) throws IOException {
    Path table = outDir.resolve(matrix.instanceType()).resolve("p" + partitions);
    for (CaseSpec c : matrix.cases()) {
      if (c.phase() == CaseSpec.Phase.LOAD && Files.isDirectory(table.resolve(c.name()))) {
        try (Stream<Path> files = Files.walk(table.resolve(c.name()))) {
          if (files.anyMatch(f -> f.getFileName().toString().equals(COMPLETE_MARKER))) {
            return true;
          }
        }
      }
    }
    return false;
  }
}
