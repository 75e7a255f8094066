package io.tablestoreycsb.planner.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tablestoreycsb.kit.report.BuildInfo;
import io.tablestoreycsb.kit.report.ChartStyle;
import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.analysis.HostCpu;
import io.tablestoreycsb.planner.analysis.MeasuredWindow;
import io.tablestoreycsb.planner.analysis.TestCells;
import io.tablestoreycsb.planner.analysis.Verdict;
import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.matrix.MatrixParser;
import java.awt.Color;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import io.tablestoreycsb.planner.text.VerdictText;

/** The report stands alone: its header says when, against what and with what; its tables and charts read right. */
class ReportWriterTest {
  private static final Path QUICK_MATRIX = Path.of("..", "workloads", "matrix", "quick");
  /** 2026-11-23 10:51:41 UTC. */
  private static final long START = 1_795_431_101_000L;

  @Test
  void theHeaderStatesRunDateVersionsTheMocksModelAndRowSize(@TempDir Path dir) throws Exception {
    Matrix matrix = MatrixParser.parse(QUICK_MATRIX);
    try (MockTablestore mock = MockTablestore.builder().partitionCapacity(1000).latency("GetRow=2ms").start()) {
      PlanRecord.embeddedMock("quickstart", matrix, mock, null).append(dir);
    }
    ReportHeader header = ReportHeader.of(PlanRecord.read(dir.resolve(PlanRecord.FILE_NAME)), List.of(), START,
        START + 245_000, Map.of("random-read", 520, "batch-write", 520), Map.of("vm", 2));
    Map<String, String> lines = header.lines(List.of(row(1, 2, 800, 5, 30, 90)), BuildInfo.current(),
        Instant.ofEpochMilli(START + 300_000));

    assertThat(lines.get("Run"))
        .isEqualTo("2026-11-23 10:51:41 to 10:55:46 UTC (first runner start to last runner end)");
    assertThat(lines.get("Endpoint")).startsWith("the local mock").contains("http://127.0.0.1:")
        .contains("capacity 1,000 rows/s per partition").contains("added latency GetRow=2ms")
        .contains("the tables were loaded with it lifted").contains("no injected errors");
    assertThat(lines.get("Client versions")).isEqualTo("tablestore-ycsb " + BuildInfo.current().toolVersion()
        + ", Tablestore Java SDK " + BuildInfo.current().sdkVersion() + ", YCSB " + BuildInfo.current().ycsbVersion());
    assertThat(lines.get("Plan")).startsWith("quick (matrix ").contains("started by capacity-plan quickstart");
    assertThat(lines.get("Row size")).startsWith("520 bytes per row");
    assertThat(lines.get("Runner hosts")).isEqualTo("host vm (2 processors)");
    assertThat(lines.get("Measured windows")).isEqualTo("windows of 4.00 s, after warm-ups of 1.00 s; runners "
        + "started at most 35.0 ms apart; their clocks were at most 3.00 ms apart; each cell's are in its Window, "
        + "Warm-up, Start skew and Clock spread columns");
    assertThat(lines.get("Report written")).startsWith("2026-11-23 10:56:41 UTC by tablestore-ycsb ");

    ReportData data = new ReportData(List.of(row(1, 2, 800, 5, 30, 90)), Map.of(), header);
    String md = ReportWriter.markdown(data, lines, Map.of());
    assertThat(md).contains("| **Endpoint** | the local mock").contains("| **Row size** | 520 bytes per row");
    assertThat(ReportWriter.html(data, lines, Map.of())).contains("<th>Client versions</th><td>tablestore-ycsb ");
  }

  @Test
  void aPlanRecordWithoutItsBuildSaysTheVersionsAreUnknown() {
    assertThat(ReportHeader.versions(null)).isEqualTo("unknown (plan.json does not record them)");
  }

  @Test
  void aMockSizedToTheMachineSaysHowInTheHeader(@TempDir Path dir) throws Exception {
    Matrix matrix = MatrixParser.parse(QUICK_MATRIX);
    MachineSizing sizing = MachineSizing.forThisMachine(2, 16, 5);
    try (MockTablestore mock = MockTablestore.builder().partitionCapacity(sizing.partitionCapacity()).start()) {
      PlanRecord.embeddedMock("quickstart", matrix, mock, sizing).append(dir);
    }
    PlanRecord read = PlanRecord.read(dir.resolve(PlanRecord.FILE_NAME)).get(0);
    assertThat(read.target().mock().sizing()).as("plan.json keeps the sizing").isEqualTo(sizing);
    ReportHeader header = ReportHeader.of(List.of(read), List.of(), START, START + 245_000, Map.of(), Map.of());

    assertThat(header.lines(List.of(), BuildInfo.current(), Instant.ofEpochMilli(START)).get("Endpoint"))
        .contains("capacity 400 rows/s per partition")
        .contains("sized to the machine the runners and the mock shared: 2 processors x 3,200 single-row requests/s"
            + " each over the plan's largest table of 16 partitions, and 2 runners of the matrix's 5 (one per"
            + " processor); --partition-capacity sets the capacity and keeps the matrix's runners");
  }

  @Test
  void theHtmlKeepsTheFiguresAndTheVerdictApartFromHowEachCellRan() {
    ReportData data = new ReportData(List.of(row(1, 2, 800, 5, 30, 90), row(4, 8, 3000, 6, 40, 95)), Map.of(),
        ReportHeader.of(List.of(), List.of(), START, START + 60_000, Map.of(), Map.of()));
    String html = ReportWriter.html(data, Map.of(), Map.of());
    String figures = table(html, "figures");
    String ran = table(html, "ran");
    // Every row is in both tables, named by its partitions, runners and threads.
    assertThat(figures).contains("<th>Bound by</th>", "<th>p99 (ms)</th>", "<th>Measured/<wbr>Predicted</th>")
        .doesNotContain("Runner host CPU", "Window (UTC", "Stopped", "Predicted QPS(row)");
    assertThat(ran).startsWith("<tr><th>Partitions</th><th>Runner</th><th>Thread</th><th>CPU cores/<wbr>runner</th>"
        + "<th>Peak mem/<wbr>runner (MB)</th><th>Predicted QPS(row)</th>")
        .contains("<th>Runner host CPU</th>", "<th>Endpoint view</th>", "<th>Stopped</th>")
        .doesNotContain("Bound by", "p99 (ms)");
    assertThat(figures.split("<tr>")).hasSize(4);
    assertThat(ran.split("<tr>")).hasSize(4);
    assertThat(ran).contains("<td>4</td><td>5</td><td>8</td>");
    assertThat(html).doesNotContain("class=\"intended\"");
  }

  @Test
  void theHtmlCellsTableSaysTheVerdictBrieflyAndTheRunnerHostsSharesInHowEachCellRan() {
    HostCpu vm = new HostCpu("vm", 2, 4, 0.99, 0.41, 0.15, 0.43, 0, Double.NaN, true);
    CellResult busy = TestCells.cell().hostCpu(vm).verdict(new Verdict.PartitionsAtCapacity(0, 0.97, 27.6, 1, 1, vm))
        .build();
    ReportData data = new ReportData(List.of(busy), Map.of(),
        ReportHeader.of(List.of(), List.of(), START, START + 60_000, Map.of(), Map.of()));
    String html = ReportWriter.html(data, Map.of(), Map.of());
    String full = VerdictText.of(busy.verdict());

    assertThat(table(html, "figures")).contains("<td class=\"t\" title=\"" + full + "\">service: the mock's partitions"
        + " at capacity (1 of 1 at 90% or more); the latency also includes the saturated runner host vm (99% busy,"
        + " mostly other processes)</td>");
    assertThat(full).contains("P0 97% busy, responses waited 27.6 ms", "runners 41%, the local endpoint 15%");
    assertThat(table(html, "ran")).contains("99% of 2 (runners 41%, endpoint 15%, others 43%, steal 0%)");
    assertThat(ReportWriter.markdownTable(List.of(busy))).contains(full);
  }

  /** The rows of the first HTML table of this class. */
  private static String table(String html, String cssClass) {
    String start = "<table class=\"" + cssClass + "\">";
    assertThat(html).contains(start);
    String rest = html.substring(html.indexOf(start) + start.length());
    return rest.substring(0, rest.indexOf("</table>"));
  }

  @Test
  void planJsonKeepsItsKeysPlanAndMatrixForTheMatrixNameAndFile(@TempDir Path dir) throws Exception {
    // As a planner before PlanRecord wrote it: older result directories must still read.
    Files.writeString(dir.resolve(PlanRecord.FILE_NAME), "[ {\"startedEpochMs\" : 1795641880594, \"command\" : "
        + "\"quickstart\", \"plan\" : \"quick\", \"instanceType\" : \"mock\", \"matrix\" : \"/tmp/cc/workloads/matrix/quick\","
        + " \"quick\" : false, \"db\" : \"io.tablestoreycsb.binding.TablestoreClient\", \"endpointKind\" : "
        + "\"EMBEDDED_MOCK\", \"endpoint\" : \"http://127.0.0.1:37525\", \"instance\" : \"mock\"} ]");
    PlanRecord old = PlanRecord.read(dir.resolve(PlanRecord.FILE_NAME)).get(0);
    assertThat(old.run().matrixName()).isEqualTo("quick");
    assertThat(old.run().matrixFile()).isEqualTo("/tmp/cc/workloads/matrix/quick");

    Path out = dir.resolve("out");
    PlanRecord.endpoint("run", MatrixParser.parse(QUICK_MATRIX), false, null).append(out);
    JsonNode written = new ObjectMapper().readTree(out.resolve(PlanRecord.FILE_NAME).toFile()).get(0);
    assertThat(written.get("plan").asText()).isEqualTo("quick");
    assertThat(written.get("matrix").asText()).endsWith("quick");
    assertThat(written.has("matrixName")).isFalse();
  }

  @Test
  void theVersionsComeFromTheBuildAndTheJarsThatRan() throws Exception {
    BuildInfo build = BuildInfo.current();
    assertThat(build.toolVersion()).matches("\\d+\\.\\d+\\.\\d+.*");
    // The SDK jar that is on the classpath names its version in its file name (tablestore-5.17.10.jar).
    String sdkJar = Path.of(com.alicloud.openservices.tablestore.SyncClient.class.getProtectionDomain()
        .getCodeSource().getLocation().toURI()).getFileName().toString();
    assertThat(sdkJar).isEqualTo("tablestore-" + build.sdkVersion() + ".jar");
    String ycsbJar = Path.of(site.ycsb.DB.class.getProtectionDomain().getCodeSource().getLocation().toURI())
        .getFileName().toString();
    assertThat(ycsbJar).isEqualTo("core-" + build.ycsbVersion() + ".jar");
  }

  @Test
  void withoutAPlanRecordTheHeaderSaysWhatIsUnknown() {
    ReportHeader header = ReportHeader.of(List.of(), List.of(), 0, 0, Map.of(), Map.of());
    Map<String, String> lines = header.lines(List.of(), BuildInfo.current(), Instant.ofEpochMilli(START));
    assertThat(lines.get("Endpoint")).isEqualTo(ReportHeader.NO_PLAN_RECORD);
    assertThat(lines.get("Client versions")).isEqualTo("unknown (no plan.json)");
    assertThat(lines.get("Plan")).isEqualTo("unknown (no plan.json)");
    assertThat(lines.get("Run")).isEqualTo("unknown");
    assertThat(lines.get("Measured windows")).isEqualTo("not recorded");
  }

  @Test
  void aRunPlanRecordsItsEndpointButNeverItsCredentials(@TempDir Path dir) throws Exception {
    Path props = dir.resolve("endpoint.properties");
    Files.writeString(props, "tablestore.endpoint=https://user:pw@my-inst.cn-hangzhou.ots.aliyuncs.com\n"
        + "tablestore.instance=my-inst\ntablestore.accesskeyid=LTAI-id-123\ntablestore.accesskeysecret=s3cr3t-value\n");
    Matrix matrix = MatrixParser.parse(QUICK_MATRIX);
    PlanRecord.endpoint("run", matrix, true, props).append(dir.resolve("out"));
    PlanRecord.endpoint("run", matrix, true, props).append(dir.resolve("out"));

    String json = Files.readString(dir.resolve("out").resolve(PlanRecord.FILE_NAME));
    assertThat(json).doesNotContain("s3cr3t-value").doesNotContain("LTAI-id-123").doesNotContain("pw@");
    List<PlanRecord> starts = PlanRecord.read(dir.resolve("out").resolve(PlanRecord.FILE_NAME));
    assertThat(starts).hasSize(2); // a resumed plan adds its start
    assertThat(starts.get(0).target().endpointKind()).isEqualTo(PlanRecord.EndpointKind.TABLESTORE);
    assertThat(starts.get(0).target().endpoint()).isEqualTo("https://my-inst.cn-hangzhou.ots.aliyuncs.com");
    // Two starts with the same facts are one plan in the header.
    ReportHeader header = ReportHeader.of(starts, List.of(), START, START + 1, Map.of(), Map.of());
    assertThat(header.plans()).hasSize(1);
    assertThat(header.lines(List.of(), BuildInfo.current(), Instant.ofEpochMilli(START)).get("Endpoint"))
        .isEqualTo("Alibaba Cloud Tablestore at https://my-inst.cn-hangzhou.ots.aliyuncs.com, instance my-inst");

    assertThat(PlanRecord.kindOf("http://127.0.0.1:8080")).isEqualTo(PlanRecord.EndpointKind.LOCAL);
    assertThat(PlanRecord.kindOf("http://localhost:8080")).isEqualTo(PlanRecord.EndpointKind.LOCAL);
    // TEST-NET-1: documentation only, on no machine
    assertThat(PlanRecord.kindOf("http://192.0.2.1:8080")).isEqualTo(PlanRecord.EndpointKind.OTHER_HOST);
  }

  @Test
  void anAddressOfOneOfThisMachinesInterfacesIsThisMachine() throws Exception {
    // e.g. a mock bound to the bridge that pods reach (10.253.0.1 under .ci/with-kubernetes)
    List<java.net.InetAddress> own = java.util.Collections.list(java.net.NetworkInterface.getNetworkInterfaces())
        .stream().flatMap(i -> java.util.Collections.list(i.getInetAddresses()).stream())
        .filter(a -> a instanceof java.net.Inet4Address).toList();
    assertThat(own).isNotEmpty();
    for (java.net.InetAddress a : own) {
      assertThat(PlanRecord.kindOf("http://" + a.getHostAddress() + ":8080")).as(a.toString())
          .isEqualTo(PlanRecord.EndpointKind.LOCAL);
    }
    assertThat(PlanRecord.kindOf("http://[::1]:8080")).isEqualTo(PlanRecord.EndpointKind.LOCAL);
    assertThat(PlanRecord.kindOf("http://my-proxy.example:8080")).isEqualTo(PlanRecord.EndpointKind.OTHER_HOST);
  }

  @Test
  void anUnreadablePlanRecordIsNamedAndTheReportStillWritten(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve(PlanRecord.FILE_NAME), "{not json");
    ReportData data = ReportData.collect(List.of(dir));
    assertThat(data.header().problems()).singleElement().asString().contains(PlanRecord.FILE_NAME)
        .contains("not a plan record");
    ReportWriter.write(data, dir);
    assertThat(Files.readString(dir.resolve("report.md"))).contains("| **Unreadable plan records** |");
  }

  @Test
  void csvAndJsonCarryEachCellsWindow(@TempDir Path dir) throws Exception {
    CellResult r = row(4, 8, 3900, 2, 9, 20);
    List<String> csv = ReportWriter.csv(List.of(r)).lines().toList();
    List<String> columns = List.of(csv.get(0).split(","));
    List<String> values = List.of(csv.get(1).split(","));
    assertThat(values.get(columns.indexOf("window_s"))).isEqualTo("4.0000");
    assertThat(values.get(columns.indexOf("window_start_utc"))).isEqualTo("2026-11-23T10:51:43Z");
    assertThat(values.get(columns.indexOf("warmup_s"))).isEqualTo("1.0000");
    assertThat(values.get(columns.indexOf("start_skew_ms"))).isEqualTo("35.0000");
    assertThat(values.get(columns.indexOf("clock_spread_ms"))).isEqualTo("3.0000");
    assertThat(values.get(columns.indexOf("clock_spread_uncertainty_ms"))).isEqualTo("1.5000");

    ReportHeader header = ReportHeader.of(List.of(), List.of(), START, START + 10_000, Map.of("random-read", 520),
        Map.of("vm", 2));
    ReportWriter.write(new ReportData(List.of(r), Map.of(), header), dir);
    JsonNode json = new ObjectMapper().readTree(dir.resolve("report.json").toFile());
    assertThat(json.path("rows").get(0).path("windowSeconds").asDouble()).isEqualTo(4.0);
    assertThat(json.path("rows").get(0).path("startSkewMs").asDouble()).isEqualTo(35.0);
    assertThat(json.path("header").path("Endpoint").asText()).isEqualTo(ReportHeader.NO_PLAN_RECORD);
    assertThat(json.path("runStarted").asText()).isEqualTo("2026-11-23T10:51:41Z");
    assertThat(json.path("rowBytesByCase").path("random-read").asInt()).isEqualTo(520);
    // No runner of these cells reported a warm-up: the Runner warm-up column says so with "-".
    assertThat(Files.readString(dir.resolve("report.md"))).contains("| 10:51:43.0, 4.00 s | 1.00 | 35.0 | - | 3.00 ± 1.50 |");
  }

  /** The same directories give the same report.json, also in the order of its maps. */
  @Test
  void theHeadersMapsAreInKeyOrder() {
    Map<String, Integer> rowBytes = new java.util.HashMap<>();
    for (String c : List.of("random-write", "batch-write", "range-read", "random-read", "a-case", "z-case")) {
      rowBytes.put(c, 520);
    }
    ReportHeader header = ReportHeader.of(List.of(), List.of(), START, START + 1, rowBytes, Map.of("vm2", 2, "vm1",
        4, "vm3", 8));
    assertThat(header.rowBytesByCase().keySet()).containsExactly("a-case", "batch-write", "random-read",
        "random-write", "range-read", "z-case");
    assertThat(header.cpusByHost().keySet()).containsExactly("vm1", "vm2", "vm3");
  }

  @Test
  void throughputAxesStartAtZeroAndEveryChartHasTitleAxesAndUnits() {
    List<CellResult> rows = List.of(row(1, 2, 950, 5, 30, 90), row(1, 8, 1000, 30, 60, 200),
        row(16, 2, 9000, 1, 4, 12), row(16, 8, 15000, 3, 20, 80));
    XYChart threads = ChartWriter.qpsVsThreads("mock", "random-read", rows);
    XYChart partitions = ChartWriter.qpsVsPartitions("mock", Map.of("random-read", rows)).orElseThrow();
    Map<Integer, XYChart> latency = ChartWriter.latencyVsQps("mock", "random-read", rows);

    assertThat(threads.getStyler().getYAxisMin()).isEqualTo(0.0);
    assertThat(partitions.getStyler().getYAxisMin()).isEqualTo(0.0);
    assertThat(partitions.getStyler().isYAxisLogarithmic()).isFalse();
    latency.values().forEach(c -> assertThat(c.getStyler().getXAxisMin()).as("QPS axis").isEqualTo(0.0));
    for (XYChart c : List.of(threads, partitions, latency.get(1), latency.get(16))) {
      assertThat(c.getTitle()).startsWith("mock: ");
      assertThat(c.getXAxisTitle()).isNotBlank();
      assertThat(c.getYAxisTitle()).matches(".*(rows/s|ms)");
    }
    assertThat(threads.getXAxisTitle()).isEqualTo("threads per runner (5 runners)");
    // Axes end at a round value above the data, so that even a single point gets evenly labelled ticks.
    ChartStyle.roundAxesUp(partitions);
    assertThat(partitions.getStyler().getYAxisMax()).isEqualTo(20_000.0);
    assertThat(partitions.getStyler().getXAxisMax()).isEqualTo(20.0);
    assertThat(ChartStyle.roundUp(1141)).isEqualTo(1200.0);
    assertThat(ChartStyle.roundUp(545.37)).isEqualTo(600.0);
    assertThat(ChartStyle.roundUp(0)).isEqualTo(1.0);
  }

  @Test
  void latencyChartsComeOnePerPartitionCountWithThreeDistinctSeries() {
    List<CellResult> rows = List.of(row(1, 2, 950, 5, 30, 90), row(4, 2, 3000, 2, 9, 20), row(16, 2, 9000, 1, 4, 12));
    Map<Integer, XYChart> charts = ChartWriter.latencyVsQps("mock", "random-read", rows);
    assertThat(charts).containsOnlyKeys(1, 4, 16);
    XYChart one = charts.get(4);
    assertThat(one.getTitle()).isEqualTo("mock: random-read, 4 partitions");
    Map<String, XYSeries> series = one.getSeriesMap();
    assertThat(series).containsOnlyKeys("p50", "p99", "p99.9");
    assertThat(series.values().stream().map(XYSeries::getLineColor).collect(Collectors.toSet())).hasSize(3);
    assertThat(series.values().stream().map(s -> s.getMarker().getClass()).collect(Collectors.toSet())).hasSize(3);
    assertThat(series.get("p99").getYData()).containsExactly(9.0);
    assertThat(series.get("p99.9").getYData()).containsExactly(20.0);
    assertThat(series.get("p99").getLineColor()).isNotEqualTo(series.get("p99.9").getLineColor())
        .isInstanceOf(Color.class);
  }

  @Test
  void everyChartIsWrittenAsAPng(@TempDir Path dir) throws Exception {
    // Two thread points per partition count, as in the quickstart: equally spaced values that made XChart
    // 3.8.8 loop forever when tick labels came from a formatting function.
    List<CellResult> rows = List.of(row(1, 2, 809, 5.04, 109, 399), row(1, 8, 834, 21.3, 219, 247),
        row(16, 2, 2374, 0.48, 34.1, 94.6), row(16, 8, 1784, 12.8, 124, 359));
    Map<String, List<String>> images = ChartWriter.write(rows, dir);
    assertThat(images.get("mock/random-read")).containsExactly("mock-random-read-qps-vs-threads.png",
        "mock-random-read-latency-vs-qps-p1.png", "mock-random-read-latency-vs-qps-p16.png");
    assertThat(images.get("mock/partitions")).containsExactly("mock-qps-vs-partitions.png");
    images.values().stream().flatMap(List::stream).forEach(f -> assertThat(dir.resolve(f)).isNotEmptyFile());
  }

  /** One cell; the window started two seconds after {@link #START} and lasted four seconds. */
  static CellResult row(int partitions, int threads, double qps, double p50, double p99, double p999) {
    return TestCells.cell().partitions(partitions).threads(threads).qps(qps).latencyMs(p50, p99, p99, p999, p999 * 1.2)
        .requests(1000).mbPerSecond(qps * 520 / 1e6).cuPerSecond(qps, 0).resources(0.2, 140, 0.1, "vm")
        .window(new MeasuredWindow(START + 2_000, START + 6_000, true, 1.0, 35.0)).clockSpread(3.0, 1.5).build();
  }
}
