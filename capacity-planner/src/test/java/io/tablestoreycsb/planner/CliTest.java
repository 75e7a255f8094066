package io.tablestoreycsb.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CliTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    return CapacityPlanCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
  }

  @Test
  void aBadMatrixFileIsRefusedNamingTheLine(@TempDir Path dir) throws Exception {
    Path matrix = dir.resolve("m");
    Files.writeString(matrix, "[plan]\npartitions = 1, 4\nrunners = 0\n[case c]\nworkload = w\nphase = run\n"
        + "measure = READ\nthreads = 1\nduration = 5s\n");
    assertThat(run("run", "--matrix", matrix.toString(), "--out", dir.resolve("o").toString())).isEqualTo(2);
    assertThat(err.toString()).contains(matrix + ":3: 'runners' must be a positive whole number, found 0");
  }

  @Test
  void tablestoreMatrixNeedsEndpointProperties(@TempDir Path dir) {
    assertThat(run("run", "--matrix", "../workloads/matrix/quick", "--out", dir.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("-P ENDPOINT_PROPERTIES is required");
  }

  @Test
  void anOutThatIsAFileIsAUsageErrorBeforeAnyWork(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("notes.txt"), "mine");
    for (String command : new String[] {"run", "compare", "quickstart"}) {
      StringWriter commandOut = new StringWriter();
      StringWriter commandErr = new StringWriter();
      String[] args = command.equals("run")
          ? new String[] {"run", "--matrix", "../workloads/matrix/quick", "-P", "../workloads/matrix/quick", "--out",
              file.toString()}
          : new String[] {command, "--out", file.toString()};

      assertThat(CapacityPlanCli.run(args, new PrintWriter(commandOut, true), new PrintWriter(commandErr, true)))
          .as(command).isEqualTo(2);
      assertThat(commandErr.toString()).as(command)
          .startsWith("capacity-plan: --out " + file + ": is a file, not a directory");
      assertThat(commandOut.toString()).as(command + ": no estimate, no mock, no cell").isEmpty();
    }
    assertThat(file).hasContent("mine");
  }

  @Test
  void aPropertiesFileThatIsADirectoryOrHasABadEscapeIsNamed(@TempDir Path dir) throws Exception {
    assertThat(run("run", "--matrix", "../workloads/matrix/quick", "-P", dir.toString(), "--out",
        dir.resolve("o").toString())).isEqualTo(2);
    assertThat(err.toString()).contains("-P " + dir + ": is a directory, not a properties file");

    Path windows = dir.resolve("windows.properties");
    Files.writeString(windows, "tablestore.endpoint=http://127.0.0.1:1\ntablestore.statsfile=C:\\users\\me\n");
    assertThat(run("run", "--matrix", "../workloads/matrix/quick", "-P", windows.toString(), "--out",
        dir.resolve("o").toString())).isEqualTo(2);
    assertThat(err.toString()).contains("-P " + windows + ": line 2: '\\users' is not a \\uXXXX unicode escape");
    assertThat(out.toString()).isEmpty();
    assertThat(dir.resolve("o")).doesNotExist();
  }

  @Test
  void aMisspelledRequiredOptionIsNamedWithTheOptionMeant(@TempDir Path dir) {
    assertThat(run("run", "--matix", "../workloads/matrix/quick", "--out", dir.toString())).isEqualTo(2);
    assertThat(err.toString()).startsWith("capacity-plan: unknown option --matix; did you mean --matrix?")
        .doesNotContain("Missing required option");
  }

  @Test
  void aPasswordInTheEndpointIsNeverEchoed(@TempDir Path dir) throws Exception {
    Path props = dir.resolve("endpoint.properties");
    Files.writeString(props, "tablestore.endpoint=http://admin:s3cret-pw@127.0.0.1:1\ntablestore.instance=i\n"
        + "tablestore.accesskeyid=id\ntablestore.accesskeysecret=key\n");

    int status = run("run", "--matrix", "../workloads/matrix/quick", "-P", props.toString(), "--out",
        dir.resolve("o").toString(), "--yes");

    assertThat(status).isEqualTo(2);
    assertThat(err.toString()).contains("tablestore.endpoint must not hold a user name or password");
    assertThat(out + err.toString()).doesNotContain("s3cret-pw").doesNotContain("admin:");
    for (Path written : Files.walk(dir).filter(Files::isRegularFile).filter(f -> !f.equals(props)).toList()) {
      assertThat(Files.readString(written)).as(written.toString()).doesNotContain("s3cret-pw");
    }
  }

  @Test
  void estimatePrintsDurationRowsDataCuAndCost() {
    assertThat(run("estimate", "--matrix", "../workloads/matrix/high-performance", "--price-per-read-cu", "0.0001",
        "--price-per-write-cu", "0.0002")).isZero();
    assertThat(out.toString()).contains("78 cells", "Longest duration: 58h30m00s of cells",
        "Rows loaded: 756,000,000", "data 420.3 GB", "read CU x 0.0001 + write CU x 0.0002");
  }

  @Test
  void aRunAgainstAnotherMachineIsRefusedWhenNoOneCanConfirmIt(@TempDir Path dir) throws Exception {
    Path props = dir.resolve("cloud.properties");
    Files.writeString(props, "tablestore.endpoint=https://my-instance.cn-hangzhou.ots.aliyuncs.com\n"
        + "tablestore.instance=my-instance\ntablestore.accesskeyid=id\ntablestore.accesskeysecret=key\n");
    String[] args = {"run", "--matrix", "../workloads/matrix/quick", "-P", props.toString(), "--out",
        dir.resolve("o").toString()};

    assertThat(CapacityPlanCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true), q -> null))
        .isEqualTo(2);
    assertThat(out.toString()).contains("Estimate of plan quick");
    assertThat(err.toString()).contains("https://my-instance.cn-hangzhou.ots.aliyuncs.com (instance my-instance),"
        + " which is not on this machine", "add --yes to run it");
    assertThat(dir.resolve("o")).doesNotExist();

    StringBuilder asked = new StringBuilder();
    assertThat(CapacityPlanCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true), q -> {
      asked.append(q);
      return "n";
    })).isEqualTo(1);
    assertThat(asked).contains("Run it? [y/N]");
    assertThat(out.toString()).contains("not run: answered 'n'");
    assertThat(dir.resolve("o")).doesNotExist();
  }

  @Test
  void reportOfADirectoryWithoutRunsFails(@TempDir Path dir) {
    assertThat(run("report", dir.toString())).isEqualTo(1);
    assertThat(Path.of(dir.toString(), "report.html")).exists();
  }

  @Test
  void aMisspelledThresholdIsAUsageErrorNamingTheWordMeant(@TempDir Path dir) {
    assertThat(run("report", dir.toString(), "--fail-if", "p99 > 10 sm")).isEqualTo(2);
    assertThat(err.toString()).contains("--fail-if: threshold 'p99 > 10 sm': unknown word 'sm'; did you mean 'ms'?");
    assertThat(run("report", dir.toString(), "--fail-if", "slo regression > 5%")).isEqualTo(2);
    assertThat(err.toString()).contains("compares two plans: use it with 'capacity-plan diff BASE NEW'");
  }

  @Test
  void aDiffOfDirectoriesWithoutCellsFailsAfterWritingWhatItCan(@TempDir Path dir) throws Exception {
    Files.createDirectories(dir.resolve("a"));
    Files.createDirectories(dir.resolve("b"));

    assertThat(run("diff", dir.resolve("a").toString(), dir.resolve("b").toString(), "--out",
        dir.resolve("d").toString())).isEqualTo(1);
    assertThat(dir.resolve("d/diff.html")).exists();
    assertThat(err.toString()).contains("holds no successful cell to compare");
  }

  @Test
  void quickstartNeverEmptiesADirectoryItDidNotWrite(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("precious.txt"), "keep me");
    assertThat(run("quickstart", "--out", dir.toString(), "--matrix", "../workloads/matrix/quick")).isEqualTo(2);
    assertThat(err.toString()).contains("is not empty and not an earlier quickstart's output");
    assertThat(dir.resolve("precious.txt")).hasContent("keep me");
  }

  @Test
  void quickstartOnItsOwnCallsItselfQuickstart() {
    assertThat(CapacityPlanCli.runQuickstart(new String[] {"--help"}, new PrintWriter(out, true),
        new PrintWriter(err, true))).isZero();
    assertThat(out.toString()).startsWith("Usage: quickstart ").doesNotContain("capacity-plan");

    assertThat(CapacityPlanCli.runQuickstart(new String[] {"--partition-capacty", "5"}, new PrintWriter(out, true),
        new PrintWriter(err, true))).isEqualTo(2);
    assertThat(err.toString()).startsWith("quickstart: unknown option --partition-capacty; did you mean"
        + " --partition-capacity?");
  }

  @Test
  void versionNamesTheToolAndTheSdkAndYcsbVersions() {
    assertThat(run("--version")).isZero();
    assertThat(out.toString()).matches("capacity-plan tablestore-ycsb \\S+ \\(Tablestore Java SDK 5\\.17\\.10, YCSB"
        + " 0\\.17\\.0\\)\\R");
  }
}
