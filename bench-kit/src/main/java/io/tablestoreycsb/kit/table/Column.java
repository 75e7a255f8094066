package io.tablestoreycsb.kit.table;

import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One column of a report, once: its header in the tables (Markdown, HTML) and the terminal, its key in the CSV
 * and the JSON, its kind, and how to read it from a row. A {@link Table} writes every view from one list of
 * these; a column that leaves a view out (no header, no key) is not in that view.
 *
 * <p>Build one from {@link #figure}, {@link #text} (a table column), {@link #data} (CSV and JSON only) or
 * {@link #terminal(String, int, Function)} (the terminal only), then add what else it has:
 * <pre>{@code
 * Column.<Cell>figure("p99 (ms)", r -> Formats.ms(r.p99Ms())).keys("p99_ms", "p99Ms", Cell::p99Ms)
 * }</pre>
 *
 * @param <R> the row type
 */
public final class Column<R> {
  /** How a table shows a column's text. */
  public enum Kind {
    /** A figure: right-aligned, never wrapped. */
    FIGURE,
    /** Words: left-aligned, wrapped where long. */
    TEXT
  }

  private final String header;
  private final Kind kind;
  private final Function<R, String> text;
  private final Layout<R> layout;
  private final Terminal terminal;
  private final String csvKey;
  private final String jsonKey;
  private final Function<R, ?> value;

  /**
   * Where a table column goes besides its text: marks after the figure, a brief form for HTML, when it shows.
   *
   * @param marks words after the text, each in parentheses ("1,700 (plateau) (knee)"); not in the terminal
   * @param brief what HTML shows in the cell, the full text in its title; null: the text
   * @param shownIf the column is in a table only when one of its rows passes; null: always
   * @param parts the parts of a report the column is in ({@link Table#html(List, String, String)}); empty:
   *     every part (a column that names the row)
   */
  private record Layout<R>(Function<R, List<String>> marks, Function<R, String> brief, Predicate<R> shownIf,
      Set<String> parts) {}

  /** A terminal column: its header and width ("%Ns", negative left-aligned; 0: last, unpadded). */
  private record Terminal(String header, int width) {}

  private Column(String header, Kind kind, Function<R, String> text, Layout<R> layout, Terminal terminal,
      String csvKey, String jsonKey, Function<R, ?> value) {
    this.header = header;
    this.kind = kind;
    this.text = text;
    this.layout = layout;
    this.terminal = terminal;
    this.csvKey = csvKey;
    this.jsonKey = jsonKey;
    this.value = value;
  }

  private static <R> Layout<R> plain() {
    return new Layout<>(r -> List.of(), null, null, Set.of());
  }

  /** A table column of figures. */
  public static <R> Column<R> figure(String header, Function<R, String> text) {
    return new Column<>(header, Kind.FIGURE, text, plain(), null, null, null, null);
  }

  /** A table column of words. */
  public static <R> Column<R> text(String header, Function<R, String> text) {
    return new Column<>(header, Kind.TEXT, text, plain(), null, null, null, null);
  }

  /**
   * A column of the CSV (key {@code csvKey}) and the JSON (key {@code jsonKey}) only; either key may be null.
   * The value is written as {@link Table#csvValue} says; in the JSON as it is.
   */
  public static <R> Column<R> data(String csvKey, String jsonKey, Function<R, ?> value) {
    return new Column<>(null, Kind.FIGURE, null, plain(), null, csvKey, jsonKey, value);
  }

  /** A column of the terminal table only. */
  public static <R> Column<R> terminal(String header, int width, Function<R, String> text) {
    return new Column<>(null, Kind.TEXT, text, plain(), new Terminal(header, width), null, null, null);
  }

  /** The same column, also in the CSV and the JSON under these keys (either may be null). */
  public Column<R> keys(String csv, String json, Function<R, ?> read) {
    return new Column<>(header, kind, text, layout, terminal, csv, json, read);
  }

  /** The same column, also in the terminal table under {@code terminalHeader}, {@code width} wide. */
  public Column<R> terminal(String terminalHeader, int width) {
    return new Column<>(header, kind, text, layout, new Terminal(terminalHeader, width), csvKey, jsonKey, value);
  }

  /** The same column with marks after its text in the tables. */
  public Column<R> marks(Function<R, List<String>> read) {
    return with(new Layout<>(read, layout.brief(), layout.shownIf(), layout.parts()));
  }

  /** The same column, brief in HTML (the full text when the pointer rests on it). */
  public Column<R> brief(Function<R, String> read) {
    return with(new Layout<>(layout.marks(), read, layout.shownIf(), layout.parts()));
  }

  /** The same column, in a table only when one of its rows passes {@code test}. */
  public Column<R> onlyIf(Predicate<R> test) {
    return with(new Layout<>(layout.marks(), layout.brief(), test, layout.parts()));
  }

  /** The same column, in these parts of the report only. */
  public Column<R> in(String... parts) {
    return with(new Layout<>(layout.marks(), layout.brief(), layout.shownIf(), Set.of(parts)));
  }

  private Column<R> with(Layout<R> l) {
    return new Column<>(header, kind, text, l, terminal, csvKey, jsonKey, value);
  }

  /** The header in the tables, or null when the column is not in them. */
  public String header() {
    return header;
  }

  public Kind kind() {
    return kind;
  }

  /** The key in the CSV, or null. */
  public String csvKey() {
    return csvKey;
  }

  /** The key in the JSON, or null. */
  public String jsonKey() {
    return jsonKey;
  }

  /** The terminal's header, or null when the column is not in the terminal table. */
  public String terminalHeader() {
    return terminal == null ? null : terminal.header();
  }

  int terminalWidth() {
    return terminal.width();
  }

  /** The row's text in the tables (without marks). */
  public String text(R row) {
    return text.apply(row);
  }

  /** The row's marks. */
  public List<String> marks(R row) {
    return layout.marks().apply(row);
  }

  /** The row's brief text for HTML, or null when the column has none. */
  public String brief(R row) {
    return layout.brief() == null ? null : layout.brief().apply(row);
  }

  /** The row's value in the CSV and the JSON. */
  public Object value(R row) {
    return value.apply(row);
  }

  /** Whether a table of these rows shows the column in {@code part} (null: any part). */
  boolean shownIn(List<R> rows, String part) {
    return header != null && (part == null || layout.parts().isEmpty() || layout.parts().contains(part))
        && (layout.shownIf() == null || rows.stream().anyMatch(layout.shownIf()));
  }
}
