package io.tablestoreycsb.binding.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
}
