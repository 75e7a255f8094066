package io.tablestoreycsb.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Wrong command lines given to the packaged bin/ycsb stop before any work with status 2 and a
 * message naming what is wrong (YCSB's own Client exits 0 after its usage text for most of these).
 * Property values are covered in-process (PropertyValidationTest, TableToolTest, MockCliTest).
 */
class LauncherBadInputTest {
  @TempDir
  Path tmp;
  private final Path dist = Path.of(System.getProperty("tsy.dist.dir", "target/missing"));

  record Result(int code, String out, String err) {}

  private Result ycsb(String... args) throws Exception {
    return launch(dist, "ycsb", args);
  }

  /** Runs bin/LAUNCHER from the directory {@code cwd}. */
  private Result launch(Path cwd, String launcher, String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(dist.resolve("bin").resolve(launcher).toString()));
    cmd.addAll(List.of(args));
    File out = Files.createTempFile(tmp, "out", ".txt").toFile();
    File err = Files.createTempFile(tmp, "err", ".txt").toFile();
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectOutput(out).redirectError(err);
    pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
    pb.environment().put("TABLESTORE_ACCESS_KEY_SECRET", "not-used");
    Process p = pb.start();
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("bin/" + launcher + " finished").isTrue();
    return new Result(p.exitValue(), Files.readString(out.toPath()), Files.readString(err.toPath()));
  }

  @Test
  void badOptionsStopWithStatusTwoNamingThem() throws Exception {
    Result unknown = ycsb("load", "tablestore", "-P", "workloads/tablestore-batch-write", "-treads", "4");
    assertThat(unknown.code).isEqualTo(2);
    assertThat(unknown.err).contains("unknown option '-treads'");

    Result target = ycsb("run", "tablestore", "-P", "workloads/tablestore-random-read", "-target", "fast");
    assertThat(target.code).isEqualTo(2);
    assertThat(target.err).contains("-target").contains("'fast'");

    Result noFile = ycsb("run", "tablestore", "-P", tmp.resolve("absent.properties").toString());
    assertThat(noFile.code).isEqualTo(2);
    assertThat(noFile.err).contains("absent.properties");

    Result threads = ycsb("run", "tablestore", "-P", "workloads/tablestore-random-read", "-threads", "many",
        "-p", "tablestore.endpoint=http://127.0.0.1:1", "-p", "tablestore.instance=i",
        "-p", "tablestore.accesskeyid=id");
    assertThat(threads.code).isEqualTo(2);
    assertThat(threads.err).contains("threadcount").contains("many");

    Result shell = ycsb("shell", "tablestore", "-tabel", "t");
    assertThat(shell.code).isEqualTo(2);
    assertThat(shell.err).contains("unknown option '-tabel'");
  }

  /**
   * YCSB 0.17 keeps key numbers in an int: a load slice past 2147483647 would wrap negative part-way
   * and YCSB's client thread would end the run with System.exit(0). bin/ycsb refuses it up front.
   */
  @Test
  void keyRangesPastYcsbIntKeyNumbersStopWithStatusTwoNamingTheProperties() throws Exception {
    Result slice = ycsb("load", "tablestore", "-P", "workloads/tablestore-batch-write",
        "-p", "insertstart=2000000000", "-p", "insertcount=400000000", "-p", "recordcount=2400000000",
        "-p", "tablestore.endpoint=http://127.0.0.1:1", "-p", "tablestore.instance=i", "-p", "tablestore.accesskeyid=id");
    assertThat(slice.code).isEqualTo(2);
    assertThat(slice.err).contains("insertstart + insertcount = 2000000000 + 400000000 = 2400000000 is beyond 2147483647");
    assertThat(slice.out).doesNotContain("[OVERALL]");

    // Not even an int: YCSB itself would die on a bare NumberFormatException.
    Result records = ycsb("run", "tablestore", "-P", "workloads/tablestore-random-read", "-p", "recordcount=3000000000");
    assertThat(records.code).isEqualTo(2);
    assertThat(records.err).contains("recordcount = 3000000000 is beyond 2147483647")
        .doesNotContain("NumberFormatException");
  }

  @ParameterizedTest
  @ValueSource(strings = {"ycsb", "tablestore-table", "tablestore-mock", "capacity-plan", "quickstart", "tunnel-bench"})
  void everyLauncherPrintsItsVersion(String launcher) throws Exception {
    Result version = launch(dist, launcher, "--version");
    assertThat(version.code).isZero();
    assertThat(version.out).startsWith(launcher + " tablestore-ycsb 0.");
    if (!launcher.equals("tablestore-mock")) {
      assertThat(version.out).contains("Tablestore Java SDK 5.17.10, YCSB 0.17.0");
    }
  }

  @Test
  void usageErrorsGoToStderrNamedByTheProgramWithStatusTwo() throws Exception {
    Result table = launch(dist, "tablestore-table");
    assertThat(table.code).isEqualTo(2);
    assertThat(table.out).isEmpty();
    assertThat(table.err).startsWith("tablestore-table: a command is required: create, describe, count or drop")
        .contains("Usage: tablestore-table COMMAND");

    Result plan = launch(dist, "capacity-plan", "report", "--outt", "x", "y");
    assertThat(plan.code).isEqualTo(2);
    assertThat(plan.err).startsWith("capacity-plan: unknown option --outt; did you mean --out?");

    Result quickstart = launch(dist, "quickstart", "--help");
    assertThat(quickstart.code).isZero();
    assertThat(quickstart.out).startsWith("Usage: quickstart ").doesNotContain("capacity-plan");
  }

  @Test
  void aMisspelledBindingPropertyStopsTheRunAndAYcsbTypoIsWarnedAbout() throws Exception {
    Result typo = ycsb("run", "tablestore", "-P", "workloads/tablestore-random-read",
        "-p", "tablestore.batchsiz=10", "-p", "recordcont=5", "-p", "tablestore.endpoint=http://127.0.0.1:1",
        "-p", "tablestore.instance=i", "-p", "tablestore.accesskeyid=id");
    assertThat(typo.code).isEqualTo(2);
    assertThat(typo.err)
        .contains("warning: property recordcont is not one YCSB or the workload reads (ignored); did you mean"
            + " recordcount?")
        .contains("ycsb: unknown property tablestore.batchsiz; did you mean tablestore.batchsize?");
    assertThat(typo.out).doesNotContain("[OVERALL]");
  }

  /** -P workloads/... and conf/... given from another directory are the distribution's, and said so. */
  @Test
  void workloadAndConfPathsResolveAgainstTheDistributionFromAnotherDirectory() throws Exception {
    Result elsewhere = launch(tmp, "ycsb", "run", "tablestore", "-P", "workloads/tablestore-random-read",
        "-P", "conf/tablestore.properties");
    assertThat(elsewhere.code).isEqualTo(2);
    assertThat(elsewhere.err)
        .contains("ycsb: workloads/tablestore-random-read is not in " + tmp + "; using "
            + dist.resolve("workloads/tablestore-random-read"))
        .contains("ycsb: conf/tablestore.properties is not in " + tmp + "; using "
            + dist.resolve("conf/tablestore.properties"))
        // conf/tablestore.properties leaves the endpoint for the user to fill in.
        .contains("ycsb: tablestore.endpoint is not set");

    // A file that exists from the current directory is used as given, silently.
    Files.createDirectories(tmp.resolve("workloads"));
    Files.writeString(tmp.resolve("workloads/tablestore-random-read"), "workload=site.ycsb.NoSuchWorkload\n");
    Result local = launch(tmp, "ycsb", "run", "tablestore", "-P", "workloads/tablestore-random-read");
    assertThat(local.code).isEqualTo(2);
    assertThat(local.err).doesNotContain("using").contains("site.ycsb.NoSuchWorkload");
  }

  @Test
  void anUnreachableEndpointIsAnnouncedAndStopsTheRunWithStatusTwo() throws Exception {
    int closedPort;
    try (java.net.ServerSocket socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      closedPort = socket.getLocalPort();
    }
    Result unreachable = ycsb("run", "tablestore", "-P", "workloads/tablestore-random-read",
        "-p", "tablestore.endpoint=http://127.0.0.1:" + closedPort, "-p", "tablestore.instance=i",
        "-p", "tablestore.accesskeyid=id");
    assertThat(unreachable.code).isEqualTo(2);
    assertThat(unreachable.err)
        .contains("tablestore.endpoint http://127.0.0.1:" + closedPort
            + " not reachable (connection refused); retrying for up to 3 s")
        .contains("ycsb: could not reach Tablestore");
  }

  /** A user's file passed after the workload (as the docs do) that changes the case is named with the workload. */
  @Test
  void aFileThatChangesTheWorkloadsBatchSizeIsNamedOnStderr() throws Exception {
    Files.writeString(tmp.resolve("my.properties"), "tablestore.batchsize=1\n");
    Result overridden = launch(tmp, "ycsb", "load", "tablestore", "-P", "workloads/tablestore-batch-write",
        "-P", "my.properties", "-p", "recordcount=10");

    assertThat(overridden.err).contains("ycsb: my.properties sets tablestore.batchsize=1, overriding 200 from "
        + dist.resolve("workloads/tablestore-batch-write"));

    Result shipped = ycsb("load", "tablestore", "-P", "workloads/tablestore-batch-write",
        "-P", "conf/tablestore.properties", "-p", "recordcount=10");
    assertThat(shipped.err).doesNotContain("overrid").contains("ycsb: tablestore.endpoint is not set");
  }
}
