package io.tablestoreycsb.binding;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
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
}
