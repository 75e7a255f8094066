package io.tablestoreycsb.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CI smoke test of the packaged distribution: bin/tablestore-mock, bin/tablestore-table and
 * bin/ycsb run as separate processes, exactly as a user runs them from the unpacked tarball.
 */
class LauncherSmokeTest {
  private static final long PROCESS_LIMIT_SECONDS = 180;
  private static final String MOCK_READY = "tablestore-mock listening on ";

  @TempDir
  static Path tmp;
  static Path dist;
  static Process mock;
  static Path mockProperties;

  @BeforeAll
  static void startMock() throws Exception {
    dist = Path.of(System.getProperty("tsy.dist.dir", "target/missing"));
    assertThat(dist.resolve("lib")).as("distribution directory built by 'mvn package'").isDirectory();
    mockProperties = tmp.resolve("mock.properties");
    ProcessBuilder pb = launcher("bin/tablestore-mock", "--port", "0", "--write-properties", mockProperties.toString());
    pb.redirectError(tmp.resolve("mock.err").toFile());
    mock = pb.start();
    BufferedReader out = new BufferedReader(new InputStreamReader(mock.getInputStream(), StandardCharsets.UTF_8));
    CompletableFuture<String> ready = CompletableFuture.supplyAsync(() -> {
      try {
        for (String line; (line = out.readLine()) != null; ) {
          if (line.startsWith(MOCK_READY)) {
            return line;
          }
        }
        return null;
      } catch (IOException e) {
        return null;
      }
    });
    String line = ready.get(PROCESS_LIMIT_SECONDS, TimeUnit.SECONDS);
    assertThat(line).as("mock ready line; stderr: %s", Files.readString(tmp.resolve("mock.err"))).isNotNull();
    assertThat(Files.readString(mockProperties)).contains("tablestore.endpoint=http\\://127.0.0.1\\:");
    // Keep draining the mock's stdout so it can never block on a full pipe.
    CompletableFuture.runAsync(() -> {
      try {
        while (out.readLine() != null) {
          // discard
        }
      } catch (IOException ignored) {
        // the mock stopped
      }
    });
  }

  @AfterAll
  static void stopMock() throws Exception {
    if (mock != null) {
      mock.destroy();
      assertThat(mock.waitFor(PROCESS_LIMIT_SECONDS, TimeUnit.SECONDS)).isTrue();
    }
  }

  private static ProcessBuilder launcher(String script, String... args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(dist.resolve(script).toString());
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(dist.toFile());
    pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
    pb.environment().remove("TABLESTORE_ACCESS_KEY_SECRET");
    return pb;
  }

  record Result(int code, String out, String err) {
  }

  private static Result run(String script, String... args) throws Exception {
    return runWithInput(null, script, args);
  }

  private static Result runWithInput(String input, String script, String... args) throws Exception {
    return runWithEnvironment(Map.of(), input, script, args);
  }

  private static Result runWithEnvironment(Map<String, String> environment, String input, String script,
      String... args) throws Exception {
    ProcessBuilder pb = launcher(script, args);
    pb.environment().putAll(environment);
    if (input != null) {
      Path in = Files.createTempFile(tmp, "in", ".txt");
      Files.writeString(in, input);
      pb.redirectInput(in.toFile());
    }
    File out = Files.createTempFile(tmp, "out", ".txt").toFile();
    File err = Files.createTempFile(tmp, "err", ".txt").toFile();
    pb.redirectOutput(out).redirectError(err);
    Process p = pb.start();
    if (!p.waitFor(PROCESS_LIMIT_SECONDS, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError(script + " did not finish within " + PROCESS_LIMIT_SECONDS + " s");
    }
    return new Result(p.exitValue(), Files.readString(out.toPath()), Files.readString(err.toPath()));
  }

  private static long metric(String report, String operation, String name) {
    Matcher m = Pattern.compile("^\\[" + Pattern.quote(operation) + "\\], " + Pattern.quote(name) + ", (\\d+)",
        Pattern.MULTILINE).matcher(report);
    assertThat(m.find()).as("[%s], %s in:%n%s", operation, name, report).isTrue();
    return Long.parseLong(m.group(1));
  }

  @Test
  void loadCountReadAndScanThroughTheLaunchers() throws Exception {
    String p = mockProperties.toString();
    Result create = run("bin/tablestore-table", "create", "-P", p, "--table", "smoke", "--partitions", "4");
    assertThat(create.code).as(create.err).isZero();
    assertThat(create.out).contains("4 partition(s)");

    Path stats = tmp.resolve("load-stats.json");
    Result load = run("bin/ycsb", "load", "tablestore", "-P", "workloads/tablestore-batch-write", "-P", p,
        // As the README and issue run it: no dataintegrity on the load; the workload's own default must
        // make the rows verifiable by the read run below.
        "-p", "table=smoke", "-p", "recordcount=2000", "-p", "maxexecutiontime=0",
        "-p", "tablestore.statsfile=" + stats, "-threads", "2", "-s");
    assertThat(load.code).as(load.err).isZero();
    assertThat(metric(load.out, "INSERT", "Operations")).isEqualTo(2000);
    assertThat(metric(load.out, "INSERT", "Return=BATCHED_OK") + metric(load.out, "INSERT", "Return=OK")).isEqualTo(2000);
    assertThat(metric(load.out, "BATCH_WRITE", "Operations")).isEqualTo(10);
    assertThat(metric(load.out, "TABLESTORE", "Rows.Written")).isEqualTo(2000);
    assertThat(metric(load.out, "TABLESTORE", "Requests.BatchWriteRow")).isEqualTo(10);
    assertThat(Files.readString(stats)).contains("\"BatchWriteRow\": 10").contains("\"written\": 2000");
    assertThat(load.err).contains("current ops/sec"); // YCSB's -s status line goes to stderr
    assertThat(load.out + load.err).doesNotContain("mock-access-key-secret");

    Result count = run("bin/tablestore-table", "count", "-P", p, "--table", "smoke");
    assertThat(count.code).as(count.err).isZero();
    assertThat(count.out.trim()).isEqualTo("2000");

    Result read = run("bin/ycsb", "run", "tablestore", "-P", "workloads/tablestore-random-read", "-P", p,
        "-p", "table=smoke", "-p", "recordcount=2000", "-p", "operationcount=400", "-p", "dataintegrity=true",
        "-threads", "2");
    assertThat(read.code).as(read.err).isZero();
    assertThat(metric(read.out, "READ", "Return=OK")).isEqualTo(400);
    assertThat(metric(read.out, "VERIFY", "Return=OK")).isEqualTo(400);
    assertThat(read.out).doesNotContain("[VERIFY], Return=UNEXPECTED_STATE");
    assertThat(metric(read.out, "TABLESTORE", "Requests.GetRow")).isEqualTo(400);
    assertThat(metric(read.out, "TABLESTORE", "Rows.Read")).isEqualTo(400);

    Result scan = run("bin/ycsb", "run", "tablestore", "-P", "workloads/tablestore-range-read", "-P", p,
        "-p", "table=smoke", "-p", "recordcount=2000", "-p", "operationcount=40", "-threads", "2");
    assertThat(scan.code).as(scan.err).isZero();
    assertThat(metric(scan.out, "SCAN", "Return=OK")).isEqualTo(40);
    // Exactly 100 rows every scan, as the paper measured: the workload wraps a scan that starts
    // within the last 100 keys (about 1 in 20 here) instead of letting it come back short.
    assertThat(metric(scan.out, "TABLESTORE", "Rows.Read")).isEqualTo(40L * 100);
  }

  @Test
  void shellRunsEveryCommandAndExitsAtEndOfInput() throws Exception {
    String p = mockProperties.toString();
    Result create = run("bin/tablestore-table", "create", "-P", p, "--table", "shell");
    assertThat(create.code).as(create.err).isZero();
    Result shell = runWithInput("insert k1 field0=hello field1=world\nread k1 field1\nupdate k1 field0=HELLO\n"
        + "read k1\ndelete k1\nread k1\n", "bin/ycsb", "shell", "tablestore", "-P", p, "-table", "shell");
    assertThat(shell.code).as(shell.err).isZero();
    assertThat(shell.out).contains("Connected.").contains("field1=world").contains("field0=HELLO")
        .contains("Return code: NOT_FOUND");
  }

  @Test
  void theRunnerPicksItsHeapUnlessTheUserChoosesOne() throws Exception {
    String p = mockProperties.toString();
    // The JVM prints the flags it runs with; the shell ends at once at end of input.
    Result picked = runWithEnvironment(Map.of("TSY_JAVA_OPTS", "-XX:+PrintCommandLineFlags"), "",
        "bin/ycsb", "shell", "tablestore", "-P", p);
    Result chosen = runWithEnvironment(Map.of("TSY_JAVA_OPTS", "-XX:+PrintCommandLineFlags -Xmx512m"), "",
        "bin/ycsb", "shell", "tablestore", "-P", p);

    assertThat(picked.code).as(picked.err).isZero();
    assertThat(picked.out).contains("-XX:+UseParallelGC", "-XX:InitialHeapSize=67108864", "-XX:GCTimeRatio=19");
    assertThat(chosen.code).as(chosen.err).isZero();
    assertThat(chosen.out).contains("-XX:MaxHeapSize=536870912").doesNotContain("-XX:InitialHeapSize=67108864")
        .doesNotContain("-XX:GCTimeRatio=19");
  }

  @Test
  void misconfigurationStopsWithAClearMessageAndNonZeroExit() throws Exception {
    Result missing = run("bin/ycsb", "run", "tablestore", "-P", "workloads/tablestore-random-read",
        "-P", mockProperties.toString(), "-p", "table=nosuchtable", "-p", "operationcount=10");
    assertThat(missing.code).isEqualTo(2);
    assertThat(missing.err).contains("table 'nosuchtable' does not exist");

    Result badBatch = run("bin/ycsb", "load", "tablestore", "-P", "workloads/tablestore-batch-write",
        "-P", mockProperties.toString(), "-p", "tablestore.batchsize=201");
    assertThat(badBatch.code).isEqualTo(2);
    assertThat(badBatch.err).contains("tablestore.batchsize must be an integer from 1 to 200, got 201");

    Result help = run("bin/ycsb", "--help");
    assertThat(help.code).isZero();
    assertThat(help.out).contains("load").contains("run").contains("shell").contains("tablestore");
    Result unknown = run("bin/ycsb", "load", "cassandra");
    assertThat(unknown.code).isEqualTo(2);
    assertThat(unknown.err).contains("unknown binding 'cassandra'");

    Result badPartitions = run("bin/tablestore-table", "create", "-P", mockProperties.toString(), "--partitions", "zero");
    assertThat(badPartitions.code).isEqualTo(2);
    assertThat(badPartitions.err).contains("--partitions");
  }
}
