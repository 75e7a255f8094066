package io.tablestoreycsb.planner.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.tablestoreycsb.planner.analysis.CellStop;
import io.tablestoreycsb.planner.analysis.EndpointView;
import io.tablestoreycsb.planner.analysis.HostCpu;
import io.tablestoreycsb.planner.analysis.Latency;
import io.tablestoreycsb.planner.analysis.MeasuredWindow;
import io.tablestoreycsb.planner.analysis.PartitionFigure;
import io.tablestoreycsb.planner.analysis.SearchMark;
import io.tablestoreycsb.planner.analysis.TestCells;
import io.tablestoreycsb.planner.analysis.Verdict;
import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.matrix.Slo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The report's files for a fixed set of cells, against the files the report code wrote for them before the
 * columns became values (src/test/resources/report-golden, written by main 0571201): every table, the CSV and
 * the JSON say the same. Set {@code -Dgolden.write=true} to write the files anew (only when a change of the
 * report is meant).
 */
class ReportGoldenTest {
  /** 2026-11-23 10:51:41 UTC. */
  private static final long START = 1_795_431_101_000L;
  private static final Path GOLDEN = Path.of("src", "test", "resources", "report-golden");
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  @Test
  void markdownHtmlTerminalCsvAndJsonAreTheFilesOfBefore() throws Exception {
    ReportData data = data();
    Map<String, String> header = new LinkedHashMap<>();
    header.put("Run", "2026-11-23 10:51:41 to 10:55:46 UTC");
    header.put("Endpoint", "the local mock | at http://127.0.0.1:1");
    Map<String, List<String>> charts = Map.of("mock/random-read", List.of("mock-random-read-qps-vs-threads.png"),
        "mock/partitions", List.of("mock-qps-vs-partitions.png"));

    same("report.md", ReportWriter.markdown(data, header, charts));
    same("report.html", ReportWriter.html(data, header, charts));
    same("terminal.txt", ReportWriter.terminalTable(data.rows()));
    same("report.csv", ReportWriter.csv(data.rows()));
    same("partitions.csv", PartitionTable.csv(data.rows()));
    String json = JSON.writeValueAsString(ReportWriter.json(data, header));
    if (Boolean.getBoolean("golden.write")) {
      Files.writeString(GOLDEN.resolve("report.json"), json, StandardCharsets.UTF_8);
    }
    // Key order aside (a map's order is no content), the same tree.
    JsonNode before = JSON.readTree(GOLDEN.resolve("report.json").toFile());
    assertThat(JSON.readTree(json)).isEqualTo(before);
  }

  private static void same(String file, String now) throws Exception {
    if (Boolean.getBoolean("golden.write")) {
      Files.createDirectories(GOLDEN);
      Files.writeString(GOLDEN.resolve(file), now, StandardCharsets.UTF_8);
    }
    assertThat(now).as(file).isEqualTo(Files.readString(GOLDEN.resolve(file), StandardCharsets.UTF_8));
  }

  /** Cells of every kind the tables tell apart. */
  static ReportData data() {
    HostCpu vm = new HostCpu("vm", 2, 4, 0.99, 0.41, 0.15, 0.43, 0, Double.NaN, true);
    HostCpu pod = new HostCpu("node-a", 4, 4, 0.62, 0.30, 0, 0.22, 0.10, 0.25, false);
    EndpointView endpoint = new EndpointView("usertable", 4,
        List.of(new EndpointView.PartitionLoad(0, 0.97, 950, 27.6), new EndpointView.PartitionLoad(1, 0.4, 400, 1.2)),
        List.of(new EndpointView.InjectedLatency("GetRow", 800, 2.0)), 0.8, true);
    MeasuredWindow window = new MeasuredWindow(START + 2_000, START + 6_000, true, 1.0, 35.0);
    Slo slo = Slo.parse("p99 < 20ms");
    CellResult plain = TestCells.cell().partitions(1).threads(2).qps(812.5).latencyMs(2, 5, 9, 20, 31)
        .requests(3250).mbPerSecond(0.42).cuPerSecond(812.5, 0).resources(0.21, 140.5, 0.1, "vm").window(window)
        .clockSpread(3.0, 1.5).stop(CellStop.ranDuration("fixed", 10)).build();
    CellResult knee = TestCells.cell().partitions(1).threads(8).qps(1700).latencyMs(3, 8, 14, 30, 44)
        .requests(6800).resources(0.5, 150, 0.2, "vm").window(window).hostCpu(vm).endpoint(endpoint)
        .verdict(new Verdict.PartitionsAtCapacity(0, 0.97, 27.6, 1, 2, vm))
        .stop(CellStop.steady("steady (at least 300s, within 5%)", 600, 42.5, "steady at 1,700 requests/s", START)
            .withMark(new SearchMark.Knee(8, 32, 0.04)))
        .partitionFigures(List.of(
            new PartitionFigure(0, "", 1200, 0.7, 4800, 4800, 0, Latency.of(TestCells.latencyMs(3, 8, 14, 30, 44))),
            new PartitionFigure(1, "user5", 500, 0.3, 2000, 2000, 2, null)))
        .build().withPlateau(true);
    CellResult client = TestCells.cell().caseName("batch-write").measure("BATCH_WRITE").partitions(4).threads(16)
        .qps(5000).latencyMs(1, 2, 3, 4, 5).requests(20000).slo(slo).hostCpu(pod, vm)
        .verdict(new Verdict.Client(0.61)).stop(CellStop.capUnsteady("steady", 600, "not steady: +/-9%"))
        .window(window).build();
    CellResult open = TestCells.cell().sweep("target=2000").partitions(4).threads(8).qps(1900).slo(slo)
        .latencyMs(1.5, 4, 7, 12, 18).openLoop(2000, TestCells.latencyMs(2, 6, 11, 19, 40)).window(window)
        .verdict(new Verdict.TargetNotReached(0.95, new Verdict.RunnerHost(vm))).build();
    CellResult unsteady = TestCells.cell().instanceType("m5.large").partitions(2).threads(1).qps(10)
        .verdict(new Verdict.NoCommonWindow()).window(new MeasuredWindow(START, START, false, 0, Double.NaN))
        .stop(CellStop.notJudged("steady", 60)).build();
    Map<String, String> failures = new LinkedHashMap<>();
    failures.put("mock random-read p4 r5 t32", "runner 2 exited with 1:\n<stack & trace>");
    return new ReportData(List.of(plain, knee, client, open, unsteady), failures,
        ReportHeader.of(List.of(), List.of(), START, START + 245_000, Map.of("random-read", 520), Map.of("vm", 2)));
  }
}
