package io.tablestoreycsb.distribution.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** A fenced command block of a Markdown document, with the CI marker before it. */
record DocBlock(String document, int line, String text, CiMarker marker) {

  /** Fence languages that hold commands a user types. */
  static final Set<String> SHELL = Set.of("bash", "sh", "shell", "console");

  String where() {
    return document + ":" + line;
  }

  /**
   * The command blocks of {@code file}, named {@code document}. An untagged block that starts with
   * a launcher ({@code bin/...}) must say whether it is commands (bash) or not (text): untagged, it
   * would pass unrun.
   */
  static List<DocBlock> read(Path file, String document) throws IOException {
    List<String> lines = Files.readAllLines(file);
    List<DocBlock> blocks = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String fence = lines.get(i).strip();
      if (!fence.startsWith("```")) {
        continue;
      }
      String language = fence.substring(3).strip();
      int end = i + 1;
      while (end < lines.size() && !lines.get(end).strip().equals("```")) {
        end++;
      }
      if (end == lines.size()) {
        throw new IllegalStateException(document + ":" + (i + 1) + ": the block never ends");
      }
      List<String> body = lines.subList(i + 1, end);
      if (language.isEmpty() && !body.isEmpty() && body.get(0).startsWith("bin/")) {
        throw new IllegalStateException(document + ":" + (i + 1) + ": an untagged block starting with "
            + "a command: tag it bash (CI runs it) or text (a synopsis, not run)");
      }
      if (SHELL.contains(language)) {
        CiMarker marker;
        try {
          marker = markerBefore(lines, i);
        } catch (IllegalArgumentException e) {
          throw new IllegalStateException(document + ":" + (i + 1) + ": " + e.getMessage(), e);
        }
        blocks.add(new DocBlock(document, i + 1, String.join("\n", body) + "\n", marker));
      }
      i = end;
    }
    return blocks;
  }

  /** The HTML comment ending on the last non-blank line before the fence at {@code fence}, if any. */
  private static CiMarker markerBefore(List<String> lines, int fence) {
    int last = fence - 1;
    while (last >= 0 && lines.get(last).isBlank()) {
      last--;
    }
    if (last < 0 || !lines.get(last).strip().endsWith("-->")) {
      return CiMarker.NONE;
    }
    int first = last;
    while (first >= 0 && !lines.get(first).contains("<!--")) {
      first--;
    }
    if (first < 0) {
      return CiMarker.NONE;
    }
    String comment = String.join("\n", lines.subList(first, last + 1));
    comment = comment.substring(comment.lastIndexOf("<!--") + 4, comment.lastIndexOf("-->"));
    return CiMarker.parse(comment).orElse(CiMarker.NONE);
  }
}
