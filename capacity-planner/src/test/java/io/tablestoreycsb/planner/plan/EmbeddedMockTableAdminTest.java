package io.tablestoreycsb.planner.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.mock.MockTablestore;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The planner's own mock serves a table's load without its partition capacity, and the cells with it. */
class EmbeddedMockTableAdminTest {
  @TempDir
  Path dir;

  @Test
  void aLoadLiftsTheCapacityUntilItEndsAndTheCellsMeetItAgain() throws Exception {
    try (MockTablestore mock = MockTablestore.builder().partitionCapacity(400).start()) {
      EmbeddedMockTableAdmin tables = tables(mock);
      tables.ensureTable("plan_p1", 1);
      try (TableAdmin.Loading loading = tables.loading("plan_p1")) {
        assertThat(mock.faultPlan().partitionCapacity()).isZero();
      }
      assertThat(mock.faultPlan().partitionCapacity()).isEqualTo(400);

      // A load that fails ends all the same: the capacity is back for the cells.
      try (TableAdmin.Loading loading = tables.loading("plan_p1")) {
        throw new IllegalStateException("the runners failed");
      } catch (IllegalStateException expected) {
        assertThat(mock.faultPlan().partitionCapacity()).isEqualTo(400);
      }
    }
  }

  @Test
  void anUnlimitedMockStaysUnlimited() throws Exception {
    try (MockTablestore mock = MockTablestore.builder().start()) {
      try (TableAdmin.Loading loading = tables(mock).loading("plan_p1")) {
        assertThat(mock.faultPlan().partitionCapacity()).isZero();
      }
      assertThat(mock.faultPlan().partitionCapacity()).isZero();
    }
  }

  private EmbeddedMockTableAdmin tables(MockTablestore mock) throws Exception {
    Path props = dir.resolve("mock.properties");
    mock.writeProperties(props);
    return new EmbeddedMockTableAdmin(new BindingTableAdmin(props), mock);
  }
}
