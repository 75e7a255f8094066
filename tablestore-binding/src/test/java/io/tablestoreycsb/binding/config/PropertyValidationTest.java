package io.tablestoreycsb.binding.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every numeric, boolean and enum property of the binding given a wrong value (not a number, out
 * of range, unknown value) is refused when the configuration is read, before any work, with a
 * message naming the property and the value. (Missing endpoint and credentials, the endpoint form
 * and the primary key name are in ClientConfigTest.)
 */
class PropertyValidationTest {
  @TempDir
  Path dir;

  private static Properties with(String key, String value) {
    Properties p = new Properties();
    p.setProperty("tablestore.endpoint", "http://127.0.0.1:8080");
    p.setProperty("tablestore.instance", "mock");
    p.setProperty("tablestore.accesskeyid", "id");
    p.setProperty("tablestore.accesskeysecret", "s3cr3t-value");
    p.setProperty(key, value);
    return p;
  }

  @ParameterizedTest(name = "{0}={1}")
  @CsvSource(delimiter = '|', value = {
      "tablestore.batchsize         | many       | 1 to 200",
      "tablestore.batchsize         | -1         | 1 to 200",
      "tablestore.batchretries      | 101        | 0 to 100",
      "tablestore.batchretries      | -1         | 0 to 100",
      "tablestore.batchretries      | 1.5        | 0 to 100",
      "tablestore.maxversions       | 0          | tablestore.maxversions",
      "tablestore.maxversions       | one        | tablestore.maxversions",
      "tablestore.connectiontimeout | 0          | tablestore.connectiontimeout",
      "tablestore.connectiontimeout | 99999999999 | tablestore.connectiontimeout",
      "tablestore.sockettimeout     | -5         | tablestore.sockettimeout",
      "tablestore.maxconnections    | 0          | 1 to 100000",
      "tablestore.maxconnections    | 100001     | 1 to 100000",
      "tablestore.maxconnections    | lots       | 1 to 100000",
      "threadcount                  | zero       | threadcount",
      "tablestore.retry             | sometimes  | 'sdk' or 'none'",
      "tablestore.retrybudget       | long       | a duration such as 30000 (ms), 500ms, 30s or 2m",
      "tablestore.retrybudget       | -5s        | a duration",
      "tablestore.retrybudget       | 2h         | a duration",
      "tablestore.retrybudget       | 3601s      | at most 3600s",
      "tablestore.clientperthread   | maybe      | true or false",
      "tablestore.endpoint          | ftp://h:1  | tablestore.endpoint",
      "tablestore.endpoint          | http://    | tablestore.endpoint",
  })
  void aWrongValueIsRefusedNamingThePropertyAndValue(String property, String value, String expected) {
    assertThatThrownBy(() -> ClientConfig.from(with(property, value), Map.of()))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining(property)
        .hasMessageContaining(expected)
        .hasMessageContaining(value);
  }

  @Test
  void aStatsFileThatCannotBeWrittenIsRefusedBeforeTheRun() throws Exception {
    Path aFile = Files.writeString(dir.resolve("plain-file"), "x");
    assertThatThrownBy(() -> ClientConfig.from(with("tablestore.statsfile", aFile.resolve("stats.json").toString()), Map.of()))
        .isInstanceOf(ConfigException.class).hasMessageContaining("tablestore.statsfile").hasMessageContaining("plain-file");
    assertThatThrownBy(() -> ClientConfig.from(with("tablestore.statsfile", dir.toString()), Map.of()))
        .isInstanceOf(ConfigException.class).hasMessageContaining("tablestore.statsfile is a directory");
    Path readOnly = Files.createDirectory(dir.resolve("read-only"));
    readOnly.toFile().setWritable(false);
    try {
      if (!Files.isWritable(readOnly)) { // running as root, everything is writable
        assertThatThrownBy(() -> ClientConfig.from(with("tablestore.statsfile", readOnly.resolve("s.json").toString()),
            Map.of())).isInstanceOf(ConfigException.class).hasMessageContaining("not a writable directory");
      }
    } finally {
      readOnly.toFile().setWritable(true);
    }
    // A directory that does not exist yet under a writable one is fine: it is created at the end.
    ClientConfig.from(with("tablestore.statsfile", dir.resolve("new/sub/stats.json").toString()), Map.of());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "tablestore.batchsiz                  | tablestore.batchsize",
      "tablestore.endpont                   | tablestore.endpoint",
      "tablestore.batchszie                 | tablestore.batchsize",
      "tablestore.BatchSize                 | tablestore.batchsize",
      "alibaba.cloud.tablestore.instancename | alibaba.cloud.tablestore.instance_name",
  })
  void aMisspelledBindingPropertyIsAnErrorNamingItAndTheClosestKnownOne(String typo, String meant) {
    assertThatThrownBy(() -> ClientConfig.from(with(typo, "10"), Map.of()))
        .isInstanceOf(ConfigException.class)
        .hasMessage("unknown property " + typo + "; did you mean " + meant + "?");
  }

  @Test
  void anUnknownBindingPropertyFarFromAnyKnownOneListsTheKnownOnes() {
    assertThatThrownBy(() -> ClientConfig.from(with("tablestore.compression", "gzip"), Map.of()))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("unknown property tablestore.compression (the binding reads ")
        .hasMessageContaining("tablestore.batchretries, tablestore.batchsize")
        .hasMessageContaining("docs/binding.md");
  }

  @Test
  void aYcsbKeyATypoAwayFromAKnownOneIsWarnedAboutOthersAreLeftAlone() {
    Properties p = with("recordcont", "10000");
    p.setProperty("operatoncount", "5");
    p.setProperty("recordcount", "10");         // known
    p.setProperty("mybinding.flag", "true");     // another binding's key: not YCSB's business
    p.setProperty("hdrhistogram.fileoutput", "true"); // read by YCSB through a literal
    assertThat(KnownProperties.likelyTypos(p)).containsExactly(
        "property operatoncount is not one YCSB or the workload reads (ignored); did you mean operationcount?",
        "property recordcont is not one YCSB or the workload reads (ignored); did you mean recordcount?");
  }

  @Test
  void knownYcsbKeysComeFromYcsbsOwnConstantsAndNotTheirDefaults() {
    assertThat(KnownProperties.ycsb())
        .contains("recordcount", "operationcount", "insertstart", "fieldcount", "requestdistribution",
            "measurementtype", "hdrhistogram.percentiles", "histogram.buckets", "status.interval", "table")
        .doesNotContain("usertable", "0", "uniform", "hashed");
  }

  /** The files the project ships use only keys the binding and YCSB read. */
  @Test
  void shippedWorkloadsAndPropertiesUseOnlyKnownKeys() throws Exception {
    Path root = Path.of("..").toAbsolutePath().normalize();
    List<Path> files = new ArrayList<>();
    try (Stream<Path> workloads = Files.list(root.resolve("workloads"))) {
      workloads.filter(Files::isRegularFile).forEach(files::add);
    }
    files.add(root.resolve("distribution/src/conf/tablestore.properties"));
    assertThat(files).hasSizeGreaterThan(5);
    for (Path file : files) {
      Properties p = new Properties();
      try (InputStream in = Files.newInputStream(file)) {
        p.load(in);
      }
      for (String key : p.stringPropertyNames()) {
        assertThat(KnownProperties.bindingKeyProblem(key)).as(file + ": " + key).isEmpty();
        assertThat(KnownProperties.likelyTypo(key)).as(file + ": " + key).isEmpty();
      }
    }
  }
}
