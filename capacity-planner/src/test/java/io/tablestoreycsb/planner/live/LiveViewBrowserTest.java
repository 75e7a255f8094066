package io.tablestoreycsb.planner.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.planner.CapacityPlanCli;
import java.io.PrintWriter;
import java.io.Writer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --live} in a real browser: a short plan against the embedded mock, its page opened in headless
 * Chromium while it runs. The page's numbers change as the plan goes, its finished cells are the report's, and
 * /metrics carries the running cell's rate. Skipped, saying why, where Debian's chromium and chromium-driver are
 * not installed, unless {@code TSY_BROWSER_TESTS=required} (set by .ci/with-browser once it has installed them).
 */
class LiveViewBrowserTest {
  private static final Pattern ADDRESS = Pattern.compile("live view: (http://127\\.0\\.0\\.1:\\d+/)");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path WORKLOADS = Path.of("..", "workloads").toAbsolutePath().normalize();

  /** What the page shows, read in the browser. */
  private static final String READ_PAGE = "var f=[];document.querySelectorAll('#finished tbody tr').forEach("
      + "function(tr){f.push([tr.dataset.label, tr.dataset.rows]);});"
      + "return {state: document.getElementById('state').textContent,"
      + " done: document.getElementById('cells-done').textContent,"
      + " total: document.getElementById('cells-total').textContent,"
      + " label: document.getElementById('current-label').textContent,"
      + " rate: document.getElementById('current-rate').textContent, finished: f};";

  @Test
  void thePageFollowsThePlanAndEndsWithTheReportsFigures(@TempDir Path dir) throws Exception {
    String missing = WebDriverSession.unavailable();
    if (missing != null && !"required".equals(System.getenv("TSY_BROWSER_TESTS"))) {
      Assumptions.abort(missing);
    }
    Path matrix = dir.resolve("live-matrix");
    Files.writeString(matrix, String.join("\n", "[plan]", "name = live", "instance-type = mock", "runners = 2",
        "partitions = 1", "rows-per-partition = 400", "load-threads = 2",
        "load-workload = " + WORKLOADS.resolve("tablestore-batch-write"), "property.fieldcount = 2",
        "property.fieldlength = 20", "slo = p99 < 1s", "[case random-read]",
        "workload = " + WORKLOADS.resolve("tablestore-random-read"), "phase = run", "measure = READ",
        "threads = 1, 2", "duration = 8s", ""));
    Path out = dir.resolve("plan");
    try (MockTablestore mock = MockTablestore.builder().partitionCapacity(1000).start()) {
      Path props = dir.resolve("mock.properties");
      mock.writeProperties(props);
      SharedText terminal = new SharedText();
      CompletableFuture<Integer> plan = CompletableFuture.supplyAsync(() -> CapacityPlanCli.run(new String[] {
          "run", "--matrix", matrix.toString(), "-P", props.toString(), "--out", out.toString(), "--live",
          "--live-keep", "10", "--progress-interval", "5",
          "--runner-jvm-opts", "-Xmx128m -XX:+UseSerialGC -XX:TieredStopAtLevel=1"},
          new PrintWriter(terminal, true), new PrintWriter(terminal, true)));
      String address = awaitAddress(terminal, plan);
      // The address comes before the first cell: no cell has a "[cell" line yet.
      assertThat(terminal.toString().substring(0, terminal.toString().indexOf("live view:"))).doesNotContain("[cell ");

      Set<String> doneSeen = new LinkedHashSet<>();
      Set<String> ratesSeen = new LinkedHashSet<>();
      Set<String> labelsSeen = new LinkedHashSet<>();
      String metricsWhileRunning = null;
      JsonNode page = null;
      try (WebDriverSession browser = WebDriverSession.start(dir)) {
        browser.navigate(address);
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(8);
        while (System.nanoTime() < deadline) {
          page = browser.execute(READ_PAGE);
          doneSeen.add(page.path("done").asText());
          labelsSeen.add(page.path("label").asText());
          if (page.path("rate").asText().matches("[\\d,.]+")) {
            ratesSeen.add(page.path("rate").asText());
            if (metricsWhileRunning == null) {
              metricsWhileRunning = get(address + "metrics");
            }
          }
          if (page.path("state").asText().equals("done")) {
            break;
          }
          Thread.sleep(500);
        }
      }
      int status = plan.get(10, TimeUnit.MINUTES);
      assertThat(status).as(terminal.toString()).isIn(0);

      // The numbers moved while the plan ran.
      assertThat(doneSeen).contains("0", "2");
      assertThat(page.path("total").asText()).isEqualTo("2");
      assertThat(labelsSeen).anyMatch(l -> l.contains("random-read p=1 threads=1"))
          .anyMatch(l -> l.contains("random-read p=1 threads=2"));
      assertThat(ratesSeen).as("the running cell's rate, as the page showed it").hasSizeGreaterThan(1);
      assertThat(metricsWhileRunning).containsPattern(
          "capacity_plan_current_rows_per_second\\{plan=\"live\",cell=\"random-read p=1 threads=[12]\"} [\\d.]+")
          .contains("capacity_plan_cells{plan=\"live\"} 2");

      // Its finished cells are the report's, figure for figure.
      Map<String, Double> reported = new LinkedHashMap<>();
      for (JsonNode row : JSON.readTree(out.resolve("report.json").toFile()).path("rows")) {
        reported.put(row.path("caseName").asText() + " p=" + row.path("partitions").asInt() + " threads="
            + row.path("threads").asInt(), row.path("qpsRows").asDouble());
      }
      Map<String, Double> shown = new LinkedHashMap<>();
      page.path("finished").forEach(f -> shown.put(f.get(0).asText(), Double.parseDouble(f.get(1).asText())));
      assertThat(shown.keySet()).containsExactlyElementsOf(reported.keySet());
      shown.forEach((label, rows) -> assertThat(rows).as(label).isCloseTo(reported.get(label), within(1e-6)));
    }
  }

  private static String awaitAddress(SharedText terminal, CompletableFuture<Integer> plan) throws Exception {
    for (int i = 0; i < 1200; i++) {
      Matcher m = ADDRESS.matcher(terminal.toString());
      if (m.find()) {
        return m.group(1);
      }
      if (plan.isDone()) {
        throw new AssertionError("the plan ended (" + plan.get() + ") without a live view:\n" + terminal);
      }
      Thread.sleep(100);
    }
    throw new AssertionError("no live view address printed:\n" + terminal);
  }

  private static String get(String url) throws Exception {
    HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/plain"));
    return r.body();
  }

  /** What the plan prints, readable from the test's thread while it is written. */
  private static final class SharedText extends Writer {
    private final StringBuffer text = new StringBuffer();

    @Override
    public void write(char[] buf, int off, int len) {
      text.append(buf, off, len);
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}

    @Override
    public String toString() {
      return text.toString();
    }
  }

}
