package io.tablestoreycsb.tunnelbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Scenarios files: sections expand per partition count, and every mistake names its line. */
class ScenarioParserTest {
  private static final Path FILE = Path.of("scenarios");

  @Test
  void aScenarioSectionRunsOncePerPartitionCountWithThePlanSettingsUnlessItSetsItsOwn() {
    BenchPlan plan = ScenarioParser.parse(FILE, List.of(
        "# comment",
        "[plan]",
        "name = small",
        "write-time = 10s",
        "warmup = 2s",
        "rows-per-second = 5000",
        "[scenario one]",
        "consumers = 1",
        "partitions = 1, 4",
        "[scenario two]",
        "consumers = 2",
        "partitions = 64",
        "write-time = 1m"));

    assertThat(plan.name()).isEqualTo("small");
    assertThat(plan.scenarios()).extracting(Scenario::label)
        .containsExactly("1 consumer, 1 partition", "1 consumer, 4 partitions", "2 consumers, 64 partitions");
    assertThat(plan.scenarios().get(0).settings().writeTime()).isEqualTo(Duration.ofSeconds(10));
    assertThat(plan.scenarios().get(0).settings().rowsPerSecond()).isEqualTo(5000);
    assertThat(plan.scenarios().get(2).settings().writeTime()).isEqualTo(Duration.ofMinutes(1));
    assertThat(plan.scenarios().get(2).settings().rowsPerSecond()).isEqualTo(5000);
    assertThat(plan.tableOf(plan.scenarios().get(2))).isEqualTo("tunnelbench_p64_c2");
  }

  @Test
  void mistakesNameTheFileTheLineAndWhatIsWrong() {
    assertThatThrownBy(() -> parse("[plan]", "write-tme = 5s"))
        .hasMessageStartingWith("scenarios:2: unknown key 'write-tme' in [plan]").hasMessageContaining("write-time");
    assertThatThrownBy(() -> parse("[plan]", "[scenario a]", "consumers = 1", "partitions = 1, 0"))
        .hasMessage("scenarios:4: partitions must be from 1 to 1024, got 0");
    assertThatThrownBy(() -> parse("[plan]", "batch-rows = 500", "[scenario a]", "consumers = 1", "partitions = 1"))
        .hasMessage("scenarios:2: batch-rows must be from 1 to 200, got 500");
    assertThatThrownBy(() -> parse("[plan]", "write-time = 5 seconds"))
        .hasMessageStartingWith("scenarios:2: write-time must be a duration like 500ms, 30s");
    assertThatThrownBy(() -> parse("[plan]", "write-time = 5s", "warmup = 5s", "[scenario a]", "consumers = 1",
        "partitions = 1")).hasMessage("scenarios:3: warmup (5000 ms) must be shorter than write-time (5000 ms)");
    assertThatThrownBy(() -> parse("[plan]", "[scenario a]", "partitions = 1"))
        .hasMessage("scenarios:2: [scenario a] needs 'consumers'");
    assertThatThrownBy(() -> parse("[plan]", "row-bytes = 20", "[scenario a]", "consumers = 1", "partitions = 1"))
        .hasMessageStartingWith("scenarios:2: row-bytes must be from 69 to");
    assertThatThrownBy(() -> parse("[plan]")).hasMessage("scenarios: no [scenario NAME] section");
    assertThatThrownBy(() -> parse("[scenario a]", "consumers = 1", "partitions = 1"))
        .hasMessage("scenarios: no [plan] section");
  }

  @Test
  void theShippedScenariosFilesParse() throws IOException {
    Path workloads = Path.of("..", "workloads", "tunnel");
    BenchPlan paper = ScenarioParser.parse(workloads.resolve("paper"));
    BenchPlan quick = ScenarioParser.parse(workloads.resolve("quick"));

    assertThat(paper.scenarios()).extracting(Scenario::label).containsExactly("1 consumer, 1 partition",
        "1 consumer, 4 partitions", "1 consumer, 8 partitions", "1 consumer, 32 partitions",
        "1 consumer, 64 partitions", "2 consumers, 64 partitions", "2 consumers, 128 partitions");
    assertThat(quick.scenarios()).extracting(Scenario::label).containsExactly("1 consumer, 1 partition",
        "1 consumer, 4 partitions", "1 consumer, 8 partitions", "2 consumers, 1 partition",
        "2 consumers, 4 partitions", "2 consumers, 8 partitions");
  }

  private static BenchPlan parse(String... lines) {
    return ScenarioParser.parse(FILE, List.of(lines));
  }
}
