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
    List<String> cmd = new ArrayList<>(List.of(dist.resolve("bin/ycsb").toString()));
    cmd.addAll(List.of(args));
    File out = Files.createTempFile(tmp, "out", ".txt").toFile();
    File err = Files.createTempFile(tmp, "err", ".txt").toFile();
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(dist.toFile()).redirectOutput(out).redirectError(err);
    pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
    pb.environment().put("TABLESTORE_ACCESS_KEY_SECRET", "not-used");
    Process p = pb.start();
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("bin/ycsb finished").isTrue();
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
}
