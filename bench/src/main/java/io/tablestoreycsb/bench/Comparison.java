package io.tablestoreycsb.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/** The measured rounds of one comparison: side A's and side B's sample of each round, and how they went. */
public final class Comparison {
  private final String name;
  private final String labelA;
  private final String labelB;
  /** The reference side run beside A and B in every round, or null (see {@link Rounds}). */
  private final String labelC;
  private final ErrorBudget budget;
  private final int warmupPairs;
  private final List<SideRun> a = new ArrayList<>();
  private final List<SideRun> b = new ArrayList<>();
  private final List<SideRun> c = new ArrayList<>();
  int reruns;
  int keptWithFailures;

  Comparison(String name, String labelA, String labelB, ErrorBudget budget, int warmupPairs) {
    this(name, labelA, labelB, null, budget, warmupPairs);
  }

  Comparison(String name, String labelA, String labelB, String labelC, ErrorBudget budget, int warmupPairs) {
    this.name = name;
    this.labelA = labelA;
    this.labelB = labelB;
    this.labelC = labelC;
    this.budget = budget;
    this.warmupPairs = warmupPairs;
  }

  void add(SideRun sa, SideRun sb) {
    add(sa, sb, null);
  }

  /** One round; {@code sc} is the reference side's run, null without one. */
  void add(SideRun sa, SideRun sb, SideRun sc) {
    a.add(sa);
    b.add(sb);
    if (labelC != null) {
      c.add(sc);
    }
  }

  /**
   * A against the reference side C of the same rounds, as a comparison of its own named {@code name}
   * (its estimates are A/C; warm-up, reruns and failed calls are the rounds' own, all sides counted).
   */
  public Comparison againstReference(String name) {
    if (labelC == null) {
      throw new IllegalStateException("comparison " + this.name + " ran no reference side");
    }
    Comparison versusC = new Comparison(name, labelA, labelC, budget, warmupPairs);
    for (int i = 0; i < a.size(); i++) {
      versusC.add(a.get(i), c.get(i));
    }
    versusC.reruns = reruns;
    versusC.keptWithFailures = keptWithFailures;
    return versusC;
  }

  public String name() {
    return name;
  }

  public int rounds() {
    return a.size();
  }

  /** Warm-up pairs run before the rounds (each side ran this many warm-up runs first). */
  public int warmupPairs() {
    return warmupPairs;
  }

  public int reruns() {
    return reruns;
  }

  public int keptWithFailures() {
    return keptWithFailures;
  }

  /** Side A's runs, one a round. */
  public List<SideRun> runsA() {
    return List.copyOf(a);
  }

  /** Side B's runs, one a round. */
  public List<SideRun> runsB() {
    return List.copyOf(b);
  }

  /** The per-round ratios {@code metric(A) / metric(B)}. */
  public List<Double> roundRatios(Metric metric) {
    List<Double> ratios = new ArrayList<>(a.size());
    for (int i = 0; i < a.size(); i++) {
      ratios.add(metric.of(a.get(i)) / metric.of(b.get(i)));
    }
    return ratios;
  }

  public RatioInterval estimate(Metric metric) {
    return RatioInterval.of(roundRatios(metric));
  }

  /** Per-round values of any function of both samples (e.g. the server's share of all CPU). */
  public List<Double> perRound(ToDoubleFunction<SideRun> ofA) {
    return a.stream().map(ofA::applyAsDouble).toList();
  }

  /** The stderr line of round {@code r} (0-based). */
  String roundLine(int r, Metric decidingMetric) {
    SideRun sa = a.get(r);
    SideRun sb = b.get(r);
    String line = String.format(Locale.ROOT, "round %s %d: %s %s | %s %s", name, r + 1, labelA, describe(sa), labelB,
        describe(sb));
    if (labelC != null) {
      line += String.format(Locale.ROOT, " | %s %s", labelC, describe(c.get(r)));
    }
    line += String.format(Locale.ROOT, " | ratio %s %.3f, ops/s %.3f", decidingMetric.unit(),
        decidingMetric.of(sa) / decidingMetric.of(sb), sa.rate() / sb.rate());
    if (labelC != null) {
      line += String.format(Locale.ROOT, "; %s/%s %s %.3f", labelA, labelC, decidingMetric.unit(),
          decidingMetric.of(sa) / decidingMetric.of(c.get(r)));
    }
    return line;
  }

  private static String describe(SideRun s) {
    String server = Double.isNaN(s.serverCpuSeconds()) ? ""
        : String.format(Locale.ROOT, ", server %.1f us/op (%.2f cores, JIT %.2f)", s.serverMicrosPerOp(),
            s.serverCpuSeconds() / s.seconds(), s.serverJitSeconds() / s.seconds());
    return String.format(Locale.ROOT, "%.0f ops/s, client %.1f us/op (%.2f cores, JIT %.2f)%s", s.rate(),
        s.clientMicrosPerOp(), s.clientCpuSeconds() / s.seconds(), s.clientJitSeconds() / s.seconds(), server);
  }

  /**
   * The summary detail line: medians of each side, the ratios' spread, reruns and failures, e.g.
   * {@code detail binding-vs-sdk-cpu-read medians ycsb: 12387 ops/s, client 96.24 us/op (JIT 0.08 cores), server 55.17 us/op | sdk: ... | rounds=7 ...}.
   */
  public String detailLine() {
    String reference = labelC == null ? "" : " | " + labelC + ": " + medians(c);
    return String.format(Locale.ROOT,
        "detail %s medians %s: %s | %s: %s%s | rounds=%d warm-up-pairs=%d reruns=%d kept-with-failures=%d calls=%d failed=%d",
        name, labelA, medians(a), labelB, medians(b), reference, rounds(), warmupPairs, reruns, keptWithFailures,
        budget.calls(), budget.failures());
  }

  private static String medians(List<SideRun> samples) {
    double rate = Stats.median(samples.stream().map(SideRun::rate).toList());
    double client = Stats.median(samples.stream().map(SideRun::clientMicrosPerOp).toList());
    double jit = samples.stream().mapToDouble(SideRun::clientJitSeconds).sum()
        / samples.stream().mapToDouble(SideRun::seconds).sum();
    String text = String.format(Locale.ROOT, "%.0f ops/s, client %.2f us/op (JIT %.2f cores)", rate, client, jit);
    if (!Double.isNaN(samples.get(0).serverCpuSeconds())) {
      text += String.format(Locale.ROOT, ", server %.2f us/op", Stats.median(samples.stream().map(SideRun::serverMicrosPerOp).toList()));
    }
    return text;
  }

  /**
   * A detail line for a ratio that is not the comparison's goal (e.g. the throughput ratio next to
   * a CPU goal): {@code detail NAME VALUE (95% CI LOW..HIGH, N rounds) WHAT}.
   */
  public String estimateLine(String ratioName, Metric metric, String what) {
    return String.format(Locale.ROOT, "detail %s %s %s", ratioName, estimate(metric), what);
  }
}
