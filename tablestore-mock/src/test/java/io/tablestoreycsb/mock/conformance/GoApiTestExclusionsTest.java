package io.tablestoreycsb.mock.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GoApiTestExclusionsTest {
  private static final String SOURCE = String.join("\n",
      "func (s *TableStoreSuite) SetUpSuite(c *C) {",
      "\tPrepareTable(defaultTableName)",
      "\tPrepareSQLSearchIndex(c, t, i)",
      "}",
      "func (s *TableStoreSuite) TestSQL(c *C) {",
      "}",
      "func (s *TableStoreSuite) TestAtomic(c *C) {",
      "}",
      "func (s *TableStoreSuite) TestGetRow(c *C) {",
      "}");

  @TempDir
  Path dir;

  @Test
  void setUpLinesBecomeCommentsOnTheirOwnLinesAndTestsAndGapsAreListedApart() throws Exception {
    GoApiTestExclusions exclusions = read(
        "# a comment",
        "setup | PrepareSQLSearchIndex(c, t, i) | search index",
        "test | TestSQL | SQL",
        "gap | TestAtomic | not served yet");

    String applied = exclusions.apply(SOURCE);

    assertThat(applied.split("\n")).hasSameSizeAs(SOURCE.split("\n"));
    assertThat(applied.split("\n")[2]).isEqualTo("\t// left out by tablestore-mock (excluded.txt): PrepareSQLSearchIndex(c, t, i)");
    assertThat(applied).contains("\tPrepareTable(defaultTableName)");
    assertThat(GoApiTestExclusions.suiteTests(SOURCE)).containsExactly("TestAtomic", "TestGetRow", "TestSQL");
    assertThat(exclusions.excludedTests()).containsExactly("TestSQL");
    assertThat(exclusions.gaps()).containsExactly("TestAtomic");
  }

  @Test
  void anEntryTheFileDoesNotHoldOrABadLineIsAnError() throws Exception {
    assertThatThrownBy(() -> read("setup | WaitForIndex() | search index").apply(SOURCE))
        .hasMessageContaining("not in api_test.go");
    assertThatThrownBy(() -> read("test | TestGone | SQL").apply(SOURCE)).hasMessageContaining("TestGone");
    assertThatThrownBy(() -> read("test | TestSQL")).hasMessageContaining("KIND | WHAT | WHY");
    assertThatThrownBy(() -> read("setup | } | twice").apply(SOURCE)).hasMessageContaining("more than once");
  }

  private GoApiTestExclusions read(String... lines) throws Exception {
    Path file = dir.resolve("excluded.txt");
    Files.write(file, java.util.List.of(lines));
    return GoApiTestExclusions.read(file);
  }
}
