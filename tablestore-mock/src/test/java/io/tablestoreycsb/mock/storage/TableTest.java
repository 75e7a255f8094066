package io.tablestoreycsb.mock.storage;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import java.util.List;
import org.junit.jupiter.api.Test;

class TableTest {
  private final Catalog catalog = new Catalog(new MemoryBudget(1 << 20));

  @Test
  void rowsGoToThePartitionWhoseRangeHoldsTheirFirstKeyValue() {
    Table table = catalog.create("t", List.of(new PrimaryKeySchema("pk", PrimaryKeyType.STRING)),
        List.of(PrimaryKeyValue.fromString("4000"), PrimaryKeyValue.fromString("8000"), PrimaryKeyValue.fromString("c000")),
        new TableSettings(-1, 1, 86400, true, 0, 0, 0, 0), 0);

    assertThat(table.partitionCount()).isEqualTo(4);
    assertThat(table.partitionIndexOf(PrimaryKeyValue.fromString("0000"))).isZero();
    assertThat(table.partitionIndexOf(PrimaryKeyValue.fromString("3fff"))).isZero();
    assertThat(table.partitionIndexOf(PrimaryKeyValue.fromString("4000"))).isEqualTo(1);
    assertThat(table.partitionIndexOf(PrimaryKeyValue.fromString("bfff"))).isEqualTo(2);
    assertThat(table.partitionIndexOf(PrimaryKeyValue.fromString("ffff"))).isEqualTo(3);
    assertThat(table.partitionIndexOf(PrimaryKeyValue.INF_MIN)).isZero();
    assertThat(table.partitionIndexOf(PrimaryKeyValue.INF_MAX)).isEqualTo(3);
  }
}
