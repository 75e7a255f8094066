package io.tablestoreycsb.planner.runner;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.binding.config.ClientConfig;
import io.tablestoreycsb.binding.client.ClientLease;
import io.tablestoreycsb.binding.client.SharedClients;
import io.tablestoreycsb.mock.MockTablestore;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.measurements.Measurements;

/** What a warm runner checks between cells finds what a cell left behind, and YCSB's measurements start empty. */
class FreshStateTest {

  @Test
  void aSharedClientStillOpenIsALeftoverUntilItIsReleased(@TempDir Path dir) throws Exception {
    try (MockTablestore mock = MockTablestore.builder().start()) {
      Path file = dir.resolve("mock.properties");
      mock.writeProperties(file);
      Properties props = new Properties();
      try (Reader in = Files.newBufferedReader(file)) {
        props.load(in);
      }
      props.setProperty("table", "t");
      assertThat(FreshState.leftovers(0)).isEmpty();
      ClientLease lease = SharedClients.acquire(ClientConfig.from(props));
      try {
        assertThat(FreshState.leftovers(0)).anyMatch(s -> s.contains("1 shared Tablestore client"));
      } finally {
        lease.close();
      }
      assertThat(FreshState.leftovers(5_000)).isEmpty();
    }
  }

  @Test
  void aNonDaemonThreadOfTheLastCellIsALeftover() throws Exception {
    Thread lingering = new Thread(() -> {
      try {
        Thread.sleep(60_000);
      } catch (InterruptedException e) {
        // ended by the test
      }
    }, "lingering-client-thread");
    lingering.start();
    try {
      assertThat(FreshState.leftovers(0)).anyMatch(s -> s.contains("lingering-client-thread"));
    } finally {
      lingering.interrupt();
      lingering.join();
    }
  }

  @Test
  void measurementsAreANewEmptySingletonAfterTheReset() {
    Properties props = new Properties();
    props.setProperty("measurementtype", "histogram");
    Measurements.setProperties(props);
    Measurements.getMeasurements().measure("INSERT", 120);
    Measurements before = Measurements.getMeasurements();
    assertThat(FreshState.measuredOperations()).containsExactly("INSERT");

    FreshState.resetYcsb(props);

    assertThat(Measurements.getMeasurements()).isNotSameAs(before);
    assertThat(FreshState.measuredOperations()).isEmpty();
    assertThat(Measurements.getMeasurements().getSummary()).isEmpty();
    assertThat(List.of(before.getSummary())).noneMatch(String::isEmpty); // the old one still held INSERT
  }
}
