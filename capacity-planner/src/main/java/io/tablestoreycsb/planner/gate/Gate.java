package io.tablestoreycsb.planner.gate;

import io.tablestoreycsb.binding.config.Suggestions;
import io.tablestoreycsb.kit.report.Formats;
import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.analysis.Latency;
import io.tablestoreycsb.planner.diff.AnswerFigure;
import io.tablestoreycsb.planner.diff.PlanDiff;
import io.tablestoreycsb.planner.report.SloTable;
import io.tablestoreycsb.planner.threshold.Scope;
import io.tablestoreycsb.planner.threshold.Threshold;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * Judges a plan's results against thresholds ({@code --fail-if}, a matrix's {@code fail-if}): the SLO answers
 * ({@link SloTable}) for {@code slo < N}, every cell's merged latency for {@code p99 > D}. A threshold whose scope
 * names a case, instance type or partition count the results do not have is a mistake, not a pass: it says so
 * with the name most likely meant.
 */
public final class Gate {
  /** Breaches printed per threshold; the rest are counted. */
  static final int SHOWN = 8;

  private Gate() {}

  /**
   * Refuses thresholds that compare two plans where there is one ({@code run}, {@code report}).
   *
   * @param option where they came from, for the message ("--fail-if")
   */
  public static void checkSinglePlan(Collection<Threshold> thresholds, String option) {
    for (Threshold t : thresholds) {
      if (t.needsBaseline()) {
        throw new IllegalArgumentException(option + ": '" + t + "' compares two plans: use it with "
            + "'capacity-plan diff BASE NEW'");
      }
    }
  }

  /** Refuses a threshold whose case is none of {@code caseNames}, naming the one most likely meant. */
  public static void checkCases(Collection<Threshold> thresholds, Collection<String> caseNames, String option) {
    for (Threshold t : thresholds) {
      String c = t.scope().caseName();
      if (c != null && !caseNames.contains(c)) {
        throw new IllegalArgumentException(option + ": '" + t + "': no case '" + c + "'"
            + Suggestions.likelyMeant(c, caseNames).map(m -> "; did you mean '" + m + "'?")
                .orElse("; the cases are " + String.join(", ", new TreeSet<>(caseNames))));
      }
    }
  }

  /** Judges each single-plan threshold against the plan's cells. */
  public static List<ThresholdCheck> judge(List<Threshold> thresholds, List<CellResult> rows) {
    checkSinglePlan(thresholds, "--fail-if");
    checkScopes(thresholds, rows);
    List<ThresholdCheck> out = new ArrayList<>();
    for (Threshold t : thresholds) {
      if (t instanceof Threshold.SloBelow s) {
        out.add(sloBelow(s, SloTable.answers(rows), rows));
      } else if (t instanceof Threshold.LatencyAbove l) {
        out.add(latencyAbove(l, rows));
      }
    }
    return out;
  }

  /**
   * Refuses a scope that matches none of the cells: a misspelled case would otherwise pass every time.
   */
  public static void checkScopes(List<Threshold> thresholds, List<CellResult> rows) {
    Set<String> cases = new TreeSet<>();
    Set<String> instances = new TreeSet<>();
    Set<Integer> partitions = new TreeSet<>();
    rows.forEach(r -> {
      cases.add(r.cell().caseName());
      instances.add(r.cell().instanceType());
      partitions.add(r.cell().partitions());
    });
    checkCases(thresholds, cases, "--fail-if");
    for (Threshold t : thresholds) {
      Scope s = t.scope();
      if (s.instanceType() != null && !instances.contains(s.instanceType())) {
        throw new IllegalArgumentException("--fail-if: '" + t + "': no instance type '" + s.instanceType() + "'"
            + Suggestions.likelyMeant(s.instanceType(), instances).map(m -> "; did you mean '" + m + "'?")
                .orElse("; the plans have " + String.join(", ", instances)));
      }
      if (!rows.isEmpty() && rows.stream().noneMatch(r -> in(s, r))) {
        throw new IllegalArgumentException("--fail-if: '" + t + "' matches no cell (partition counts: "
            + partitions + ")");
      }
    }
  }

  static boolean in(Scope s, CellResult r) {
    return s.matches(r.cell().instanceType(), r.cell().caseName(), r.cell().partitions(), r.cell().threads());
  }

  private static ThresholdCheck sloBelow(Threshold.SloBelow t, List<SloTable.Answer> answers, List<CellResult> rows) {
    List<String> breaches = new ArrayList<>();
    int judged = 0;
    int unjudged = 0;
    for (SloTable.Answer a : answers) {
      if (!t.scope().matches(a.instanceType(), caseOf(a), a.partitions(), null)) {
        continue;
      }
      judged++;
      AnswerFigure figure = AnswerFigure.of(a, rows);
      unjudged += figure.judged() ? 0 : 1;
      if (figure.rowsPerSecond() < t.rowsPerSecond()) {
        breaches.add(answerName(a) + ": " + (figure.cell() == null ? "no cell met " + a.slo() + " (counts as 0 rows/s)"
            : Formats.num(figure.rowsPerSecond()) + " rows/s within " + a.slo()) + figure.note() + ", below "
            + Formats.num(t.rowsPerSecond()));
      }
    }
    if (judged == 0) {
      // No objective: nothing can be judged, and a gate that silently passes is no gate.
      breaches.add("no SLO answer to judge: no cell in scope has a latency objective (set slo in the matrix, or "
          + "--slo)");
    }
    return new ThresholdCheck(t, judged + " SLO answer(s)" + (unjudged == 0 ? "" : ", " + unjudged
        + " of them from cells the report could not judge"), breaches);
  }

  private static ThresholdCheck latencyAbove(Threshold.LatencyAbove t, List<CellResult> rows) {
    List<String> breaches = new ArrayList<>();
    int judged = 0;
    for (CellResult r : rows) {
      if (!in(t.scope(), r) || r.latencyUs().getTotalCount() == 0) {
        continue;
      }
      judged++;
      double ms = Latency.percentileMs(r.latencyUs(), t.percentile());
      if (ms > t.boundMs()) {
        breaches.add(cellName(r) + ": " + percentileName(t.percentile()) + " " + Formats.ms(ms) + " ms, above "
            + Formats.ms(t.boundMs()) + " ms" + (r.evidence() ? "" : " (an unsteady cell)"));
      }
    }
    return new ThresholdCheck(t, judged + " cell(s)", breaches);
  }

  /**
   * Judges thresholds against a diff: regressions compare the two plans, the others judge the new plan alone.
   */
  public static List<ThresholdCheck> judge(List<Threshold> thresholds, PlanDiff diff) {
    List<Threshold> single = thresholds.stream().filter(t -> !t.needsBaseline()).toList();
    checkScopes(single, diff.newRows());
    List<ThresholdCheck> singles = judge(single, diff.newRows());
    List<ThresholdCheck> out = new ArrayList<>();
    int next = 0;
    for (Threshold t : thresholds) {
      if (t instanceof Threshold.SloRegression s) {
        out.add(sloRegression(s, diff));
      } else if (t instanceof Threshold.LatencyRegression l) {
        out.add(latencyRegression(l, diff));
      } else {
        out.add(singles.get(next++));
      }
    }
    return out;
  }

  private static ThresholdCheck sloRegression(Threshold.SloRegression t, PlanDiff diff) {
    List<String> breaches = new ArrayList<>();
    int judged = 0;
    for (PlanDiff.AnswerChange a : diff.answers()) {
      if (a.base() == null || !t.scope().matches(a.instanceType(), a.caseName(), a.partitions(), null)) {
        continue;
      }
      double before = a.baseFigure().rowsPerSecond();
      if (!(before > 0)) {
        continue;
      }
      judged++;
      double after = a.after() == null ? 0 : a.newFigure().rowsPerSecond();
      double change = (after - before) / before;
      if (-change > t.fraction()) {
        breaches.add(a.label() + ": SLO answer " + Formats.num(before) + " -> " + (a.after() == null ? "not run"
            : Formats.num(after)) + " rows/s (" + String.format(Locale.ROOT, "%+.1f%%", change * 100)
            + "), beyond -" + Formats.num(t.fraction() * 100) + "%");
      }
    }
    if (judged == 0) {
      breaches.add("no SLO answer of the base plan to compare: no case in scope met an objective there");
    }
    return new ThresholdCheck(t, judged + " SLO answer(s)", breaches);
  }

  private static ThresholdCheck latencyRegression(Threshold.LatencyRegression t, PlanDiff diff) {
    List<String> breaches = new ArrayList<>();
    int judged = 0;
    for (PlanDiff.CellChange c : diff.cells()) {
      if (!in(t.scope(), c.after())) {
        continue;
      }
      double before = Latency.percentileMs(c.base().latencyUs(), t.percentile());
      double after = Latency.percentileMs(c.after().latencyUs(), t.percentile());
      if (!(before > 0)) {
        continue;
      }
      judged++;
      double change = (after - before) / before;
      if (change > t.fraction()) {
        breaches.add(c.label() + ": " + percentileName(t.percentile()) + " " + Formats.ms(before) + " -> "
            + Formats.ms(after) + " ms (" + String.format(Locale.ROOT, "%+.1f%%", change * 100) + "), beyond +"
            + Formats.num(t.fraction() * 100) + "%" + (c.p99Ms().withinNoise() && t.percentile() == PlanDiff.PERCENTILE
                ? " (within the per-interval noise)" : ""));
      }
    }
    return new ThresholdCheck(t, judged + " cell(s) in both plans", breaches);
  }

  /** The case name of an answer (its title carries the sweep setting after a comma). */
  public static String caseOf(SloTable.Answer a) {
    int comma = a.caseTitle().indexOf(',');
    return comma < 0 ? a.caseTitle() : a.caseTitle().substring(0, comma);
  }

  /** "mock random-read p=16". */
  public static String answerName(SloTable.Answer a) {
    return a.instanceType() + " " + a.caseTitle() + " p=" + a.partitions();
  }

  /** "mock random-read p=16 threads=8". */
  public static String cellName(CellResult r) {
    return r.cell().instanceType() + " " + r.cell().caseName()
        + (r.cell().sweep().isEmpty() ? "" : " " + r.cell().sweep()) + " p=" + r.cell().partitions() + " threads="
        + r.cell().threads();
  }

  static String percentileName(double p) {
    return "p" + (p == Math.rint(p) ? Long.toString((long) p) : String.format(Locale.ROOT, "%s", p));
  }

  /**
   * Prints each threshold with what it judged and, when breached, why; returns the exit status they call for:
   * {@link Threshold#EXIT_BREACHED} when one was breached, else 0.
   */
  public static int print(List<ThresholdCheck> checks, PrintWriter out) {
    if (checks.isEmpty()) {
      return 0;
    }
    out.println();
    int breached = 0;
    for (ThresholdCheck j : checks) {
      if (!j.breached()) {
        out.printf("threshold '%s': held (judged: %s)%n", j.threshold(), j.judged());
        continue;
      }
      breached++;
      out.printf("threshold '%s': BREACHED by %d of %s%n", j.threshold(), j.breaches().size(), j.judged());
      j.breaches().stream().limit(SHOWN).forEach(b -> out.println("  " + b));
      if (j.breaches().size() > SHOWN) {
        out.printf("  ... and %d more%n", j.breaches().size() - SHOWN);
      }
    }
    if (breached > 0) {
      out.printf("%d of %d threshold(s) breached: exit status %d%n", breached, checks.size(),
          Threshold.EXIT_BREACHED);
    }
    out.flush();
    return breached > 0 ? Threshold.EXIT_BREACHED : 0;
  }
}
