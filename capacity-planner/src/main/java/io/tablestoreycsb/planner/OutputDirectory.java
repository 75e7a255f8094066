package io.tablestoreycsb.planner;

import io.tablestoreycsb.planner.plan.ResumeMarkers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

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

  /**
   * Empties the {@code --out} of a command whose results cannot be resumed (its mock kept the tables in
   * memory), and creates it. Only an empty directory or one the same command wrote, which holds
   * {@code marker}, is emptied; any other is refused.
   */
  static void startOver(Path dir, String marker, String command) throws IOException {
    if (Files.isDirectory(dir)) {
      boolean empty;
      try (Stream<Path> entries = Files.list(dir)) {
        empty = entries.findAny().isEmpty();
      }
      if (!empty && !Files.exists(dir.resolve(marker))) {
        throw new IllegalArgumentException("--out " + dir + " is not empty and not an earlier " + command
            + "'s output; choose another directory");
      }
      ResumeMarkers.startOver(dir);
    }
    Files.createDirectories(dir);
  }
}
