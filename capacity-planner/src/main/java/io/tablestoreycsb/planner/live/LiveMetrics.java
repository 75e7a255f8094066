package io.tablestoreycsb.planner.live;

import java.util.Locale;

/**
 * A snapshot in the Prometheus text exposition format (version 0.0.4), so that a plan sits beside a cluster's
 * dashboards: progress, the running cell's merged and per-runner rates and percentiles, and each finished cell's.
 */
final class LiveMetrics {
  static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  private LiveMetrics() {}

  static String of(LiveSnapshot s) {
    StringBuilder m = new StringBuilder();
    String plan = "plan=\"" + esc(s.plan()) + "\"";
    gauge(m, "capacity_plan_cells", "Cells in the plan.", plan, s.cellsTotal());
    gauge(m, "capacity_plan_cells_done", "Cells finished.", plan, s.cellsDone());
    gauge(m, "capacity_plan_eta_seconds", "Seconds the plan still needs, from its estimate and the cells so far.",
        plan, s.etaSeconds());
    gauge(m, "capacity_plan_running", "1 while the plan runs, 0 once it has ended.", plan,
        s.state().equals("running") ? 1 : 0);
    LiveSnapshot.Current c = s.current();
    if (c != null) {
      String cell = plan + ",cell=\"" + esc(c.label()) + "\"";
      gauge(m, "capacity_plan_current_rows_per_second",
          "The running cell's rows per second over its last complete interval, all runners.", cell,
          c.merged().rowsPerSecond());
      gauge(m, "capacity_plan_current_status_ops_per_second",
          "The running cell's operations per second from the runners' status lines.", cell, c.statusOpsPerSecond());
      header(m, "capacity_plan_current_latency_ms",
          "The running cell's request latency over its last complete interval, runners merged (not averaged).");
      sample(m, "capacity_plan_current_latency_ms", cell + ",quantile=\"0.5\"", c.merged().p50Ms());
      sample(m, "capacity_plan_current_latency_ms", cell + ",quantile=\"0.99\"", c.merged().p99Ms());
      sample(m, "capacity_plan_current_latency_ms", cell + ",quantile=\"0.999\"", c.merged().p999Ms());
      header(m, "capacity_plan_runner_rows_per_second", "Each runner's rows per second over its last interval.");
      for (LiveSnapshot.RunnerFigures r : c.runners()) {
        sample(m, "capacity_plan_runner_rows_per_second", cell + ",runner=\"" + r.runner() + "\"",
            r.latest().rowsPerSecond());
      }
      header(m, "capacity_plan_runner_latency_ms", "Each runner's request latency over its last interval.");
      for (LiveSnapshot.RunnerFigures r : c.runners()) {
        sample(m, "capacity_plan_runner_latency_ms", cell + ",runner=\"" + r.runner() + "\",quantile=\"0.99\"",
            r.latest().p99Ms());
      }
    }
    header(m, "capacity_plan_cell_rows_per_second", "A finished cell's rows per second in its measured window.");
    for (LiveSnapshot.Finished f : s.finished()) {
      sample(m, "capacity_plan_cell_rows_per_second", plan + ",cell=\"" + esc(f.label()) + "\"", f.rowsPerSecond());
    }
    header(m, "capacity_plan_cell_latency_ms", "A finished cell's request latency in its measured window.");
    for (LiveSnapshot.Finished f : s.finished()) {
      sample(m, "capacity_plan_cell_latency_ms", plan + ",cell=\"" + esc(f.label()) + "\",quantile=\"0.5\"",
          f.p50Ms());
      sample(m, "capacity_plan_cell_latency_ms", plan + ",cell=\"" + esc(f.label()) + "\",quantile=\"0.99\"",
          f.p99Ms());
    }
    return m.toString();
  }

  private static void gauge(StringBuilder m, String name, String help, String labels, double value) {
    header(m, name, help);
    sample(m, name, labels, value);
  }

  private static void header(StringBuilder m, String name, String help) {
    m.append("# HELP ").append(name).append(' ').append(help).append('\n');
    m.append("# TYPE ").append(name).append(" gauge\n");
  }

  private static void sample(StringBuilder m, String name, String labels, double value) {
    m.append(name).append('{').append(labels).append("} ").append(number(value)).append('\n');
  }

  private static String number(double v) {
    return Double.isNaN(v) ? "NaN" : Double.isInfinite(v) ? (v > 0 ? "+Inf" : "-Inf")
        : v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%.3f", v);
  }

  private static String esc(String s) {
    return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
  }
}
