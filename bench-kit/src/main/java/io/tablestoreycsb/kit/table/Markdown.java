package io.tablestoreycsb.kit.table;

import java.util.Map;

/** What every Markdown report here shares: escaping a table cell, the header table. */
public final class Markdown {
  private Markdown() {}

  /** A table cell's text, its '|' escaped. */
  public static String cell(String text) {
    return text.replace("|", "\\|");
  }

  /** The header table: a line per label (bold) and its text. */
  public static String headerTable(Map<String, String> lines) {
    StringBuilder md = new StringBuilder("| | |\n|---|---|\n");
    lines.forEach((label, text) -> md.append("| **").append(label).append("** | ").append(cell(text)).append(" |\n"));
    return md.toString();
  }
}
