package io.tablestoreycsb.mock.conformance;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The lists kept beside the SDK suites (exclusions, fixtures): one entry a line, fields separated
 * by {@code " | "}, the last one (why) never blank; blank lines and lines starting with # are skipped.
 */
final class ListFile {
  /**
   * One entry.
   *
   * @param where "FILE:LINE: ", to begin an error message about the entry
   * @param fields its fields, trimmed
   */
  record Line(String where, List<String> fields) {
    String field(int i) {
      return fields.get(i);
    }
  }

  private ListFile() {}

  /** The entries of {@code file}, each with exactly the fields {@code layout} names ("A | B | WHY"). */
  static List<Line> read(Path file, String layout) throws IOException {
    int count = layout.split(" \\| ").length;
    List<Line> lines = new ArrayList<>();
    int lineNumber = 0;
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      lineNumber++;
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String where = file + ":" + lineNumber + ": ";
      String[] fields = line.split(" \\| ", count);
      if (fields.length != count || fields[count - 1].isBlank()) {
        throw new IllegalArgumentException(where + "expected " + layout + ", got: " + line);
      }
      List<String> trimmed = new ArrayList<>(count);
      for (String f : fields) {
        trimmed.add(f.trim());
      }
      lines.add(new Line(where, List.copyOf(trimmed)));
    }
    return lines;
  }
}
