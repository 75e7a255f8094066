package io.tablestoreycsb.kit.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One list of columns, every view: each view takes the columns that are in it, in the list's order. */
class TableTest {
  record Run(String name, double rate, boolean fast, String why) {}

  private static final Table<Run> TABLE = Table.of(
      Column.<Run>data("name", "name", Run::name),
      Column.<Run>figure("Rate (rows/s)", r -> String.format("%.0f", r.rate())).marks(r -> r.fast() ? List.of("fast",
          "very fast") : List.of()).keys("rate", "rateRowsPerSecond", Run::rate).terminal("rate", 8).in("figures"),
      Column.<Run>figure("Only fast", r -> "yes").onlyIf(Run::fast).in("figures"),
      Column.<Run>text("Why", Run::why).brief(r -> r.why().substring(0, 3)).in("more"),
      Column.terminal("why", 0, Run::why));

  private static final List<Run> ROWS = List.of(new Run("a,b", 1200, true, "the <service>"),
      new Run("c\"d", Double.NaN, false, "a | pipe"));

  @Test
  void theCsvHasTheKeyedColumnsWithFiguresToFourDecimalsAndTextQuotedWhereItMustBe() {
    assertThat(TABLE.csv(ROWS)).isEqualTo("name,rate\n\"a,b\",1200.0000\n\"c\"\"d\",\n");
  }

  @Test
  void theJsonHasTheValuesAsTheyAre() {
    assertThat(TABLE.json(ROWS).get(0)).containsExactly(Map.entry("name", "a,b"),
        Map.entry("rateRowsPerSecond", 1200.0));
  }

  @Test
  void markdownShowsTheTableColumnsWithTheirMarksAndEscapesPipes() {
    assertThat(TABLE.markdown(ROWS, null)).isEqualTo("| Rate (rows/s) | Only fast | Why |\n|---|---|---|\n"
        + "| 1200 (fast) (very fast) | yes | the <service> |\n| NaN | yes | a \\| pipe |\n");
    // A column shown only where a row needs it.
    assertThat(TABLE.headers(ROWS.subList(1, 2), null)).containsExactly("Rate (rows/s)", "Why");
  }

  @Test
  void htmlKeepsMarksTogetherShowsTheBriefFormAndAlignsWordsLeft() {
    assertThat(TABLE.html(ROWS.subList(0, 1), "figures", "f")).isEqualTo("<table class=\"f\"><tr>"
        + "<th>Rate (rows/<wbr>s)</th><th>Only fast</th></tr>\n"
        + "<tr><td>1200 (fast)&nbsp;(very&nbsp;fast)</td><td>yes</td></tr>\n</table>\n");
    assertThat(TABLE.html(ROWS.subList(0, 1), "more", null)).isEqualTo("<table><tr><th>Why</th></tr>\n"
        + "<tr><td class=\"t\" title=\"the &lt;service&gt;\">the</td></tr>\n</table>\n");
  }

  @Test
  void theTerminalPadsEachColumnToItsWidthAndLeavesTheLastFree() {
    String nl = System.lineSeparator();
    assertThat(TABLE.terminalHeader()).isEqualTo("    rate  why" + nl);
    assertThat(TABLE.terminalLine(ROWS.get(0))).isEqualTo("    1200  the <service>" + nl);
  }
}
