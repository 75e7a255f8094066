package io.tablestoreycsb.planner.text;

import io.tablestoreycsb.kit.report.Formats;
import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.analysis.EndpointView;
import io.tablestoreycsb.planner.analysis.HostCpu;
import io.tablestoreycsb.planner.analysis.RunnerWarmth;
import io.tablestoreycsb.planner.runner.WarmUp;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.Locale;

/** A cell's columns of words ({@link CellColumns}): the runner host, the endpoint's view, the verdict. */
public final class CellText {
  private CellText() {}

  /**
   * The "Runner warm-up (s)" column: the longest warm-up of the cell's runners before its gate, and how the
   * warm-ups ended when not every one settled (or needed none); "-" when no runner reported one.
   */
  public static String warmUp(CellResult r) {
    List<RunnerWarmth> warmth = r.runnerSide().warmth();
    if (warmth.isEmpty() || warmth.stream().allMatch(w -> w.warmUp().warmUpOutcome() == WarmUp.Outcome.NOT_REPORTED)) {
      return "-";
    }
    Set<WarmUp.Outcome> unusual = EnumSet.noneOf(WarmUp.Outcome.class);
    warmth.forEach(w -> unusual.add(w.warmUp().warmUpOutcome()));
    unusual.remove(WarmUp.Outcome.SETTLED);
    unusual.remove(WarmUp.Outcome.ALREADY_WARM);
    String figure = Formats.num(r.runnerSide().longestWarmUpSeconds());
    if (unusual.isEmpty()) {
      return warmth.stream().allMatch(w -> w.warmUp().warmUpOutcome() == WarmUp.Outcome.ALREADY_WARM)
          ? figure + " (warm)" : figure;
    }
    return figure + " (" + unusual.stream().map(CellText::outcome).collect(Collectors.joining(", ")) + ")";
  }

  private static String outcome(WarmUp.Outcome outcome) {
    return switch (outcome) {
      case CAPPED -> "not settled by its cap";
      case REFUSED -> "refused by the endpoint";
      case OFF -> "switched off";
      case NOT_THE_BINDING -> "not the binding";
      case TABLE_LOAD -> "a table load";
      case NOT_REPORTED -> "not reported";
      case SETTLED -> "settled";
      case ALREADY_WARM -> "warm";
    };
  }

  /** The "Runner host CPU" column: the busiest runner host and what used it; "-" when not read. */
  public static String hostCpu(CellResult r) {
    HostCpu h = r.hostCpu().stream().max(Comparator.comparingDouble(HostCpu::busy)).orElse(null);
    if (h == null) {
      return "-";
    }
    String endpoint = h.endpointLocal() ? String.format(Locale.ROOT, ", endpoint %.0f%%", h.endpoint() * 100) : "";
    String throttled = Double.isNaN(h.throttled()) ? ""
        : String.format(Locale.ROOT, ", throttled %.0f%%", h.throttled() * 100);
    return String.format(Locale.ROOT, "%s%.0f%% of %d (runners %.0f%%%s, others %.0f%%, steal %.0f%%%s)",
        r.hostCpu().size() > 1 ? h.host() + " " : "", h.busy() * 100, h.cpus(), h.runners() * 100, endpoint,
        h.others() * 100, h.steal() * 100, throttled);
  }

  /**
   * The "Endpoint view" column: the mock's busiest partition and its queueing (and injected latency), or a real
   * service's refusals; "-" when there is neither.
   */
  public static String endpointView(CellResult r) {
    EndpointView e = r.endpoint();
    if (e != null) {
      EndpointView.PartitionLoad p = e.busiest();
      EndpointView.InjectedLatency i = e.mostInjected();
      String partitions = p == null ? "no capacity limit" : String.format(Locale.ROOT,
          "P%d %.0f%% busy, waited %.1f ms", p.partition(), p.busy() * 100, p.meanWaitMs());
      return partitions + (i == null ? "" : String.format(Locale.ROOT, "; %s +%.2f ms injected", i.action(),
          i.meanMs()));
    }
    if (r.serviceErrors().perSecond() > 0) {
      return String.format(Locale.ROOT, "%.1f throttled/s, %.1f server-busy/s", r.serviceErrors().throttledPerSecond(),
          r.serviceErrors().unavailablePerSecond());
    }
    return "-";
  }

  /** The "Bound by" column: the verdict, and the failed operations when there were any. */
  public static String boundBy(CellResult r) {
    return VerdictText.of(r.verdict()) + failed(r);
  }

  /** The "Bound by" column of report.html's cells table: the brief verdict ({@link VerdictText#brief}). */
  public static String boundByBrief(CellResult r) {
    return VerdictText.brief(r.verdict()) + failed(r);
  }

  private static String failed(CellResult r) {
    return r.rates().failed() > 0 ? "; " + r.rates().failed() + " failed" : "";
  }

  /**
   * The terminal's "Bound by": the verdict, the marks in words, and an open-loop cell's target and its latency
   * from the intended start.
   */
  public static String terminalBoundBy(CellResult r) {
    String marks = (r.plateau() ? ", plateau" : "") + (r.knee() ? ", knee" : "")
        + (r.hostBusyWithOtherWork() ? ", host busy with other work" : "");
    String openLoop = !r.isOpenLoop() ? "" : "; target " + Formats.num(r.targetRowsPerSecond())
        + (r.intended() == null ? "" : ", intended avg " + Formats.ms(r.intended().avgMs()) + " ms, p99 "
            + Formats.ms(r.intended().p99Ms()) + " ms");
    return VerdictText.of(r.verdict()) + marks + openLoop;
  }
}
