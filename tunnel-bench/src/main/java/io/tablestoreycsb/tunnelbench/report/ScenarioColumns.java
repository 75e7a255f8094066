package io.tablestoreycsb.tunnelbench.report;

import io.tablestoreycsb.kit.report.Formats;
import io.tablestoreycsb.kit.table.Column;
import io.tablestoreycsb.kit.table.Table;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The columns of the report's scenarios, once: the two tables of report.md and report.html ({@link #PAPER}, the
 * paper's columns with its figures beside ours where it measured the same scenario, then {@link #MORE}, what
 * the paper lacks), report.csv and the terminal table are written from {@link #TABLE}. A new column is one line
 * here.
 */
final class ScenarioColumns {
  /** The paper's columns. */
  static final String PAPER = "paper";
  /** What the paper lacks: lag and the consumed-row check. */
  static final String MORE = "more";

  static final Table<ScenarioResult> TABLE = Table.of(
      data("group", ScenarioResult::group),
      data("partitions", ScenarioResult::partitions),
      data("consumers", ScenarioResult::consumers),
      Column.<ScenarioResult>text("Scenario", ScenarioResult::label).terminal("scenario", -27),
      data("writer_threads", r -> r.setup().writerThreads()),
      data("target_rows_per_s", r -> r.setup().targetRowsPerSecond()),
      data("row_bytes", r -> r.setup().rowBytes()),
      figure("Rows written", r -> String.format(Locale.ROOT, "%,d", r.rowsWritten()))
          .keys("rows_written", null, ScenarioResult::rowsWritten).in(MORE),
      figure("Written rows/s", r -> Formats.num(r.writing().writeRowsPerSecond()))
          .keys("written_rows_per_s", null, r -> r.writing().writeRowsPerSecond()).in(MORE),
      data("rows_consumed", r -> r.check().consumed()),
      data("rows_handed", r -> r.check().handed()),
      data("missing", r -> r.check().missing()),
      data("duplicates", r -> r.check().duplicates()),
      data("not_acknowledged", r -> r.check().notAcknowledged()),
      data("unexpected", r -> r.check().unexpected()),
      figure("Rows/s steady (peak)", r -> Formats.num(r.rates().steady()) + " (" + Formats.num(r.rates().peak()) + ")")
          .keys("steady_rows_per_s", null, r -> r.rates().steady()).terminal("rows/s steady (peak)", -26).in(PAPER),
      paper(f -> Formats.num(f.steadyRowsPerSecond())
          + (Double.isNaN(f.peakRowsPerSecond()) ? "" : " (" + Formats.num(f.peakRowsPerSecond()) + ")"), PAPER)
          .terminal("paper", -22),
      data("peak_rows_per_s", r -> r.rates().peak()),
      data("average_rows_per_s", r -> r.rates().average()),
      data("rate_windows", r -> r.rates().windows()),
      figure("ms per 1,000 rows", r -> Formats.num(r.rates().msPer1000Rows()))
          .keys("ms_per_1000_rows", null, r -> r.rates().msPer1000Rows()).terminal("ms/1000", 9).in(PAPER),
      paper(f -> Formats.num(f.msPer1000Rows()), PAPER).terminal("paper", 8),
      figure("Sync (s)", r -> Formats.num(r.syncSeconds())).keys("sync_s", null, ScenarioResult::syncSeconds).in(MORE),
      figure("Catch-up (s)", r -> Formats.num(r.sync().catchUpSeconds()))
          .keys("catch_up_s", null, r -> r.sync().catchUpSeconds()).in(MORE),
      Column.<ScenarioResult>text("Bound by", r -> r.boundBy().toString()).in(MORE),
      figure("Consumer CPU (cores)", r -> Numbers.fine(r.consumerCpuCores()))
          .keys("consumer_cpu_cores", null, ScenarioResult::consumerCpuCores).terminal("CPU", 7).in(PAPER),
      paper(f -> Formats.num(f.cpuCores()), PAPER).terminal("paper", 9),
      figure("CPU us/row", r -> Formats.num(r.consumerUse().consumerCpuMicrosPerRow()))
          .keys("consumer_cpu_us_per_row", null, r -> r.consumerUse().consumerCpuMicrosPerRow()).in(MORE),
      paper(f -> Formats.num(f.cpuMicrosPerRow()), MORE),
      figure("Memory (GB)", r -> Numbers.fine(r.consumerMemoryGb()))
          .keys("consumer_memory_gb", null, ScenarioResult::consumerMemoryGb).terminal("mem GB", 8).in(PAPER),
      paper(f -> Numbers.fine(f.memoryGb()), PAPER),
      figure("Bandwidth (Mbit/s)", r -> Formats.num(r.bandwidthMbps()))
          .keys("bandwidth_mbps", null, ScenarioResult::bandwidthMbps).terminal("Mbit/s", 10).in(PAPER),
      paper(f -> Formats.num(f.bandwidthMbps()), PAPER),
      lag("Lag p50 (ms)", "lag_p50_ms", r -> r.lag().lagP50Ms()),
      lag("p99", "lag_p99_ms", r -> r.lag().lagP99Ms()),
      lag("p99.9", "lag_p999_ms", r -> r.lag().lagP999Ms()),
      lag("max", "lag_max_ms", r -> r.lag().lagMaxMs()),
      figure("Mock CPU (cores)", r -> Numbers.fine(r.mockCpuCores()))
          .keys("mock_cpu_cores", null, ScenarioResult::mockCpuCores).in(MORE),
      data("bound_by", r -> r.boundBy().toString()),
      paperData("paper_rows_per_s", PaperFigures.Figure::steadyRowsPerSecond),
      paperData("paper_ms_per_1000_rows", PaperFigures.Figure::msPer1000Rows),
      paperData("paper_cpu_cores", PaperFigures.Figure::cpuCores),
      paperData("paper_memory_gb", PaperFigures.Figure::memoryGb),
      paperData("paper_bandwidth_mbps", PaperFigures.Figure::bandwidthMbps),
      Column.<ScenarioResult>text("Consumed rows", r -> r.check().summary()
          + (r.errors().isEmpty() ? "" : "; FAILED (see below)")).in(MORE),
      data("passed", ScenarioResult::passed),
      Column.<ScenarioResult>terminal("consumed rows", 0, r -> r.check().summary()
          + (r.errors().isEmpty() ? "" : "; FAILED")));

  private ScenarioColumns() {}

  private static Column<ScenarioResult> figure(String header, Function<ScenarioResult, String> text) {
    return Column.figure(header, text);
  }

  private static Column<ScenarioResult> data(String csvKey, Function<ScenarioResult, ?> value) {
    return Column.data(csvKey, null, value);
  }

  private static Column<ScenarioResult> lag(String header, String csvKey, ToDoubleFunction<ScenarioResult> read) {
    return figure(header, r -> Formats.num(read.applyAsDouble(r))).keys(csvKey, null, read::applyAsDouble).in(MORE);
  }

  /** The paper's figure for the scenario, "-" where it has no such scenario. */
  private static Column<ScenarioResult> paper(Function<PaperFigures.Figure, String> text, String part) {
    return figure("paper", r -> figureOf(r).map(text).orElse("-")).in(part);
  }

  /** The paper's figure in the CSV, empty where it has none. */
  private static Column<ScenarioResult> paperData(String csvKey, ToDoubleFunction<PaperFigures.Figure> read) {
    return data(csvKey, r -> figureOf(r).map(read::applyAsDouble).orElse(null));
  }

  private static Optional<PaperFigures.Figure> figureOf(ScenarioResult r) {
    return PaperFigures.of(r.consumers(), r.partitions());
  }
}
