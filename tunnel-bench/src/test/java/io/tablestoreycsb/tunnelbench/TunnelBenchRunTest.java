package io.tablestoreycsb.tunnelbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/tunnel-bench end to end against the embedded mock: real writer and TunnelWorker consumer
 * processes (JVMs of their own, as in a real run), two small scenarios (one consumer on one
 * partition; two consumers sharing two partitions, which first waits for the channels to spread),
 * each writing for two seconds. About 30 s, most of it the two consumers' channel hand-over (the
 * SDK's heartbeat is at least 5 s).
 */
class TunnelBenchRunTest {
  @TempDir
  Path dir;

  @Test
  void aSmallRunSyncsEveryWrittenRowAndWritesTheReportWithThePapersFiguresBesideOurs() throws IOException {
    Path scenarios = dir.resolve("scenarios");
    Files.writeString(scenarios, String.join("\n",
        "[plan]",
        "name = test",
        "write-time = 2s",
        "warmup = 1s",
        "writer-threads = 1",
        "batch-rows = 100",
        "rows-per-second = 2000",
        "drain-timeout = 60s",
        "[scenario one]",
        "consumers = 1",
        "partitions = 1",
        "[scenario two]",
        "consumers = 2",
        "partitions = 2",
        ""));
    Path out = dir.resolve("out");
    StringWriter stdout = new StringWriter();
    StringWriter stderr = new StringWriter();

    int exit = TunnelBenchCli.run(new String[] {"--embedded", "--scenarios", scenarios.toString(), "--out",
        out.toString(), "--child-jvm-opts", "-Xmx256m -XX:+UseSerialGC -XX:TieredStopAtLevel=1"},
        new PrintWriter(stdout, true), new PrintWriter(stderr, true));

    assertThat(exit).as("exit status; stdout:%n%s%nstderr:%n%s", stdout, stderr).isZero();
    String printed = stdout.toString();
    assertThat(printed).contains("[scenario 1/2] 1 consumer, 1 partition: created table")
        .contains("[scenario 2/2] 2 consumers, 2 partitions: waiting for the channels to spread")
        .contains("written rows consumed; 0 duplicates");
    List<String> lines = printed.lines().toList();
    assertThat(lines.get(lines.size() - 1)).as("the last line names the report").isEqualTo(
        out.resolve("report.html").toString());

    List<Map<String, String>> rows = csv(out.resolve("report.csv"));
    assertThat(rows).hasSize(2);
    for (Map<String, String> r : rows) {
      long written = Long.parseLong(r.get("rows_written"));
      assertThat(written).as("rows written").isPositive();
      assertThat(Long.parseLong(r.get("rows_consumed"))).as("every written row consumed").isEqualTo(written);
      assertThat(r.get("missing")).isEqualTo("0");
      assertThat(Double.parseDouble(r.get("average_rows_per_s"))).isPositive();
      assertThat(Double.parseDouble(r.get("consumer_cpu_cores"))).isPositive();
      assertThat(Double.parseDouble(r.get("lag_p99_ms"))).isPositive();
      assertThat(Double.parseDouble(r.get("mock_cpu_cores"))).isPositive();
      assertThat(r.get("passed")).isEqualTo("true");
    }
    assertThat(rows.get(0).get("paper_rows_per_s")).as("the paper measured 1 server, 1 partition").isEqualTo(
        "19000.0000");
    assertThat(rows.get(1).get("paper_rows_per_s")).as("and not 2 servers, 2 partitions").isEmpty();

    String md = Files.readString(out.resolve("report.md"));
    assertThat(md).contains("| 1 consumer, 1 partition |").contains("| 19,000 (21,800) |")
        .contains("![rows-per-second-vs-partitions.png]");
    assertThat(Files.readString(out.resolve("report.json"))).contains("\"scenarios\"").contains("\"lagP99Ms\"");
    assertThat(Files.readString(out.resolve("report.html"))).contains("<img src=\"consumer-cpu-vs-partitions.png\"");
    for (String chart : List.of("rows-per-second-vs-partitions.png", "consumer-cpu-vs-partitions.png",
        "lag-p99-vs-partitions.png")) {
      assertThat(Files.size(out.resolve(chart))).as(chart).isGreaterThan(1000);
    }
    // each scenario's lag and rows second by second, the consumers' histograms of each second merged
    for (String chart : List.of("one-p1-c1-lag-over-time.png", "one-p1-c1-lag-over-time-rows.png",
        "two-p2-c2-lag-over-time.png")) {
      assertThat(Files.size(out.resolve(chart))).as(chart).isGreaterThan(1000);
      assertThat(md).contains("![" + chart + "]");
    }
    assertThat(Files.readString(out.resolve("report.json"))).contains("\"lagOverTime\"").contains("\"p99Ms\"");
    assertThat(Files.readString(out.resolve("mock.properties"))).as("the children's endpoint file")
        .contains("tablestore.endpoint=http\\://127.0.0.1");
  }

  @Test
  void withNeitherAnEndpointNorTheEmbeddedMockItSaysWhatToGive() {
    StringWriter stderr = new StringWriter();
    int exit = TunnelBenchCli.run(new String[] {"--quick"}, new PrintWriter(new StringWriter()),
        new PrintWriter(stderr, true));

    assertThat(exit).isEqualTo(2);
    assertThat(stderr.toString()).contains("give either --embedded or -P FILE (endpoint properties), not neither");
  }

  private static List<Map<String, String>> csv(Path file) throws IOException {
    return ReportCsv.read(file);
  }
}
