package io.tablestoreycsb.tunnelbench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The report's CSV files as rows of column name to cell (no cell holds a comma). */
public final class ReportCsv {
  private ReportCsv() {
  }

  public static List<Map<String, String>> read(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file);
    String[] header = lines.get(0).split(",");
    return lines.subList(1, lines.size()).stream().map(l -> {
      String[] cells = l.split(",", -1);
      Map<String, String> row = new HashMap<>();
      for (int i = 0; i < header.length; i++) {
        row.put(header[i], cells[i]);
      }
      return row;
    }).toList();
  }
}
