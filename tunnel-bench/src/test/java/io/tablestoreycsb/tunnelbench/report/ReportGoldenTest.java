package io.tablestoreycsb.tunnelbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablestoreycsb.tunnelbench.child.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The report's files for a fixed set of scenarios, against the files the report code wrote for them before the
 * columns became values (src/test/resources/report-golden, written by main 0571201): every table, the CSV and
 * the JSON say the same. Set {@code -Dgolden.write=true} to write the files anew (only when a change of the
 * report is meant).
 */
class ReportGoldenTest {
  private static final Path GOLDEN = Path.of("src", "test", "resources", "report-golden");

  @Test
  void markdownHtmlTerminalCsvAndJsonAreTheFilesOfBefore() throws Exception {
    BenchReport report = report();
    List<String> charts = List.of("rows-per-second.png", "lag.png");
    same("report.md", ReportFiles.markdown(report, charts));
    same("report.html", ReportFiles.html(report, charts));
    same("terminal.txt", ResultTables.terminal(report.results()));
    same("report.csv", ReportFiles.csv(report.results()));
    same("report-hosts.csv", ReportFiles.hostCsv(report.results()));
    String json = Json.MAPPER.writeValueAsString(ReportFiles.json(report));
    if (Boolean.getBoolean("golden.write")) {
      Files.writeString(GOLDEN.resolve("report.json"), json, StandardCharsets.UTF_8);
    }
    // Key order aside (a map's order is no content), the same tree.
    JsonNode before = Json.MAPPER.readTree(GOLDEN.resolve("report.json").toFile());
    assertThat(Json.MAPPER.readTree(json)).isEqualTo(before);
  }

  private static void same(String file, String now) throws Exception {
    if (Boolean.getBoolean("golden.write")) {
      Files.createDirectories(GOLDEN);
      Files.writeString(GOLDEN.resolve(file), now, StandardCharsets.UTF_8);
    }
    assertThat(now).as(file).isEqualTo(Files.readString(GOLDEN.resolve(file), StandardCharsets.UTF_8));
  }

  /** A scenario the paper measured, one on two hosts that lost a consumer and failed, and the speed goals. */
  static BenchReport report() {
    ConsumedRowCheck all = new ConsumedRowCheck(120_000, 120_000, 120_012, 0, 12, 0, 0, 0, 1);
    ConsumedRowCheck missing = new ConsumedRowCheck(50_000, 49_983, 49_983, 17, 0, 0, 3, 0, 0);
    ScenarioResult paper = new ScenarioResult(new ScenarioResult.Setup("paper", 4, 1, 4, 0, 520),
        new ScenarioResult.Writing(120_000, 24_000.5), all, new SyncRates(23_500, 25_100, 22_900.25, 3),
        new ScenarioResult.Sync(5.24, 0.8, BoundBy.WRITERS, 1_795_431_101_000L),
        new ScenarioResult.ConsumerUse(0.62, 27.1, 0.31, 41.5), new ScenarioResult.Lag(120.5, 480, 910, 1200.25),
        0.45, List.of(), List.of(), List.of(new HostFigures("this machine", 1, 120_012, 22_902.3, 0.62, 0.31, 41.5)),
        LagTimeline.NONE);
    ScenarioResult lost = new ScenarioResult(new ScenarioResult.Setup("scale-out", 8, 2, 8, 10_000, 1024),
        new ScenarioResult.Writing(50_000, 9_990), missing, new SyncRates(9_000, 9_800, 8_700, 0),
        new ScenarioResult.Sync(5.75, 12.5, BoundBy.CONSUMERS, 1_795_431_201_000L),
        new ScenarioResult.ConsumerUse(1.8, 207, 0.9, 80.25), new ScenarioResult.Lag(2500, 9000, 12000, 15000),
        Double.NaN, List.of("consumer-2 exited with 137", "time-out <after 60 s>"),
        List.of(new LostConsumer("consumer-1", "pod tb-c-1 Failed, Killed")),
        List.of(new HostFigures("node-a", 1, 30_000, 5_217.4, 1.1, 0.5, 50),
            new HostFigures("node-b", 1, 19_983, 3_475.3, 0.7, 0.4, 30.25)), LagTimeline.NONE);
    Map<String, String> lines = new LinkedHashMap<>();
    lines.put("Endpoint", "the embedded mock | 127.0.0.1");
    lines.put("Machine", "2 processors");
    return new BenchReport(new RunFacts("quick & small", lines), List.of(paper, lost),
        List.of(new SpeedGoal("sync-rate", 1.25, false, 1.1, "rows/s against the reference <x>")),
        List.of("reference 20,000 rows/s", "ours 25,000 rows/s"));
  }
}
