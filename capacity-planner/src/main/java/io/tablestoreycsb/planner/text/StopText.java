package io.tablestoreycsb.planner.text;

import io.tablestoreycsb.kit.report.Formats;
import io.tablestoreycsb.planner.analysis.CellStop;
import io.tablestoreycsb.planner.analysis.SearchMark;
import java.util.Locale;

/**
 * How a cell ended and what a saturation search made of it, in the words of the report's "Stopped" column,
 * the plan's progress and stop.json's sentences for people.
 */
public final class StopText {
  private StopText() {}

  /** The "Stopped" column: why the cell ended, then any search mark; "" when nothing was recorded. */
  public static String stopped(CellStop stop) {
    if (stop == null) {
      return "";
    }
    String reason = reason(stop);
    return stop.mark() == null ? reason : reason + "; " + of(stop.mark());
  }

  /** Why the cell ended: "steady after 2m10s: steady at 2,310 requests/s ...", "ran its 60s". */
  public static String reason(CellStop stop) {
    String duration = Formats.clock(stop.durationSeconds());
    return switch (stop.kind()) {
      case RAN_DURATION -> "ran its " + duration;
      case STEADY -> "steady after " + Formats.clock(stop.steadyAfterSeconds()) + ": " + stop.judgement();
      case CAP_UNSTEADY -> "reached its cap of " + duration + " before its rate was steady (" + stop.judgement() + ")";
      case OUT_OF_REACH -> "stopped after " + Formats.clock(stop.steadyAfterSeconds()) + ", short of its cap of "
          + duration + ": " + stop.judgement();
      case NOT_JUDGED -> "ran its " + duration + " (its rate was not judged: the cell was too short, or its executor"
          + " cannot stop runners early)";
      case NOT_RECORDED -> "";
    };
  }

  /** A search's mark or conclusion. */
  public static String of(SearchMark mark) {
    if (mark instanceof SearchMark.Knee k) {
      return String.format(Locale.ROOT, "knee (%d to %d threads added %+.0f%% rows/s)", k.threads(), k.toThreads(),
          k.growth() * 100);
    }
    if (mark instanceof SearchMark.KneeWithinSlo k) {
      return "knee (the last thread point within " + k.slo() + ")";
    }
    if (mark instanceof SearchMark.KneeAtProbe k) {
      return String.format(Locale.ROOT, "knee (at or below %d threads: it gave %+.0f%% over the best before it, %,.0f"
          + " rows/s, where the two-step rule had stopped; the points between were not tried)", k.threads(),
          k.growth() * 100, k.bestQpsRows());
    }
    if (mark instanceof SearchMark.Overturned o) {
      return String.format(Locale.ROOT, "the two-step rule's knee, overturned: %d threads gave %+.0f%%",
          o.probeThreads(), o.growth() * 100);
    }
    if (mark instanceof SearchMark.BrokeSlo b) {
      return String.format(Locale.ROOT, "saturation search stopped at %d threads: %s %.2f ms broke %s", b.threads(),
          b.slo().percentileName(), b.latencyMs(), b.slo());
    }
    if (mark instanceof SearchMark.Levelled l) {
      return String.format(Locale.ROOT, "saturation search stopped at %d threads: rows/s grew %+.0f%% over the last"
          + " two steps (under %.0f%%)", l.threads(), l.growth() * 100, l.gain() * 100)
          + (l.probeThreads() > 0 ? "; probing " + l.probeThreads() + " threads to confirm" : "");
    }
    if (mark instanceof SearchMark.ProbeBrokeSlo p) {
      return String.format(Locale.ROOT, "%s: %s %.2f ms broke %s; the knee at %d threads stands", probe(p.threads()),
          p.slo().percentileName(), p.latencyMs(), p.slo(), p.kneeThreads());
    }
    if (mark instanceof SearchMark.ProbeNoEvidence p) {
      return String.format(Locale.ROOT, "%s: %,.0f rows/s is no evidence (%s); the knee at %d threads stands"
          + " unconfirmed", probe(p.threads()), p.qpsRows(), of(p.why()), p.kneeThreads());
    }
    if (mark instanceof SearchMark.ProbeConfirmed p) {
      return String.format(Locale.ROOT, "%s: %+.0f%% over the best before it (%,.0f rows/s), within %.0f%%: the knee"
          + " at %d threads stands", probe(p.threads()), p.growth() * 100, p.bestQpsRows(), p.gain() * 100,
          p.kneeThreads());
    }
    if (mark instanceof SearchMark.ProbeClimbing p) {
      return String.format(Locale.ROOT, "%s: %+.0f%% over the best before it (%,.0f rows/s), beyond %.0f%%: the rate"
          + " was still climbing; the knee is at or below %d threads", probe(p.threads()), p.growth() * 100,
          p.bestQpsRows(), p.gain() * 100, p.threads());
    }
    if (mark instanceof SearchMark.NoEvidence n) {
      return String.format(Locale.ROOT, "%,.0f rows/s at %d threads is no evidence of saturation (%s): the search"
          + " goes on", n.qpsRows(), n.threads(), of(n.why()));
    }
    if (mark instanceof SearchMark.Skipped s) {
      return of(s.why()) + (s.probeThreads() > 0 ? "; probing " + s.probeThreads() + " threads" : "");
    }
    throw new IllegalArgumentException("no words for " + mark);
  }

  /** Why a cell's rows/s are no evidence of where the rate levels off. */
  public static String of(SearchMark.Unproven why) {
    return why.unsteadyAtCap() ? "its rate was not steady by its cap" : VerdictText.of(why.verdict());
  }

  private static String probe(int threads) {
    return "probe at " + threads + " threads";
  }
}
