package io.tablestoreycsb.kit.table;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A report's rows as every view writes them, from one list of {@link Column}s: Markdown and HTML tables, the
 * CSV, the JSON rows, the terminal table. Each view takes the columns that are in it, in the list's order.
 *
 * @param columns the columns, in the order every view shows them
 * @param <R> the row type
 */
public record Table<R>(List<Column<R>> columns) {
  public Table {
    columns = List.copyOf(columns);
  }

  @SafeVarargs
  public static <R> Table<R> of(Column<R>... columns) {
    return new Table<>(List.of(columns));
  }

  /** The columns a table of {@code rows} shows in {@code part} (null: every part). */
  public List<Column<R>> shown(List<R> rows, String part) {
    return columns.stream().filter(c -> c.shownIn(rows, part)).toList();
  }

  /** Their headers. */
  public List<String> headers(List<R> rows, String part) {
    return shown(rows, part).stream().map(Column::header).toList();
  }

  /** A row's text in a table: the column's text and its marks, each in parentheses. */
  public static <R> String cell(Column<R> column, R row) {
    StringBuilder s = new StringBuilder(column.text(row));
    column.marks(row).forEach(m -> s.append(" (").append(m).append(')'));
    return s.toString();
  }

  /** A Markdown table of the rows with every column of {@code part} (null: all). */
  public String markdown(List<R> rows, String part) {
    List<Column<R>> shown = shown(rows, part);
    StringBuilder md = new StringBuilder("| ")
        .append(shown.stream().map(Column::header).collect(Collectors.joining(" | "))).append(" |\n|");
    shown.forEach(c -> md.append("---|"));
    md.append('\n');
    for (R r : rows) {
      md.append("| ").append(shown.stream().map(c -> Markdown.cell(cell(c, r))).collect(Collectors.joining(" | ")))
          .append(" |\n");
    }
    return md.toString();
  }

  /**
   * An HTML table of the rows with the columns of {@code part}: words left-aligned and wrapping, figures
   * right-aligned; a figure's marks stay together on the line after it; a column with a brief form shows that,
   * the full text when the pointer rests on it.
   *
   * @param cssClass the table's class, or null for none
   */
  public String html(List<R> rows, String part, String cssClass) {
    List<Column<R>> shown = shown(rows, part);
    StringBuilder h = new StringBuilder(cssClass == null ? "<table>" : "<table class=\"" + cssClass + "\">")
        .append("<tr>");
    // A break opportunity after each '/' keeps "Measured/Predicted" from widening its column.
    shown.forEach(c -> h.append("<th>").append(Html.esc(c.header()).replace("/", "/<wbr>")).append("</th>"));
    h.append("</tr>\n");
    for (R r : rows) {
      h.append("<tr>");
      for (Column<R> c : shown) {
        h.append(c.kind() == Column.Kind.TEXT ? "<td class=\"t\"" : "<td");
        String brief = c.brief(r);
        if (brief != null) {
          h.append(" title=\"").append(Html.esc(cell(c, r))).append("\">").append(Html.esc(brief));
        } else {
          h.append('>').append(Html.esc(c.text(r)));
          List<String> marks = c.marks(r);
          if (!marks.isEmpty()) {
            // "2,049 (plateau) (host busy)" breaks after the figure only: two lines at most.
            h.append(' ').append(Html.esc(marks.stream().map(m -> "(" + m + ")").collect(Collectors.joining(" ")))
                .replace(" ", "&nbsp;"));
          }
        }
        h.append("</td>");
      }
      h.append("</tr>\n");
    }
    return h.append("</table>\n").toString();
  }

  /** The CSV: a header line of the keys, then a line per row. */
  public String csv(List<R> rows) {
    List<Column<R>> inCsv = columns.stream().filter(c -> c.csvKey() != null).toList();
    StringBuilder csv = new StringBuilder(inCsv.stream().map(Column::csvKey).collect(Collectors.joining(",")))
        .append('\n');
    for (R r : rows) {
      csv.append(inCsv.stream().map(c -> csvValue(c.value(r))).collect(Collectors.joining(","))).append('\n');
    }
    return csv.toString();
  }

  /**
   * A value as the CSV writes it: a fraction with four decimals and none for NaN, whole numbers and booleans as
   * they are, nothing for null, text quoted where it holds a comma or a quote.
   */
  public static String csvValue(Object v) {
    if (v == null) {
      return "";
    }
    if (v instanceof Double || v instanceof Float) {
      double d = ((Number) v).doubleValue();
      return Double.isNaN(d) ? "" : String.format(Locale.ROOT, "%.4f", d);
    }
    String s = v.toString();
    return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
  }

  /** The JSON's rows: per row, its values by key, in the columns' order. */
  public List<Map<String, Object>> json(List<R> rows) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (R r : rows) {
      Map<String, Object> json = new LinkedHashMap<>();
      columns.stream().filter(c -> c.jsonKey() != null).forEach(c -> json.put(c.jsonKey(), c.value(r)));
      out.add(json);
    }
    return out;
  }

  /** The terminal table's header line. */
  public String terminalHeader() {
    return terminalLine(Column::terminalHeader);
  }

  /** A row's line in the terminal table (the text without marks). */
  public String terminalLine(R row) {
    return terminalLine(c -> c.text(row));
  }

  private String terminalLine(java.util.function.Function<Column<R>, String> text) {
    StringBuilder line = new StringBuilder();
    for (Column<R> c : columns) {
      if (c.terminalHeader() == null) {
        continue;
      }
      if (!line.isEmpty()) {
        line.append(' ');
      }
      int width = c.terminalWidth();
      line.append(width == 0 ? " " + text.apply(c) : String.format(Locale.ROOT, "%" + width + "s", text.apply(c)));
    }
    return line.append(System.lineSeparator()).toString();
  }
}
