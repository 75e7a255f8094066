package io.tablestoreycsb.planner.report;

import io.tablestoreycsb.planner.analysis.CellAnalyzer;
import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.analysis.Plateaus;
import io.tablestoreycsb.planner.analysis.RunnerResult;
import io.tablestoreycsb.planner.matrix.Slo;
import io.tablestoreycsb.planner.matrix.TargetLabel;
import io.tablestoreycsb.planner.plan.StopFile;
import io.tablestoreycsb.planner.runner.CellKey;
import io.tablestoreycsb.planner.runner.RunnerRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Every cell found under one or more output directories. Runners are grouped by what their runner.json
 * says (instance type, case, partitions, threads, sweep), not by where they sit, so directories copied
 * from several runner machines merge into one cell.
 *
 * @param rows successful cells, sorted by instance type, case, sweep, partitions, threads
 * @param failures cells with a failed runner: label and error
 * @param header what the report states above its tables (run period, endpoint, versions, row size)
 */
public record ReportData(List<CellResult> rows, Map<String, String> failures, ReportHeader header) {

  /** Case order of the paper. */
  private static final List<String> CASE_ORDER = List.of("random-write", "batch-write", "random-read", "range-read");

  public static ReportData collect(List<Path> dirs) throws IOException {
    return collect(dirs, null);
  }

  /**
   * Every cell below {@code dirs}, each judged by {@code sloOverride} when given, else by the objective its
   * plan recorded for its case ({@link PlanRecord.Objectives#sloOf}).
   */
  public static ReportData collect(List<Path> dirs, Slo sloOverride) throws IOException {
    Map<CellKey, List<Path>> runnersByCell = new LinkedHashMap<>();
    HeaderFacts facts = new HeaderFacts();
    for (Path dir : dirs) {
      if (!Files.isDirectory(dir)) {
        throw new IOException(dir + ": not a directory");
      }
      try (Stream<Path> files = Files.walk(dir)) {
        for (Path f : files.filter(ReportData::isRecord).sorted().toList()) {
          if (f.getFileName().toString().equals(PlanRecord.FILE_NAME)) {
            facts.addPlans(f);
            continue;
          }
          RunnerRecord r = RunnerRecord.read(f);
          facts.addRunner(r);
          if (r.cell().caseName().equals(CellKey.LOAD_CASE)) {
            continue;
          }
          runnersByCell.computeIfAbsent(r.cell(), k -> new ArrayList<>()).add(f.getParent());
        }
      }
    }
    List<CellResult> rows = new ArrayList<>();
    Map<String, String> failures = new TreeMap<>();
    for (Map.Entry<CellKey, List<Path>> e : runnersByCell.entrySet()) {
      List<RunnerResult> results = new ArrayList<>();
      StringBuilder errors = new StringBuilder();
      for (Path runnerDir : e.getValue()) {
        RunnerRecord record = RunnerRecord.read(runnerDir.resolve(RunnerRecord.FILE_NAME));
        if (record.error() != null) {
          errors.append("runner ").append(record.runnerIndex()).append(" (").append(runnerDir).append("): ")
              .append(record.error()).append('\n');
          continue;
        }
        try {
          results.add(RunnerResult.read(runnerDir));
        } catch (IOException | UncheckedIOException ex) {
          errors.append(runnerDir).append(": ").append(ex.getMessage()).append('\n');
        }
      }
      if (errors.length() > 0 || results.isEmpty()) {
        failures.put(e.getKey().instanceType() + " " + e.getKey().label(), errors.toString().strip());
      } else {
        rows.add(CellAnalyzer.analyze(results, sloOverride != null ? sloOverride
            : facts.sloOf(e.getKey().instanceType(), e.getKey().caseName()),
            StopFile.read(e.getValue().get(0)).orElse(null)));
      }
    }
    rows.sort(ORDER);
    return new ReportData(Plateaus.mark(rows), failures, facts.header());
  }

  private static boolean isRecord(Path p) {
    String name = p.getFileName().toString();
    return name.equals(RunnerRecord.FILE_NAME) || name.equals(PlanRecord.FILE_NAME);
  }

  /** What the header needs, gathered while the directories are walked. */
  private static final class HeaderFacts {
    private final List<PlanRecord> plans = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();
    private final Map<String, Integer> rowBytesByCase = new TreeMap<>();
    private final Map<String, Integer> cpusByHost = new TreeMap<>();
    private long firstStart = Long.MAX_VALUE;
    private long lastEnd;

    void addPlans(Path file) {
      try {
        plans.addAll(PlanRecord.read(file));
      } catch (IOException e) {
        problems.add(e.getMessage());
      }
    }

    void addRunner(RunnerRecord r) {
      if (r.times().startEpochMs() > 0) {
        firstStart = Math.min(firstStart, r.times().startEpochMs());
        lastEnd = Math.max(lastEnd, r.times().endEpochMs());
      }
      if (r.host() != null) {
        cpusByHost.put(r.host().host(), r.host().hostCpus());
      }
      if (!r.cell().caseName().equals(CellKey.LOAD_CASE)) {
        rowBytesByCase.put(ReportTable.caseTitle(r.cell().caseName(), r.cell().sweep()), r.rowBytes());
      }
    }

    /** The objective the latest plan of an instance type recorded for a case, or null. */
    Slo sloOf(String instanceType, String caseName) {
      Slo found = null;
      long latest = Long.MIN_VALUE;
      for (PlanRecord p : plans) {
        if (instanceType.equals(p.run().instanceType()) && p.startedEpochMs() >= latest) {
          try {
            found = p.objectives().sloOf(caseName);
            latest = p.startedEpochMs();
          } catch (IllegalArgumentException e) {
            problems.add("plan " + p.run().matrixName() + ": unreadable SLO (" + e.getMessage() + ")");
          }
        }
      }
      return found;
    }

    ReportHeader header() {
      return ReportHeader.of(plans, problems, firstStart == Long.MAX_VALUE ? 0 : firstStart, lastEnd, rowBytesByCase,
          cpusByHost);
    }
  }

  static final Comparator<CellResult> ORDER = Comparator.comparing((CellResult r) -> r.cell().instanceType())
      .thenComparing(r -> caseRank(r.cell().caseName()))
      .thenComparing(r -> r.cell().caseName())
      .thenComparing(r -> TargetLabel.withoutTarget(r.cell().sweep()), ReportData::compareSweeps)
      .thenComparingInt(r -> r.cell().partitions())
      .thenComparingInt(r -> r.cell().threads())
      .thenComparingDouble(r -> r.isOpenLoop() ? r.targetRowsPerSecond() : -1);

  private static int caseRank(String name) {
    int i = CASE_ORDER.indexOf(name);
    return i < 0 ? CASE_ORDER.size() : i;
  }

  /** Numeric order for "prop=10" vs "prop=100". */
  private static int compareSweeps(String a, String b) {
    String va = a.substring(a.indexOf('=') + 1);
    String vb = b.substring(b.indexOf('=') + 1);
    try {
      return Double.compare(Double.parseDouble(va), Double.parseDouble(vb));
    } catch (NumberFormatException e) {
      return a.compareTo(b);
    }
  }
}
