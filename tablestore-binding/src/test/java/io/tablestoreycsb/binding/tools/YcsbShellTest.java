package io.tablestoreycsb.binding.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class YcsbShellTest {
  @TempDir
  Path dir;

  @Test
  void theOptionsCommandLineAcceptsPassAndOthersAreNamed() throws Exception {
    Path props = Files.writeString(dir.resolve("p.properties"), "a=b\n");
    assertThat(YcsbShell.wrongArgument(new String[] {"-db", "d", "-P", props.toString(), "-p", "k=v", "-table", "t"}))
        .isNull();
    assertThat(YcsbShell.wrongArgument(new String[] {"-db", "d", "-tabel", "t"})).isEqualTo("unknown option '-tabel'");
    assertThat(YcsbShell.wrongArgument(new String[] {"-db", "d", "-table"})).isEqualTo("-table needs a value");
    assertThat(YcsbShell.wrongArgument(new String[] {"-db", "d", "-P", dir.resolve("absent").toString()}))
        .contains("cannot read the -P properties file").contains("absent");
    assertThat(YcsbShell.wrongArgument(new String[] {"-db", "d", "-p", "novalue"})).isEqualTo("-p needs key=value");
    assertThat(YcsbShell.wrongArgument(new String[] {"-db", "d", "hush"})).doesNotContain("hush");
  }
}
