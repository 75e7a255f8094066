package io.tablestoreycsb.binding.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablestoreycsb.binding.config.PropertiesFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A -P file that cannot be read is named, with what is wrong with it, by bin/ycsb and tablestore-table alike. */
class PropertiesFilesTest {
  @TempDir
  Path dir;

  @Test
  void aDirectoryIsNamedAsOne() {
    assertThatThrownBy(() -> PropertiesFiles.load(dir))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("-P " + dir + ": is a directory, not a properties file");
  }

  @Test
  void aMissingFileIsNamed() {
    Path missing = dir.resolve("missing.properties");
    assertThatThrownBy(() -> PropertiesFiles.load(missing)).hasMessage("-P " + missing + ": no such file");
  }

  @Test
  void aBadUnicodeEscapeIsNamedWithItsFileAndLine() throws Exception {
    Path file = dir.resolve("windows.properties");
    Files.writeString(file, "tablestore.instance=i\n# a Windows path\ntablestore.statsfile=C:\\users\\me\\stats.json\n",
        StandardCharsets.ISO_8859_1);

    assertThatThrownBy(() -> PropertiesFiles.load(file))
        .hasMessageStartingWith("-P " + file + ": line 3: '\\users' is not a \\uXXXX unicode escape; write a backslash as \\\\");
  }

  @Test
  void realEscapesAndEscapedBackslashesLoadAsYcsbLoadsThem() throws Exception {
    Path file = dir.resolve("ok.properties");
    Files.writeString(file, "a=\\u0041\nb=C:\\\\users\\\\me\n", StandardCharsets.ISO_8859_1);
    Properties later = new Properties();
    later.setProperty("a", "overridden");

    PropertiesFiles.loadInto(later, file);

    assertThat(later.getProperty("a")).isEqualTo("A");
    assertThat(later.getProperty("b")).isEqualTo("C:\\users\\me");
  }

  @Test
  void binYcsbNamesTheFile() throws Exception {
    assertThatThrownBy(() -> YcsbMain.ycsbProperties(new String[] {"-db", "d", "-P", dir.toString()}))
        .hasMessageContaining("-P " + dir + ": is a directory");
  }
}
