package io.tablestoreycsb.mock.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablestoreycsb.mock.faults.FaultRule;
import io.tablestoreycsb.mock.faults.LatencyRule;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Typed rules given to the container reach its launcher as the command-line options that parse
 * back to them (needs no Docker engine: the command is built, not run).
 */
class TablestoreMockContainerOptionsTest {

  @Test
  void typedRulesBecomeTheSpecsThatParseBackToThem() {
    FaultRule rows = FaultRule.onRows(ActionName.BATCH_WRITE_ROW, ErrorCode.SERVER_BUSY, 0.01);
    FaultRule refused = FaultRule.of(ActionName.CREATE_TABLE, ErrorCode.QUOTA_EXHAUSTED, 0.5)
        .withMessage("Too frequent table operations.");
    LatencyRule latency = LatencyRule.of(ActionName.GET_ROW,
        LatencyRule.uniform(Duration.ofMillis(1), Duration.ofMillis(5)), LatencyRule.spike(Duration.ofMillis(50), 0.01));
    try (TablestoreMockContainer container = new TablestoreMockContainer("tablestore-mock:dev")
        .withFault(rows).withFault(refused).withLatency(latency).withPartitionCapacity(2000).withJournalCapacity(50_000)) {
      container.configure();
      List<String> command = Arrays.asList(container.getCommandParts());

      assertThat(command).containsSubsequence("--fault", rows.toString(), "--fault", refused.toString(),
          "--latency", latency.toString(), "--partition-capacity", "2000.0", "--journal-capacity", "50000");
      assertThat(FaultRule.parse(command.get(command.indexOf("--fault") + 1))).isEqualTo(rows);
      assertThat(FaultRule.parse(command.get(command.lastIndexOf("--fault") + 1))).isEqualTo(refused);
      assertThat(LatencyRule.parse(command.get(command.indexOf("--latency") + 1))).isEqualTo(latency);
    }
  }

  @Test
  void aDataVolumeMakesTheMockKeepItsStateInTheImagesVolume() {
    try (TablestoreMockContainer container = new TablestoreMockContainer("tablestore-mock:dev").withDataVolume("my-data")) {
      container.configure();

      assertThat(Arrays.asList(container.getCommandParts())).containsSubsequence("--data-dir", "/data");
    }
    try (TablestoreMockContainer container = new TablestoreMockContainer("tablestore-mock:dev")) {
      container.configure();

      assertThat(Arrays.asList(container.getCommandParts())).doesNotContain("--data-dir");
    }
  }

  @Test
  void aVolumeNameThatIsAPathIsRefusedNamingTheOtherMethod() {
    try (TablestoreMockContainer container = new TablestoreMockContainer("tablestore-mock:dev")) {
      assertThatThrownBy(() -> container.withDataVolume("/home/me/mock-data"))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("'/home/me/mock-data'").hasMessageContaining("withDataDirectory(Path)");
    }
  }
}
