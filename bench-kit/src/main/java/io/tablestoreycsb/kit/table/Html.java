package io.tablestoreycsb.kit.table;

import java.util.Map;

/** What every HTML report here shares: escaping, the page's head and style, the header table. */
public final class Html {
  /** Tables: bordered, figures right-aligned, words ({@code td.t}) left-aligned. */
  private static final String TABLE_STYLE = "body{font-family:sans-serif;margin:2em}"
      + "table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #bbb;padding:2px 4px;"
      + "text-align:right}th{background:#eee}td.t{text-align:left}";

  /** The rest of the page: images, chart rows, the header table, preformatted errors. */
  private static final String PAGE_STYLE = "img{margin:8px 0;max-width:100%}"
      + "div.charts{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-start}"
      + "table.header{font-size:14px;margin-bottom:1em}table.header th,table.header td{text-align:left;"
      + "vertical-align:top}table.header td{max-width:70em}"
      + "pre{background:#f6f6f6;padding:6px;white-space:pre-wrap}";

  private Html() {}

  public static String esc(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }

  /**
   * The page up to its body, its {@code <h1>} the title.
   *
   * @param moreStyle a report's own CSS rules, after the tables' rules
   */
  public static String page(String title, String moreStyle) {
    return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + esc(title) + "</title><style>"
        + TABLE_STYLE + moreStyle + PAGE_STYLE + "</style></head><body>\n<h1>" + esc(title) + "</h1>\n";
  }

  /** The header table: a line per label and its text. */
  public static String headerTable(Map<String, String> lines) {
    StringBuilder h = new StringBuilder("<table class=\"header\">\n");
    lines.forEach((label, text) -> h.append("<tr><th>").append(esc(label)).append("</th><td>").append(esc(text))
        .append("</td></tr>\n"));
    return h.append("</table>\n").toString();
  }
}
