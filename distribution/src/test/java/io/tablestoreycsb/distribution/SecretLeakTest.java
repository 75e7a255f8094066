package io.tablestoreycsb.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A full run through the packaged launchers with a distinctive access key secret, including
 * throttling, a missing table and a wrong secret: the secret appears in no output, log, stats file
 * or process command line (/proc/PID/cmdline of every launched shell and JVM, sampled while they run).
 */
class SecretLeakTest {
  private static final long LIMIT_SECONDS = 180;

  @TempDir
  Path tmp;
  private final Path dist = Path.of(System.getProperty("tsy.dist.dir", "target/missing"));
  private final String secret = "Sx" + UUID.randomUUID().toString().replace("-", "");
  private final String wrongSecret = "Wx" + UUID.randomUUID().toString().replace("-", "");
  private final Set<String> commandLines = new TreeSet<>();
  private final StringBuilder outputs = new StringBuilder();

  @Test
  void theSecretIsInNoOutputLogStatsFileOrCommandLine() throws Exception {
    assertThat(dist.resolve("lib")).as("distribution directory built by 'mvn package'").isDirectory();
    Path props = tmp.resolve("mock.properties");
    Path mockOut = tmp.resolve("mock.out");
    ProcessBuilder mockPb = launcher(Map.of("TABLESTORE_MOCK_ACCESS_KEY_SECRET", secret), "bin/tablestore-mock",
        "--port", "0", "--write-properties", props.toString(),
        "--fault", "PutRow=OTSServerBusy@0.05", "--fault", "BatchWriteRow.row=OTSServerBusy@0.05");
    mockPb.redirectOutput(mockOut.toFile()).redirectError(tmp.resolve("mock.err").toFile());
    Process mock = mockPb.start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LIMIT_SECONDS);
      while (!Files.readString(mockOut).contains("listening on ")) {
        assertThat(mock.isAlive()).as("mock exited: %s", Files.readString(tmp.resolve("mock.err"))).isTrue();
        assertThat(System.nanoTime()).as("mock ready line").isLessThan(deadline);
        sample(mock);
        Thread.sleep(20);
      }
      sample(mock);
      assertThat(Files.readString(props)).contains(secret); // the file is the one place it belongs
      Path stats = tmp.resolve("stats.json");

      run(Map.of(), "bin/tablestore-table", "create", "-P", props.toString(), "--table", "secrets");
      int load = run(Map.of(), "bin/ycsb", "load", "tablestore", "-P", "workloads/tablestore-batch-write",
          "-P", props.toString(), "-p", "table=secrets", "-p", "recordcount=3000", "-p", "maxexecutiontime=0",
          "-p", "tablestore.statsfile=" + stats, "-threads", "2", "-s");
      assertThat(load).isZero();
      int puts = run(Map.of(), "bin/ycsb", "run", "tablestore", "-P", "workloads/tablestore-random-read",
          "-P", props.toString(), "-p", "table=secrets", "-p", "recordcount=3000", "-p", "operationcount=500",
          "-p", "readproportion=0.5", "-p", "updateproportion=0.5", "-p", "tablestore.retry=none", "-threads", "2");
      assertThat(puts).isZero();
      assertThat(run(Map.of(), "bin/ycsb", "run", "tablestore", "-P", "workloads/tablestore-random-read",
          "-P", props.toString(), "-p", "table=absent", "-p", "operationcount=10")).isNotZero();

      // A wrong secret, from the environment (no secret in the properties file): refused, and not echoed.
      Path noSecret = tmp.resolve("nosecret.properties");
      Files.write(noSecret, Files.readAllLines(props).stream().filter(l -> !l.startsWith("tablestore.accesskeysecret"))
          .toList());
      int wrong = run(Map.of("TABLESTORE_ACCESS_KEY_SECRET", wrongSecret), "bin/ycsb", "run", "tablestore",
          "-P", "workloads/tablestore-random-read", "-P", noSecret.toString(), "-p", "table=secrets",
          "-p", "operationcount=10");
      assertThat(wrong).isNotZero();
      assertThat(outputs).contains("OTSAuthFailed");
      run(Map.of("TABLESTORE_ACCESS_KEY_SECRET", wrongSecret), "bin/tablestore-table", "count",
          "-P", noSecret.toString(), "--table", "secrets");
      run(Map.of(), "bin/tablestore-table", "drop", "-P", props.toString(), "--table", "secrets");
      outputs.append(Files.readString(stats));
    } finally {
      mock.destroy();
      assertThat(mock.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS)).isTrue();
    }
    outputs.append(Files.readString(mockOut)).append(Files.readString(tmp.resolve("mock.err")));
    try (Stream<Path> logs = Files.exists(dist.resolve("logs")) ? Files.walk(dist.resolve("logs")) : Stream.empty()) {
      for (Path log : logs.filter(Files::isRegularFile).toList()) {
        outputs.append(Files.readString(log));
      }
    }

    assertThat(outputs).contains("[TABLESTORE], Rows.Written").contains("OTSServerBusy");
    for (String main : List.of("io.tablestoreycsb.mock.cli.MockCli", "io.tablestoreycsb.binding.tools.YcsbMain",
        "io.tablestoreycsb.binding.tools.TableTool")) {
      assertThat(commandLines).as("the JVM command lines sampled include %s", main).anyMatch(c -> c.contains(main));
    }
    for (String s : List.of(secret, wrongSecret)) {
      assertThat(outputs.toString()).doesNotContain(s);
      assertThat(commandLines).noneMatch(c -> c.contains(s));
    }
  }

  private ProcessBuilder launcher(Map<String, String> env, String script, String... args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(dist.resolve(script).toString());
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(dist.toFile());
    pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
    pb.environment().remove("TABLESTORE_ACCESS_KEY_SECRET");
    pb.environment().putAll(env);
    return pb;
  }

  /** Runs a launcher to the end, sampling its processes' command lines; keeps its stdout and stderr. */
  private int run(Map<String, String> env, String script, String... args) throws Exception {
    File out = Files.createTempFile(tmp, "out", ".txt").toFile();
    File err = Files.createTempFile(tmp, "err", ".txt").toFile();
    Process p = launcher(env, script, args).redirectOutput(out).redirectError(err).start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LIMIT_SECONDS);
    while (!p.waitFor(20, TimeUnit.MILLISECONDS)) {
      sample(p);
      if (System.nanoTime() > deadline) {
        p.destroyForcibly();
        throw new AssertionError(script + " did not finish within " + LIMIT_SECONDS + " s");
      }
    }
    outputs.append(Files.readString(out.toPath())).append(Files.readString(err.toPath()));
    return p.exitValue();
  }

  /** Records /proc/PID/cmdline (arguments joined by spaces) of the process and all its descendants. */
  private void sample(Process p) {
    Stream.concat(Stream.of(p.toHandle()), p.descendants()).forEach(h -> {
      try {
        byte[] raw = Files.readAllBytes(Path.of("/proc", String.valueOf(h.pid()), "cmdline"));
        String line = new String(raw, StandardCharsets.UTF_8).replace('\0', ' ').trim();
        if (!line.isEmpty()) {
          commandLines.add(line);
        }
      } catch (IOException gone) {
        // the process ended between listing and reading
      }
    });
  }
}
