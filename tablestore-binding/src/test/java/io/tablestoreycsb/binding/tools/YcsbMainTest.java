package io.tablestoreycsb.binding.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablestoreycsb.binding.config.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class YcsbMainTest {
  @TempDir
  Path dir;

  @Test
  void propertiesFollowYcsbPrecedence() throws Exception {
    Path a = dir.resolve("a.properties");
    Path b = dir.resolve("b.properties");
    Files.writeString(a, "x=1\ny=1\nz=1\n");
    Files.writeString(b, "y=2\nz=2\n");
    Properties p = YcsbMain.ycsbProperties(new String[] {
        "-db", "some.Db", "-P", a.toString(), "-p", "z=3", "-P", b.toString(), "-threads", "7", "-s", "-t"});
    assertThat(p.getProperty("x")).isEqualTo("1");
    assertThat(p.getProperty("y")).isEqualTo("2");
    assertThat(p.getProperty("z")).isEqualTo("3");
    assertThat(p.getProperty("threadcount")).isEqualTo("7");
  }

  @Test
  void unknownOptionsStrayArgumentsAndBadValuesAreRefusedWithoutEchoingValues() {
    assertThatThrownBy(() -> YcsbMain.ycsbProperties(new String[] {"-db", "d", "-treads", "4"}))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("unknown option '-treads'");
    assertThatThrownBy(() -> YcsbMain.ycsbProperties(new String[] {"-db", "d", "-pp", "tablestore.accesskeysecret=hush"}))
        .isInstanceOf(IllegalArgumentException.class).hasMessageNotContaining("hush");
    assertThatThrownBy(() -> YcsbMain.ycsbProperties(new String[] {"-db", "d", "hush"}))
        .isInstanceOf(IllegalArgumentException.class).hasMessageNotContaining("hush").hasMessageContaining("argument 3");
    assertThatThrownBy(() -> YcsbMain.ycsbProperties(new String[] {"-db", "d", "-target", "fast"}))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-target").hasMessageContaining("'fast'");
    assertThatThrownBy(() -> YcsbMain.ycsbProperties(new String[] {"-db", "d", "-threads"}))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("-threads needs a value");
  }

  @Test
  void secretsGivenWithDashPMoveToAPrivateFile() throws Exception {
    String[] args = {"-db", "d", "-p", "tablestore.accesskeysecret=hush", "-p", "a=b", "-load"};
    String[] out = YcsbMain.hideSecrets(args);
    assertThat(String.join(" ", out)).doesNotContain("hush").contains("-p a=b").contains("-load");
    Path file = Path.of(out[out.length - 1]);
    assertThat(out[out.length - 2]).isEqualTo("-P");
    Properties p = new Properties();
    try (var in = Files.newInputStream(file)) {
      p.load(in);
    }
    assertThat(p.getProperty("tablestore.accesskeysecret")).isEqualTo("hush");
    assertThat(Files.getPosixFilePermissions(file)).containsExactlyInAnyOrder(
        java.nio.file.attribute.PosixFilePermission.OWNER_READ, java.nio.file.attribute.PosixFilePermission.OWNER_WRITE);
    String[] none = {"-db", "d", "-p", "a=b"};
    assertThat(Arrays.asList(YcsbMain.hideSecrets(none))).containsExactly(none);
  }

  @Test
  void theWorkloadMustExistAndItsKeyRangeFitYcsbIntKeyNumbers() throws Exception {
    Properties load = YcsbMain.ycsbProperties(new String[] {"-db", "d", "-p", "recordcount=2400000000",
        "-p", "insertstart=2000000000", "-p", "insertcount=400000000", "-load"});
    assertThat(load.getProperty("dotransactions")).isEqualTo("false");
    load.setProperty("workload", "io.tablestoreycsb.binding.TablestoreWorkload");
    assertThatThrownBy(() -> YcsbMain.checkWorkload(load)).isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("insertstart + insertcount = 2000000000 + 400000000 = 2400000000 is beyond 2147483647");
    // YCSB's own CoreWorkload narrows key numbers to an int just the same.
    load.setProperty("workload", "site.ycsb.workloads.CoreWorkload");
    assertThatThrownBy(() -> YcsbMain.checkWorkload(load)).hasMessageContaining("is beyond 2147483647");
    load.setProperty("insertstart", "0");
    assertThatCode(() -> YcsbMain.checkWorkload(load)).doesNotThrowAnyException();

    Properties run = YcsbMain.ycsbProperties(new String[] {"-db", "d", "-p", "recordcount=3000000000",
        "-p", "workload=io.tablestoreycsb.binding.TablestoreWorkload", "-t"});
    assertThat(run.getProperty("dotransactions")).isEqualTo("true");
    assertThatThrownBy(() -> YcsbMain.checkWorkload(run)).hasMessageStartingWith("recordcount = 3000000000 is beyond");

    Properties none = YcsbMain.ycsbProperties(new String[] {"-db", "d", "-load"});
    assertThatThrownBy(() -> YcsbMain.checkWorkload(none)).hasMessageStartingWith("workload is not set");
    none.setProperty("workload", "io.tablestoreycsb.binding.NoSuchWorkload");
    assertThatThrownBy(() -> YcsbMain.checkWorkload(none))
        .hasMessageStartingWith("workload='io.tablestoreycsb.binding.NoSuchWorkload' is not a class");
  }
}
