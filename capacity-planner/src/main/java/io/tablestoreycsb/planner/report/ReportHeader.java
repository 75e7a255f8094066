package io.tablestoreycsb.planner.report;

import io.tablestoreycsb.kit.report.BuildInfo;
import io.tablestoreycsb.kit.report.Formats;
import io.tablestoreycsb.planner.analysis.CellResult;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The facts a report states above its tables, so that it stands alone: when the cells ran, against
 * what (real Tablestore or the mock, and the mock's model), with which versions, the row size and the
 * measured windows. Plan facts come from the {@link PlanRecord} records found with the runner directories;
 * what no record says is stated as unknown, never guessed.
 *
 * @param plans distinct plan records (starts that agree in everything but their time are one entry)
 * @param planStarts start times of each distinct plan record, epoch ms, in order
 * @param problems plan records that could not be read: file and reason
 * @param firstStartEpochMs earliest runner start, or 0 without runners
 * @param lastEndEpochMs latest runner end, or 0
 * @param rowBytesByCase approximate row bytes (key + fields) per case title
 * @param cpusByHost processors of each runner host
 */
public record ReportHeader(List<PlanRecord> plans, List<List<Long>> planStarts, List<String> problems,
    long firstStartEpochMs, long lastEndEpochMs, Map<String, Integer> rowBytesByCase, Map<String, Integer> cpusByHost) {

  static final String NO_PLAN_RECORD = "unknown: no " + PlanRecord.FILE_NAME + " in these directories (older planner "
      + "outputs and runner directories copied without it lack one)";
  static final String UNKNOWN = "unknown (no " + PlanRecord.FILE_NAME + ")";
  private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT)
      .withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT)
      .withZone(ZoneOffset.UTC);

  /** An empty header: nothing known yet. */
  static ReportHeader empty() {
    return new ReportHeader(List.of(), List.of(), List.of(), 0, 0, Map.of(), Map.of());
  }

  /** Groups plan records whose facts agree apart from their start time. */
  static ReportHeader of(List<PlanRecord> starts, List<String> problems, long firstStart, long lastEnd,
      Map<String, Integer> rowBytesByCase, Map<String, Integer> cpusByHost) {
    Map<PlanRecord, List<Long>> byFacts = new LinkedHashMap<>();
    starts.stream().sorted(Comparator.comparingLong(PlanRecord::startedEpochMs))
        .forEach(p -> byFacts.computeIfAbsent(p.withoutStart(), k -> new ArrayList<>()).add(p.startedEpochMs()));
    return new ReportHeader(List.copyOf(byFacts.keySet()), List.copyOf(byFacts.values()), List.copyOf(problems),
        firstStart, lastEnd, sorted(rowBytesByCase), sorted(cpusByHost));
  }

  /** Label and text of each header line, in display order. */
  public Map<String, String> lines(List<CellResult> rows, BuildInfo reportBuild, Instant writtenAt) {
    Map<String, String> lines = new LinkedHashMap<>();
    lines.put("Run", runPeriod());
    lines.put("Endpoint", plans.isEmpty() ? NO_PLAN_RECORD : perPlan(ReportHeader::endpoint));
    lines.put("Client versions", plans.isEmpty() ? UNKNOWN : perPlan(p -> versions(p.build())));
    lines.put("Plan", plans.isEmpty() ? UNKNOWN : perPlan(ReportHeader::plan));
    lines.put("Row size", rowSize());
    lines.put("Runner hosts", cpusByHost.isEmpty() ? "unknown" : new TreeMap<>(cpusByHost).entrySet().stream()
        .map(e -> "host " + e.getKey() + " (" + e.getValue() + " processors)").collect(Collectors.joining(", ")));
    String shared = endpointOnRunnerHost(rows);
    if (!shared.isEmpty()) {
      lines.put("Endpoint on a runner host", shared);
    }
    lines.put("Measured windows", windows(rows));
    String hostLoad = hostLoad(rows);
    if (!hostLoad.isEmpty()) {
      lines.put("Runner host load", hostLoad);
    }
    String slos = slos(rows);
    if (!slos.isEmpty()) {
      lines.put("SLO", slos);
    }
    if (!problems.isEmpty()) {
      lines.put("Unreadable plan records", String.join("; ", problems));
    }
    lines.put("Report written", DATE_TIME.format(writtenAt) + " UTC by tablestore-ycsb " + reportBuild.toolVersion());
    return lines;
  }

  /** Said when a plan's endpoint or a cell's mock ran on this machine: its CPU counts against the runner host. */
  private String endpointOnRunnerHost(List<CellResult> rows) {
    boolean byPlan = plans.stream().anyMatch(p -> p.target().endpointKind() == PlanRecord.EndpointKind.EMBEDDED_MOCK
        || p.target().endpointKind() == PlanRecord.EndpointKind.LOCAL);
    if (!byPlan && rows.stream().noneMatch(CellResult::endpointOnRunnerHost)) {
      return "";
    }
    return "yes: the endpoint shares the runners' processors. The \"Runner host CPU\" column shows its share; a cell"
        + " whose host was near saturation is bound by the runner host, not the service";
  }

  /** How many cells were bound by their runner host, and how many ran beside other work; "" when none. */
  private static String hostLoad(List<CellResult> rows) {
    long bound = rows.stream().filter(CellResult::runnerHostBound).count();
    long busy = rows.stream().filter(CellResult::hostBusyWithOtherWork).count();
    if (bound == 0 && busy == 0) {
      return "";
    }
    List<String> parts = new ArrayList<>();
    if (bound > 0) {
      parts.add(bound + " of " + rows.size() + " cells bound by a saturated runner host (not judged: add runner"
          + " machines)");
    }
    if (busy > 0) {
      parts.add(busy + " of " + rows.size() + " cells ran while other work used the runner host (marked \"host"
          + " busy\"; measure them again on a calm host)");
    }
    return String.join("; ", parts);
  }

  private String runPeriod() {
    if (firstStartEpochMs <= 0) {
      return "unknown";
    }
    Instant start = Instant.ofEpochMilli(firstStartEpochMs);
    Instant end = Instant.ofEpochMilli(lastEndEpochMs);
    boolean sameDay = DATE_TIME.format(start).substring(0, 10).equals(DATE_TIME.format(end).substring(0, 10));
    return DATE_TIME.format(start) + " to " + (sameDay ? TIME.format(end) : DATE_TIME.format(end))
        + " UTC (first runner start to last runner end)";
  }

  private String perPlan(Function<PlanRecord, String> text) {
    if (plans.size() == 1) {
      return text.apply(plans.get(0));
    }
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < plans.size(); i++) {
      String when = planStarts.get(i).stream().map(ms -> DATE_TIME.format(Instant.ofEpochMilli(ms)))
          .collect(Collectors.joining(", "));
      parts.add("plan started " + when + " UTC: " + text.apply(plans.get(i)));
    }
    return String.join("; ", parts);
  }

  static String endpoint(PlanRecord plan) {
    PlanRecord.Target p = plan.target();
    return switch (p.endpointKind()) {
      case EMBEDDED_MOCK -> "the local mock (tablestore-mock in the planner's JVM) at " + p.endpoint() + ", instance "
          + p.instance() + "; " + mockModel(p.mock()) + ". Its figures are this machine's plus that model's, not "
          + "the service's";
      case LOCAL -> "an endpoint on this machine at " + p.endpoint() + (p.instance() == null ? "" : ", instance "
          + p.instance()) + " (the mock or a proxy, started separately: its capacity and latency model are unknown)";
      case TABLESTORE -> "Alibaba Cloud Tablestore at " + p.endpoint() + ", instance " + p.instance();
      case OTHER_HOST -> "the endpoint " + p.endpoint() + (p.instance() == null ? "" : ", instance " + p.instance())
          + " (not an Alibaba Cloud host name: a proxy, or a mock on another machine)";
      case NOT_TABLESTORE -> "none: the runners used " + plan.run().db() + ", not the Tablestore binding";
    };
  }

  static String mockModel(PlanRecord.MockModel m) {
    if (m == null) {
      return "capacity and latency model unknown";
    }
    String capacity = m.partitionCapacity() > 0
        ? "capacity " + Formats.num(m.partitionCapacity()) + " rows/s per partition for single-row requests, reads and"
            + " writes alike (a request's rows on one partition cost half a row each plus half a row)"
            + (m.sizing() == null ? "" : ", " + m.sizing().describe())
            + (m.loadedWithoutCapacity() ? "; the tables were loaded with it lifted (a load is set-up: no figure of it"
                + " is judged)" : "")
        : "unlimited partition capacity";
    String latency = m.latency().isEmpty() ? "no added latency (loopback HTTP and this machine's CPU only)"
        : "added latency " + String.join(", ", m.latency());
    String faults = m.faults().isEmpty() ? "no injected errors" : "injected errors " + String.join(", ", m.faults());
    return capacity + ", " + latency + ", " + faults;
  }

  static String versions(BuildInfo b) {
    if (b == null) { // a plan.json of a planner that did not record its build
      return "unknown (" + PlanRecord.FILE_NAME + " does not record them)";
    }
    return "tablestore-ycsb " + b.toolVersion() + ", Tablestore Java SDK " + b.sdkVersion() + ", YCSB "
        + b.ycsbVersion();
  }

  private static String plan(PlanRecord plan) {
    PlanRecord.MatrixRun p = plan.run();
    return p.matrixName() + " (matrix " + p.matrixFile() + (p.quick() ? ", --quick" : "") + "; instance type "
        + p.instanceType() + "; started by capacity-plan " + p.command() + ")";
  }

  private String rowSize() {
    if (rowBytesByCase.isEmpty()) {
      return "unknown";
    }
    Map<Integer, List<String>> casesBySize = new TreeMap<>();
    new TreeMap<>(rowBytesByCase).forEach((c, bytes) ->
        casesBySize.computeIfAbsent(bytes, k -> new ArrayList<>()).add(c));
    if (casesBySize.size() == 1) {
      return Formats.num(casesBySize.keySet().iterator().next()) + " bytes per row (key + fieldcount x fieldlength)";
    }
    return casesBySize.entrySet().stream().map(e -> Formats.num(e.getKey()) + " bytes (" + String.join(", ",
        e.getValue()) + ")").collect(Collectors.joining("; ")) + " per row (key + fieldcount x fieldlength)";
  }

  /** The range of the cells' windows, warm-ups and start skews (each cell's own are in its table row). */
  static String windows(List<CellResult> rows) {
    if (rows.isEmpty()) {
      return "not recorded";
    }
    String text = "windows of " + range(rows.stream().mapToDouble(r -> r.window().seconds()).min().orElseThrow(),
        rows.stream().mapToDouble(r -> r.window().seconds()).max().orElseThrow()) + " s";
    double[] warmups = rows.stream().mapToDouble(r -> r.window().warmupSeconds()).filter(v -> !Double.isNaN(v))
        .toArray();
    if (warmups.length > 0) {
      text += ", after warm-ups of " + range(Arrays.stream(warmups).min().orElseThrow(),
          Arrays.stream(warmups).max().orElseThrow()) + " s";
    }
    double skew = rows.stream().mapToDouble(r -> r.window().startSkewMs()).filter(v -> !Double.isNaN(v)).max()
        .orElse(Double.NaN);
    if (!Double.isNaN(skew)) {
      text += "; runners started at most " + Formats.num(skew) + " ms apart";
    }
    double clocks = rows.stream().filter(r -> r.clockSpread() != null).mapToDouble(r -> r.clockSpread().ms()).max()
        .orElse(Double.NaN);
    if (!Double.isNaN(clocks)) {
      text += "; their clocks were at most " + Formats.num(clocks) + " ms apart";
    }
    return text + "; each cell's are in its Window, Warm-up, Start skew and Clock spread columns";
  }

  /** Each objective and the cases judged by it: "p99 < 10ms (random-read, random-write)". */
  static String slos(List<CellResult> rows) {
    Map<String, java.util.Set<String>> casesBySlo = new TreeMap<>();
    for (CellResult r : rows) {
      if (r.slo() != null) {
        casesBySlo.computeIfAbsent(r.slo().toString(), k -> new java.util.TreeSet<>()).add(ReportTable.caseTitle(r));
      }
    }
    return casesBySlo.entrySet().stream().map(e -> e.getKey() + " (" + String.join(", ", e.getValue()) + ")")
        .collect(Collectors.joining("; "));
  }

  /**
   * The map in key order, unmodifiable: report.json lists it in that order, the same on every run ({@code
   * Map.copyOf} iterates in an order that changes from one JVM to the next).
   */
  private static Map<String, Integer> sorted(Map<String, Integer> map) {
    return Collections.unmodifiableMap(new TreeMap<>(map));
  }

  private static String range(double min, double max) {
    return Formats.num(min).equals(Formats.num(max)) ? Formats.num(min) : Formats.num(min) + " to " + Formats.num(max);
  }
}
