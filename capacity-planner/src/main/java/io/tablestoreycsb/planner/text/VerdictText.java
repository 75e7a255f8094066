package io.tablestoreycsb.planner.text;

import io.tablestoreycsb.planner.analysis.EndpointView;
import io.tablestoreycsb.planner.analysis.HostCpu;
import io.tablestoreycsb.planner.analysis.Verdict;
import java.util.Locale;

/** A verdict as the report's "Bound by" column says it. */
public final class VerdictText {
  private VerdictText() {}

  /** The verdict with every figure behind it. */
  public static String of(Verdict verdict) {
    return of(verdict, false);
  }

  /**
   * The verdict in at most two lines of report.html's cells table: without the busiest partition's and the
   * runner host's shares, which its "How each cell ran" table shows in the Endpoint view and Runner host CPU
   * columns (and the cell's title attribute in full).
   */
  public static String brief(Verdict verdict) {
    return of(verdict, true);
  }

  private static String of(Verdict verdict, boolean brief) {
    if (verdict instanceof Verdict.Service) {
      return "service";
    }
    if (verdict instanceof Verdict.PartitionsAtCapacity p) {
      String partitions = brief ? String.format(Locale.ROOT, "service: the mock's partitions at capacity (%d of %d"
          + " at %.0f%% or more)", p.atCapacity(), p.partitions(), EndpointView.AT_CAPACITY * 100)
          : String.format(Locale.ROOT, "service: the mock's partitions at capacity (P%d %.0f%% busy, responses"
          + " waited %.1f ms on average; %d of %d partitions at %.0f%% or more)", p.partition(), p.busy() * 100,
          p.meanWaitMs(), p.atCapacity(), p.partitions(), EndpointView.AT_CAPACITY * 100);
      return partitions + (p.saturatedHost() == null ? "" : "; the latency also includes the saturated runner "
          + host(p.saturatedHost(), brief));
    }
    if (verdict instanceof Verdict.InjectedLatency i) {
      return String.format(Locale.ROOT, "service: injected latency (%s rule added %.2f ms of the %.2f ms mean)",
          i.action(), i.meanMs(), i.latencyMeanMs()) + (i.saturatedHost() == null ? ""
          : "; the rest includes the saturated runner " + host(i.saturatedHost(), brief));
    }
    if (verdict instanceof Verdict.PartitionServiceTime t) {
      return String.format(Locale.ROOT, "service: the mock's partitions serving each request's rows (%.1f ms of the"
          + " %.1f ms mean)", t.meanServeMs(), t.latencyMeanMs());
    }
    if (verdict instanceof Verdict.ServiceRefused r) {
      return String.format(Locale.ROOT, "service: it refused requests (%.1f throttling and %.1f server-busy errors/s"
          + " at %.0f requests/s)", r.throttledPerSecond(), r.unavailablePerSecond(), r.requestsPerSecond());
    }
    if (verdict instanceof Verdict.RunnerHost h) {
      return "runner host, not the service: " + host(h.cpu(), brief);
    }
    if (verdict instanceof Verdict.MockProcessing m) {
      return String.format(Locale.ROOT, "the mock's own processing, not its service model (busiest partition"
          + " %.0f%% busy, no latency injected%s%s)", m.busiestPartition() * 100,
          Double.isNaN(m.endpointCores()) ? "" : String.format(Locale.ROOT, "; the mock used %.1f cores",
              m.endpointCores()), m.local() ? ", on a runner host" : "");
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
    if (verdict instanceof Verdict.StillCompiling c) {
      return String.format(Locale.ROOT, "unsteady (runner %d was still compiling: %.0f%% of a processor in JIT"
          + " compilation over the window, after a %.1f s warm-up that %s)", c.runnerIndex(), c.compileShare() * 100,
          c.warmUpSeconds(), switch (c.warmUpOutcome()) {
            case SETTLED -> "had settled";
            case ALREADY_WARM -> "it did not need";
            case CAPPED -> "did not settle by its cap";
            case OFF -> "was switched off";
            case REFUSED -> "the endpoint refused";
            case NOT_THE_BINDING, NOT_REPORTED -> "it did not report";
            case TABLE_LOAD -> "a table load does not make";
          });
    }
    if (verdict instanceof Verdict.AboveIdentity) {
      return "unsteady (window too short for its latency; run longer cells)";
    }
    if (verdict instanceof Verdict.TargetMet) {
      return "target met";
    }
    if (verdict instanceof Verdict.TargetNotReached t) {
      return String.format(Locale.ROOT, "target not reached (%.0f%% of it): %s", t.ofTarget() * 100, of(t.cause(), brief));
    }
    if (verdict instanceof Verdict.ThreadsWaited) {
      return "every thread was waiting on the service";
    }
    throw new IllegalArgumentException("no words for " + verdict);
  }

  /**
   * A runner host's processors and what used them: "host h 97% busy of 2 cores (runners 41%, the local
   * endpoint 30%, other processes 24%, steal 2%); mostly other processes".
   */
  public static String host(HostCpu h) {
    return host(h, false);
  }

  /** Briefly: "host h (97% busy, mostly other processes)". */
  private static String host(HostCpu h, boolean brief) {
    if (brief) {
      return String.format(Locale.ROOT, "host %s (%.0f%% busy, mostly %s)", h.host(), h.busy() * 100, h.mainUser());
    }
    String throttled = Double.isNaN(h.throttled()) ? ""
        : String.format(Locale.ROOT, ", container throttled in %.0f%% of its periods", h.throttled() * 100);
    return String.format(Locale.ROOT, "host %s %.0f%% busy of %d cores (runners %.0f%%, %s %.0f%%, other processes"
        + " %.0f%%, steal %.0f%%%s); mostly %s", h.host(), h.busy() * 100, h.cpus(), h.runners() * 100,
        h.endpointLocal() ? "the local endpoint" : "endpoint (elsewhere)", h.endpoint() * 100, h.others() * 100,
        h.steal() * 100, throttled, h.mainUser());
  }
}
