package io.tablestoreycsb.planner.runner;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A file a runner appends one JSON object a line to while it runs (its readings of the host and of the
 * endpoint). A last line cut short (the runner was killed while writing it) is left out; the readings
 * before it stand.
 */
public final class JsonLines {
  /** Reads one line. */
  @FunctionalInterface
  public interface LineReader<T> {
    T read(String line) throws IOException;
  }

  private JsonLines() {}

  /** The readings in {@code file}, in order; empty when there is no such file. */
  public static <T> List<T> read(Path file, LineReader<T> reader) throws IOException {
    if (!Files.isRegularFile(file)) {
      return List.of();
    }
    List<T> out = new ArrayList<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (line.isBlank()) {
        continue;
      }
      try {
        out.add(reader.read(line));
      } catch (IOException e) {
        // a line cut short by a killed runner
      }
    }
    return List.copyOf(out);
  }
}
