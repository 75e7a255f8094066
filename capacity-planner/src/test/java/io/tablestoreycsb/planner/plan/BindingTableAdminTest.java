package io.tablestoreycsb.planner.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablestoreycsb.binding.tools.TableSetupException;
import io.tablestoreycsb.mock.MockTablestore;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The planner's table set-up on the binding's TableSetup API: the real SDK against the embedded mock. */
class BindingTableAdminTest {
  @TempDir
  static Path dir;
  static MockTablestore mock;
  static BindingTableAdmin tables;

  @BeforeAll
  static void start() throws Exception {
    mock = MockTablestore.builder().start();
    Path props = dir.resolve("mock.properties");
    mock.writeProperties(props);
    tables = new BindingTableAdmin(props);
  }

  @AfterEach
  void clearFaults() {
    mock.faultPlan().clear();
  }

  @AfterAll
  static void stop() {
    mock.close();
  }

  @Test
  void ensureTableCreatesThePreSplitTableOnceAndCountsItsRows() throws Exception {
    tables.ensureTable("plan_p4", 4);
    assertThat(tables.countRows("plan_p4")).isZero();
    // Already there with the right partitions: kept (creating it again would fail with OTSObjectAlreadyExist).
    tables.ensureTable("plan_p4", 4);
    assertThatThrownBy(() -> tables.ensureTable("plan_p4", 16)).isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("table plan_p4 has 4 partition(s), the plan needs 16")
        .hasMessageContaining("bin/tablestore-table drop -P FILE --table plan_p4");
  }

  @Test
  void failuresKeepTheServiceCodeAndMessage() {
    assertThatThrownBy(() -> tables.countRows("plan_missing")).isInstanceOfSatisfying(TableSetupException.class,
        e -> assertThat(e.tableNotFound()).isTrue());

    mock.faultPlan().addFault("CreateTable=OTSParameterInvalid@1.0");
    assertThatThrownBy(() -> tables.ensureTable("plan_refused", 16)).isInstanceOf(TableSetupException.class)
        .hasMessageContaining("refused to create 'plan_refused' pre-split into 16 partitions")
        .hasMessageContaining("support ticket");

    mock.faultPlan().addFault("DescribeTable=OTSParameterInvalid@1.0");
    assertThatThrownBy(() -> tables.ensureTable("plan_undescribed", 1)).isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("cannot describe table plan_undescribed: DescribeTable on 'plan_undescribed' failed:"
            + " OTSParameterInvalid");
  }
}
