package io.tablestoreycsb.binding.tools;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.binding.config.KnownProperties;
import io.tablestoreycsb.binding.config.ShapeOverrides;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShapeOverridesTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  @TempDir
  Path dir;

  private List<String> notices(String... args) throws Exception {
    ShapeOverrides overrides = new ShapeOverrides();
    YcsbMain.ycsbProperties(args, overrides);
    return overrides.notices();
  }

  private String file(String name, String content) throws Exception {
    Path file = dir.resolve(name);
    Files.writeString(file, content);
    return file.toString();
  }

  @Test
  void aLaterFileThatChangesTheBatchSizeIsNamedWithTheFileItOverrides() throws Exception {
    String workload = file("batch", "tablestore.batchsize=200\nfieldcount=5\n");
    String mine = file("my.properties", "tablestore.batchsize=1\ntablestore.endpoint=http://127.0.0.1:1\n");

    assertThat(notices("-P", workload, "-P", mine)).containsExactly(
        mine + " sets tablestore.batchsize=1, overriding 200 from " + workload);
  }

  @Test
  void theSameValueAndPropertiesThatAreNotTheCasesPassSilently() throws Exception {
    String workload = file("read", "fieldcount=5\ntable=usertable\nrecordcount=1000000\n");
    String mine = file("my.properties", "fieldcount=5\ntable=mine\ntablestore.instance=i\n");

    assertThat(notices("-P", workload, "-P", mine, "-p", "table=other", "-threads", "8")).isEmpty();
  }

  @Test
  void aDashPChangesTheShapeLoudlyButSizesARunSilently() throws Exception {
    String workload = file("read", "fieldlength=100\nrecordcount=1000000\noperationcount=5\nmaxexecutiontime=1800\n");

    assertThat(notices("-p", "fieldlength=10", "-P", workload, "-p", "recordcount=100000",
        "-p", "operationcount=20000", "-p", "maxexecutiontime=0"))
        .containsExactly("-p fieldlength=10 overrides 100 from " + workload);
  }

  @Test
  void aSizeChangedInAFileIsNamed() throws Exception {
    String workload = file("read", "recordcount=1000000\n");
    String mine = file("my.properties", "recordcount=10\n");

    assertThat(notices("-P", workload, "-P", mine)).containsExactly(
        mine + " sets recordcount=10, overriding 1000000 from " + workload);
  }

  @Test
  void eachOverrideNamesTheFileThatSetTheValueItReplaces() throws Exception {
    String workload = file("w", "fieldcount=5\n");
    String second = file("second", "fieldcount=10\n");
    String third = file("third", "fieldcount=20\n");

    assertThat(notices("-P", workload, "-P", second, "-P", third)).containsExactly(
        second + " sets fieldcount=10, overriding 5 from " + workload,
        third + " sets fieldcount=20, overriding 10 from " + second);
  }

  @Test
  void everyNotedPropertyIsOneTheBindingOrYcsbReads() {
    for (String key : union()) {
      assertThat(KnownProperties.ycsb().contains(key) || KnownProperties.binding().contains(key))
          .as(key).isTrue();
    }
  }

  private static List<String> union() {
    List<String> all = new ArrayList<>(ShapeOverrides.SHAPE);
    all.addAll(ShapeOverrides.SIZE);
    return all;
  }

  /** The shipped connection file, passed after any shipped workload as the docs say, changes nothing. */
  @Test
  void theShippedConfigurationOverridesNoWorkload() throws Exception {
    String conf = ROOT.resolve("distribution/src/conf/tablestore.properties").toString();
    List<Path> workloads;
    try (Stream<Path> files = Files.list(ROOT.resolve("workloads"))) {
      workloads = files.filter(Files::isRegularFile).toList();
    }
    assertThat(workloads).hasSizeGreaterThan(5);
    for (Path workload : workloads) {
      assertThat(notices("-P", workload.toString(), "-P", conf)).as(workload.toString()).isEmpty();
    }
    Properties shipped = new Properties();
    try (InputStream in = Files.newInputStream(Path.of(conf))) {
      shipped.load(in);
    }
    assertThat(shipped.stringPropertyNames()).as("what the shipped file sets")
        .doesNotContainAnyElementsOf(union());
  }
}
