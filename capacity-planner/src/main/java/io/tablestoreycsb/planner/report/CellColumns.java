package io.tablestoreycsb.planner.report;

import io.tablestoreycsb.kit.report.Formats;
import io.tablestoreycsb.kit.table.Column;
import io.tablestoreycsb.kit.table.Table;
import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.analysis.EndpointView;
import io.tablestoreycsb.planner.analysis.HostCpu;
import io.tablestoreycsb.planner.analysis.Latency;
import io.tablestoreycsb.planner.text.StopText;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import io.tablestoreycsb.planner.text.VerdictText;
import io.tablestoreycsb.planner.text.CellText;

/**
 * The columns of the report's cells, once: report.md's and report.html's tables, report.csv, report.json's
 * rows and the terminal table are all written from {@link #TABLE}. A new column is one line here (where it
 * goes in each view: a header for the tables, keys for the CSV and JSON, a terminal header).
 *
 * <p>report.html shows three tables per case ({@link #FIGURES}, {@link #INTENDED}, {@link #RAN}) rather than
 * one of 26 to 32 columns, so that each fits a 1400 px window with rows of at most two lines; the columns
 * that name a cell (partitions, runners, threads) are in all three.
 */
final class CellColumns {
  /** report.html's first table: the figures and the verdict. */
  static final String FIGURES = "figures";
  /** Its second, of open-loop cells: latency from each request's intended start. */
  static final String INTENDED = "intended";
  /**
   * Its third, "How each cell ran": the identity check's prediction (the first table keeps
   * Measured/Predicted), the runners' resources, the window's timing, the host's and the endpoint's view, why it
   * stopped.
   */
  static final String RAN = "ran";

  /** A cell's rows/s, with its marks (the SLO table shows it too). */
  static final Column<CellResult> QPS = figure("QPS(row)", r -> Formats.num(r.rates().qpsRows()))
      .marks(CellColumns::marks).keys("qps_rows", "qpsRows", r -> r.rates().qpsRows()).terminal("QPS(row)", 14)
      .in(FIGURES);

  static final Table<CellResult> TABLE = Table.of(
      data("instance_type", "instanceType", r -> r.cell().instanceType()),
      data("case", "caseName", r -> r.cell().caseName()),
      data("sweep", "sweep", r -> r.cell().sweep()),
      figure("Partitions", r -> Integer.toString(r.cell().partitions()))
          .keys("partitions", "partitions", r -> r.cell().partitions()).terminal("Partitions", 10),
      figure("Runner", r -> Integer.toString(r.shape().runners()))
          .keys("runners", "runners", r -> r.shape().runners()).terminal("Runner", 7),
      figure("Thread", r -> Integer.toString(r.cell().threads()))
          .keys("threads", "threads", r -> r.cell().threads()).terminal("Thread", 7),
      data("measure", "measure", r -> r.shape().measure()),
      data("rows_per_request", "rowsPerRequest", r -> r.shape().rowsPerRequest()),
      figure("Target QPS(row)", r -> r.isOpenLoop() ? Formats.num(r.targetRowsPerSecond())
          : "-").onlyIf(CellResult::isOpenLoop).in(FIGURES, INTENDED),
      QPS,
      data("requests_per_s", "requestsPerSecond", r -> r.rates().requestsPerSecond()),
      latency("Avg Latency (ms)", "avg_ms", "avgMs", Latency::avgMs).terminal("Avg Latency (ms)", 17),
      latency("p50 (ms)", "p50_ms", "p50Ms", Latency::p50Ms),
      latency("p95 (ms)", "p95_ms", "p95Ms", Latency::p95Ms),
      latency("p99 (ms)", "p99_ms", "p99Ms", Latency::p99Ms).terminal("p99 (ms)", 9),
      latency("p99.9 (ms)", "p999_ms", "p999Ms", Latency::p999Ms),
      latency("max (ms)", "max_ms", "maxMs", Latency::maxMs),
      intended("Intended avg (ms)", Latency::avgMs),
      intended("Intended p50 (ms)", Latency::p50Ms),
      intended("Intended p99 (ms)", Latency::p99Ms),
      intended("Intended p99.9 (ms)", Latency::p999Ms),
      intended("Intended max (ms)", Latency::maxMs),
      figure("Requests/s", r -> Formats.num(r.rates().requestsPerSecond())).in(FIGURES),
      data("requests", "requests", r -> r.rates().requests()),
      data("failed", "failed", r -> r.rates().failed()),
      figure("MB/s", r -> Formats.num(r.rates().mbPerSecond()))
          .keys("mb_per_s", "mbPerSecond", r -> r.rates().mbPerSecond()).in(FIGURES),
      figure("Read CU/s", r -> Formats.num(r.rates().readCuPerSecond()))
          .keys("read_cu_per_s", "readCuPerSecond", r -> r.rates().readCuPerSecond()).in(FIGURES),
      figure("Write CU/s", r -> Formats.num(r.rates().writeCuPerSecond()))
          .keys("write_cu_per_s", "writeCuPerSecond", r -> r.rates().writeCuPerSecond()).in(FIGURES),
      figure("CPU cores/runner", r -> Formats.num(r.resources().cpuCoresPerRunner()))
          .keys("cpu_cores_per_runner", "cpuCoresPerRunner", r -> r.resources().cpuCoresPerRunner()).in(RAN),
      figure("Peak mem/runner (MB)", r -> Formats.num(r.resources().peakMemMbPerRunner()))
          .keys("peak_mem_mb_per_runner", "peakMemMbPerRunner", r -> r.resources().peakMemMbPerRunner()).in(RAN),
      data("io_mb_per_s_per_runner", "ioMbPerSecondPerRunner", r -> r.resources().ioMbPerSecondPerRunner()),
      figure("Predicted QPS(row)", r -> Formats.num(r.prediction().qpsRows()))
          .keys("predicted_qps_rows", "predictedQpsRows", r -> r.prediction().qpsRows()).in(RAN),
      figure("Measured/Predicted", r -> Formats.percent(r.prediction().measuredOverPredicted()))
          .keys("measured_over_predicted", "measuredOverPredicted", r -> r.prediction().measuredOverPredicted())
          .terminal("Meas/Pred", 9).in(FIGURES),
      data("bound_by", "limit", r -> VerdictText.of(r.verdict())),
      data(null, "verdict", CellResult::verdict),
      data("plateau", "plateau", CellResult::plateau),
      data("hosts", "hosts", r -> String.join(" ", r.resources().hosts())),
      data("window_start_utc", null, r -> Formats.isoInstant(r.window().startEpochMs())),
      figure("Window (UTC start, length)", r -> Formats.timeOfDay(r.window().startEpochMs())
          + ", " + Formats.num(r.window().seconds()) + " s").keys("window_s", "windowSeconds", r -> r.window().seconds())
          .in(RAN),
      data(null, "windowStartEpochMs", r -> r.window().startEpochMs()),
      figure("Warm-up (s)", r -> Formats.num(r.window().warmupSeconds()))
          .keys("warmup_s", "warmupSeconds", r -> r.window().warmupSeconds()).in(RAN),
      figure("Start skew (ms)", r -> Formats.num(r.window().startSkewMs()))
          .keys("start_skew_ms", "startSkewMs", r -> r.window().startSkewMs()).in(RAN),
      text("Runner warm-up (s)", CellText::warmUp)
          .keys("runner_warmup_s", "runnerWarmUpSeconds", r -> r.runnerSide().longestWarmUpSeconds()).in(RAN),
      data("window_compile_share", "windowCompileShare", r -> r.runnerSide().warmth().stream()
          .mapToDouble(w -> w.compileShare()).filter(s -> !Double.isNaN(s)).max().orElse(Double.NaN)),
      data(null, "runnerWarmUps", r -> r.runnerSide().warmth()),
      figure("Clock spread (ms)", r -> r.clockSpread() == null ? "-"
          : Formats.num(r.clockSpread().ms()) + " ± " + Formats.num(r.clockSpread().uncertaintyMs()))
          .keys("clock_spread_ms", "clockSpreadMs", r -> r.clockSpread() == null ? Double.NaN : r.clockSpread().ms())
          .in(RAN),
      data("clock_spread_uncertainty_ms", "clockSpreadUncertaintyMs",
          r -> r.clockSpread() == null ? Double.NaN : r.clockSpread().uncertaintyMs()),
      text("Runner host CPU", CellText::hostCpu).in(RAN),
      text("Endpoint view", CellText::endpointView).in(RAN),
      data("slo", null, r -> r.slo() == null ? "" : r.slo().toString()),
      data(null, "slo", CellResult::slo),
      data("slo_latency_ms", "sloLatencyMs", CellResult::sloLatencyMs),
      data("met_slo", null, r -> r.slo() == null ? null : r.metSlo()),
      data("target_qps_rows", "targetRowsPerSecond", CellResult::targetRowsPerSecond),
      data("target_reached", null, r -> r.isOpenLoop() ? r.targetReached() : null),
      intendedData("intended_avg_ms", Latency::avgMs),
      intendedData("intended_p50_ms", Latency::p50Ms),
      intendedData("intended_p95_ms", Latency::p95Ms),
      intendedData("intended_p99_ms", Latency::p99Ms),
      intendedData("intended_p999_ms", Latency::p999Ms),
      intendedData("intended_max_ms", Latency::maxMs),
      data(null, "intended", CellResult::intended),
      text("Stopped", r -> StopText.stopped(r.stop()).isEmpty() ? "-"
          : StopText.stopped(r.stop())).keys("stopped", "stopped", r -> StopText.stopped(r.stop())).in(RAN),
      data(null, "partitionFigures", CellResult::partitionFigures),
      busiestHost("host_cpu_busy", HostCpu::busy),
      busiestHost("host_cpu_runners", HostCpu::runners),
      busiestHost("host_cpu_endpoint", HostCpu::endpoint),
      busiestHost("host_cpu_others", HostCpu::others),
      busiestHost("host_cpu_steal", HostCpu::steal),
      busiestHost("host_cpu_throttled", HostCpu::throttled),
      data(null, "hostCpu", CellResult::hostCpu),
      data("host_busy_with_other_work", "hostBusyWithOtherWork", CellResult::hostBusyWithOtherWork),
      data(null, "endpointOnRunnerHost", CellResult::endpointOnRunnerHost),
      data("endpoint_busiest_partition_busy", null, r -> busiestPartition(r, EndpointView.PartitionLoad::busy)),
      data("endpoint_mean_wait_ms", null, r -> busiestPartition(r, EndpointView.PartitionLoad::meanWaitMs)),
      data(null, "endpointView", CellResult::endpoint),
      data(null, "serviceErrors", CellResult::serviceErrors),
      text("Bound by", CellText::boundBy).brief(CellText::boundByBrief).in(FIGURES),
      Column.terminal("Bound by", 0, CellText::terminalBoundBy));

  private CellColumns() {}

  /** A column of the request latency, in the first table. */
  private static Column<CellResult> latency(String header, String csvKey, String jsonKey,
      ToDoubleFunction<Latency> read) {
    return figure(header, r -> Formats.ms(read.applyAsDouble(r.latency())))
        .keys(csvKey, jsonKey, r -> read.applyAsDouble(r.latency())).in(FIGURES);
  }

  /** A column of the latency from each request's intended start: "-" for a closed loop. */
  private static Column<CellResult> intended(String header, ToDoubleFunction<Latency> read) {
    return figure(header, r -> {
      double v = r.intended() == null ? Double.NaN : read.applyAsDouble(r.intended());
      return Double.isNaN(v) ? "-" : Formats.ms(v);
    }).onlyIf(CellResult::isOpenLoop).in(INTENDED);
  }

  /** A CSV column of the intended latency: empty for a closed loop. */
  private static Column<CellResult> intendedData(String csvKey, ToDoubleFunction<Latency> read) {
    return data(csvKey, null, r -> r.intended() == null ? null : read.applyAsDouble(r.intended()));
  }

  /** A CSV column of the busiest runner host's shares: empty when not read. */
  private static Column<CellResult> busiestHost(String csvKey, ToDoubleFunction<HostCpu> read) {
    return data(csvKey, null, r -> {
      HostCpu h = r.hostCpu().stream().max(Comparator.comparingDouble(HostCpu::busy)).orElse(null);
      return h == null ? null : read.applyAsDouble(h);
    });
  }

  /** A figure of the mock's busiest partition, or null without the mock's view. */
  private static Double busiestPartition(CellResult r, ToDoubleFunction<EndpointView.PartitionLoad> read) {
    EndpointView.PartitionLoad p = r.endpoint() == null ? null : r.endpoint().busiest();
    return p == null ? null : read.applyAsDouble(p);
  }

  /**
   * What a cell's rows/s carry in every table: "plateau", "knee", and "host busy" when its runner host was busy
   * with other work (the figure may move when measured again on a calm host).
   */
  static List<String> marks(CellResult r) {
    List<String> marks = new ArrayList<>();
    if (r.plateau()) {
      marks.add("plateau");
    }
    if (r.knee()) {
      marks.add("knee");
    }
    if (r.hostBusyWithOtherWork()) {
      marks.add("host busy");
    }
    return marks;
  }

  private static Column<CellResult> figure(String header, Function<CellResult, String> text) {
    return Column.figure(header, text);
  }

  private static Column<CellResult> text(String header, Function<CellResult, String> text) {
    return Column.text(header, text);
  }

  private static Column<CellResult> data(String csvKey, String jsonKey, Function<CellResult, ?> value) {
    return Column.data(csvKey, jsonKey, value);
  }
}
