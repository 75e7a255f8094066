package io.tablestoreycsb.mock;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.Direction;
import com.alicloud.openservices.tablestore.model.GetRangeRequest;
import com.alicloud.openservices.tablestore.model.GetRangeResponse;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.RangeRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.Row;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import io.tablestoreycsb.mock.fixtures.TableSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * By default a GetRange page ends where the scan leaves the partition of its start key, with
 * next_start_primary_key set, as the service may end it: a client that reads only the first page
 * gets a short scan, as it would from the service. Table "split" holds key0000..key0099, split at
 * key0030 and key0070, with no rows between key0030 and key0069 except key0040..key0049.
 */
class GetRangePartitionBoundaryTest {
  private static final String TABLE = "split";

  @RegisterExtension
  static final MockFixture fx = MockFixture.withTables(splitTable("key0030", "key0070"));

  @BeforeAll
  static void fillTable() {
    putRows(fx.client(), IntStream.range(0, 100).filter(i -> i < 30 || (i >= 40 && i < 50) || i >= 70));
  }

  /** Table {@link #TABLE}, keyed by {@code id}, split at {@code points}. */
  private static TableSpec splitTable(String... points) {
    return TableSpec.named(TABLE).key("id", PrimaryKeyType.STRING).splitAt(points);
  }

  /** Puts the rows numbered {@code rows} into {@link #TABLE}. */
  private static void putRows(SyncClient writer, IntStream rows) {
    BatchWriteRowRequest batch = new BatchWriteRowRequest();
    rows.forEach(i -> {
      RowPutChange put = new RowPutChange(TABLE, key(id(i)));
      put.addColumn("v", ColumnValue.fromLong(i));
      batch.addRowChange(put);
    });
    assertThat(writer.batchWriteRow(batch).isAllSucceed()).isTrue();
  }

  @Test
  void aForwardPageEndsAtThePartitionBoundaryWithTheNextRowAsItsNextStart() {
    GetRangeResponse first = page(Direction.FORWARD, key(PrimaryKeyValue.INF_MIN), key(PrimaryKeyValue.INF_MAX), 0);

    assertThat(ids(first)).hasSize(30).startsWith("key0000").endsWith("key0029");
    assertThat(first.getNextStartPrimaryKey()).isEqualTo(key("key0040"));
  }

  @Test
  void aPageStartingInsideAPartitionEndsAtThatPartitionsEnd() {
    GetRangeResponse page = page(Direction.FORWARD, key("key0045"), key(PrimaryKeyValue.INF_MAX), 0);

    assertThat(ids(page)).containsExactly("key0045", "key0046", "key0047", "key0048", "key0049");
    assertThat(page.getNextStartPrimaryKey()).isEqualTo(key("key0070"));
  }

  @Test
  void aPageWhoseStartPartitionHasNoRowsOfTheRangeIsEmptyButNotTheEnd() {
    GetRangeResponse page = page(Direction.FORWARD, key("key0050"), key(PrimaryKeyValue.INF_MAX), 0);

    assertThat(page.getRows()).isEmpty();
    assertThat(page.getNextStartPrimaryKey()).isEqualTo(key("key0070"));
  }

  @Test
  void aBackwardPageEndsAtThePartitionBoundaryToo() {
    GetRangeResponse page = page(Direction.BACKWARD, key(PrimaryKeyValue.INF_MAX), key(PrimaryKeyValue.INF_MIN), 0);

    assertThat(ids(page)).hasSize(30).startsWith("key0099").endsWith("key0070");
    assertThat(page.getNextStartPrimaryKey()).isEqualTo(key("key0049"));
  }

  @Test
  void theLimitStillEndsAPageFirstAndTheLastPageHasNoNextStart() {
    GetRangeResponse limited = page(Direction.FORWARD, key("key0010"), key(PrimaryKeyValue.INF_MAX), 5);
    assertThat(ids(limited)).containsExactly("key0010", "key0011", "key0012", "key0013", "key0014");
    assertThat(limited.getNextStartPrimaryKey()).isEqualTo(key("key0015"));

    GetRangeResponse last = page(Direction.FORWARD, key("key0090"), key(PrimaryKeyValue.INF_MAX), 0);
    assertThat(ids(last)).hasSize(10);
    assertThat(last.getNextStartPrimaryKey()).isNull();
  }

  @Test
  void aClientFollowingTheNextStartReadsEveryRowInOrder() {
    List<String> all = new ArrayList<>();
    int pages = 0;
    PrimaryKey start = key(PrimaryKeyValue.INF_MIN);
    while (start != null) {
      GetRangeResponse page = page(Direction.FORWARD, start, key(PrimaryKeyValue.INF_MAX), 0);
      all.addAll(ids(page));
      start = page.getNextStartPrimaryKey();
      pages++;
    }

    assertThat(pages).isEqualTo(3);
    assertThat(all).hasSize(70).isSorted().startsWith("key0000").endsWith("key0099");
  }

  @Test
  void withPagesAcrossPartitionsOnePageReturnsTheWholeRange() throws Exception {
    try (MockTablestore spanning = MockTablestore.builder().rangePagesEndAtPartitionBoundary(false).start()) {
      SyncClient other = SdkClients.sync(spanning);
      try {
        splitTable("key0030").create(spanning, other);
        putRows(other, IntStream.range(0, 60));

        RangeRowQueryCriteria criteria = criteria(Direction.FORWARD, key(PrimaryKeyValue.INF_MIN), key(PrimaryKeyValue.INF_MAX), 0);
        GetRangeResponse page = other.getRange(new GetRangeRequest(criteria));

        assertThat(page.getRows()).hasSize(60);
        assertThat(page.getNextStartPrimaryKey()).isNull();
      } finally {
        other.shutdown();
      }
    }
  }

  private static GetRangeResponse page(Direction direction, PrimaryKey start, PrimaryKey end, int limit) {
    return fx.client().getRange(new GetRangeRequest(criteria(direction, start, end, limit)));
  }

  private static RangeRowQueryCriteria criteria(Direction direction, PrimaryKey start, PrimaryKey end, int limit) {
    RangeRowQueryCriteria criteria = new RangeRowQueryCriteria(TABLE);
    criteria.setDirection(direction);
    criteria.setInclusiveStartPrimaryKey(start);
    criteria.setExclusiveEndPrimaryKey(end);
    criteria.setMaxVersions(1);
    if (limit > 0) {
      criteria.setLimit(limit);
    }
    return criteria;
  }

  private static List<String> ids(GetRangeResponse page) {
    List<String> ids = new ArrayList<>();
    for (Row row : page.getRows()) {
      ids.add(row.getPrimaryKey().getPrimaryKeyColumn("id").getValue().asString());
    }
    return ids;
  }

  private static String id(int i) {
    return String.format("key%04d", i);
  }

  private static PrimaryKey key(String id) {
    return key(PrimaryKeyValue.fromString(id));
  }

  private static PrimaryKey key(PrimaryKeyValue value) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("id", value).build();
  }
}
