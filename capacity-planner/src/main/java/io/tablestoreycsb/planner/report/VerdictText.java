package io.tablestoreycsb.planner.report;

import io.tablestoreycsb.planner.analysis.Verdict;
import java.util.Locale;

/** A verdict as the report's "Bound by" column says it. */
public final class VerdictText {
  private VerdictText() {}

  public static String of(Verdict verdict) {
    if (verdict instanceof Verdict.Service) {
      return "service";
    }
    if (verdict instanceof Verdict.Client c) {
      return String.format(Locale.ROOT, "client (%.0f%% of identity)", c.identityRatio() * 100);
    }
    if (verdict instanceof Verdict.ClientCpu c) {
      return String.format(Locale.ROOT, "client CPU (%.1f of %d cores on host %s)", c.cores(), c.cpus(), c.host());
    }
    if (verdict instanceof Verdict.NoCommonWindow) {
      return "unsteady (no two status intervals when every runner was past its start-up; run longer cells)";
    }
    if (verdict instanceof Verdict.ShortWindow w) {
      return String.format(Locale.ROOT, "unsteady (the %.1f s window is under %d mean latencies of %.2f s; run"
          + " longer cells)", w.windowSeconds(), w.minLatencies(), w.meanLatencySeconds());
    }
    if (verdict instanceof Verdict.AboveIdentity) {
      return "unsteady (window too short for its latency; run longer cells)";
    }
    if (verdict instanceof Verdict.TargetMet) {
      return "target met";
    }
    if (verdict instanceof Verdict.TargetNotReached t) {
      return String.format(Locale.ROOT, "target not reached (%.0f%% of it): %s", t.ofTarget() * 100, of(t.cause()));
    }
    if (verdict instanceof Verdict.ThreadsWaited) {
      return "every thread was waiting on the service";
    }
    throw new IllegalArgumentException("no words for " + verdict);
  }
}
