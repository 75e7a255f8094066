package io.tablestoreycsb.planner;

import java.nio.file.Files;
import java.nio.file.Path;

/** The {@code --out} of a command: a directory, created when missing; never an existing file. */
final class OutputDirectory {
  private OutputDirectory() {
  }

  /**
   * Refuses an {@code --out} that names something other than a directory, before any work (the
   * estimate, the mock, the first cell), instead of failing when the first file is written.
   */
  static void check(Path out) {
    if (out != null && Files.exists(out) && !Files.isDirectory(out)) {
      throw new IllegalArgumentException("--out " + out + ": is a file, not a directory; name a directory (it is"
          + " created when missing)");
    }
  }
}
