package io.tablestoreycsb.mock;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.BatchWriteRowResponse;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.Direction;
import com.alicloud.openservices.tablestore.model.GetRangeRequest;
import com.alicloud.openservices.tablestore.model.GetRangeResponse;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.RangeIteratorParameter;
import com.alicloud.openservices.tablestore.model.RangeRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.Row;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import io.tablestoreycsb.mock.fixtures.TableSpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * GetRange through the SDK: pagination over the 5000-row and 4 MB caps, both directions, key order.
 * The table is pre-split every 3000 rows and the mock runs with pages that may span partitions
 * ({@code rangePagesEndAtPartitionBoundary(false)}), so 5000-row pages cross split points; pages
 * that end at partition boundaries (the default) are {@link GetRangePartitionBoundaryTest}'s.
 */
class GetRangeTest {
  private static final String USERS = "users";
  private static final int USER_COUNT = 12_000;

  @RegisterExtension
  static final MockFixture fx = MockFixture.with(endpoint -> endpoint.rangePagesEndAtPartitionBoundary(false),
      users(USERS).splitAt("user03000", "user06000", "user09000"));

  @BeforeAll
  static void fillTable() {
    loadUsers(USER_COUNT);
  }

  @Test
  void aForwardScanPagesThroughAllRowsInOrderAt5000RowsAPage() {
    List<Integer> pageSizes = new ArrayList<>();
    List<String> keys = scanAll(Direction.FORWARD, inf(true), inf(false), pageSizes);

    assertThat(pageSizes).containsExactly(5000, 5000, 2000);
    assertThat(keys).containsExactlyElementsOf(expectedUserIds());
  }

  @Test
  void aBackwardScanPagesThroughAllRowsInReverseOrder() {
    List<Integer> pageSizes = new ArrayList<>();
    List<String> keys = scanAll(Direction.BACKWARD, inf(false), inf(true), pageSizes);

    List<String> expected = expectedUserIds();
    Collections.reverse(expected);
    assertThat(pageSizes).containsExactly(5000, 5000, 2000);
    assertThat(keys).containsExactlyElementsOf(expected);
  }

  @Test
  void theStartKeyIsInclusiveAndTheEndKeyExclusive() {
    List<String> keys = scanAll(Direction.FORWARD, user("user02998"), user("user03002"), new ArrayList<>());

    assertThat(keys).containsExactly("user02998", "user02999", "user03000", "user03001");
  }

  @Test
  void aLimitReturnsThatManyRowsAndTheNextStartKey() {
    RangeRowQueryCriteria criteria = criteria(Direction.FORWARD, user("user00100"), inf(false));
    criteria.setLimit(100);

    GetRangeResponse response = fx.client().getRange(new GetRangeRequest(criteria));

    assertThat(response.getRows()).hasSize(100);
    assertThat(response.getNextStartPrimaryKey()).isEqualTo(user("user00200"));
    assertThat(response.getConsumedCapacity().getCapacityUnit().getReadCapacityUnit()).isPositive();
  }

  @Test
  void theLastPageHasNoNextStartKey() {
    RangeRowQueryCriteria criteria = criteria(Direction.FORWARD, user("user11990"), inf(false));

    GetRangeResponse response = fx.client().getRange(new GetRangeRequest(criteria));

    assertThat(response.getRows()).hasSize(10);
    assertThat(response.getNextStartPrimaryKey()).isNull();
  }

  @Test
  void theSdkRangeIteratorSeesEveryRow() {
    RangeIteratorParameter parameter = new RangeIteratorParameter(USERS);
    parameter.setInclusiveStartPrimaryKey(inf(true));
    parameter.setExclusiveEndPrimaryKey(inf(false));
    parameter.setMaxVersions(1);

    Iterator<Row> rows = fx.client().createRangeIterator(parameter);
    int count = 0;
    while (rows.hasNext()) {
      rows.next();
      count++;
    }

    assertThat(count).isEqualTo(USER_COUNT);
  }

  @Test
  void aPageStopsAt4MegabytesOfData() {
    fx.create(users("big_rows"));
    for (int i = 0; i < 10; i++) {
      RowPutChange change = new RowPutChange("big_rows", key("userid", String.format("big%02d", i)));
      change.addColumn("field0", ColumnValue.fromString("z".repeat(500_000)));
      fx.client().putRow(new PutRowRequest(change));
    }
    RangeRowQueryCriteria criteria = new RangeRowQueryCriteria("big_rows");
    criteria.setInclusiveStartPrimaryKey(infKey("userid", true));
    criteria.setExclusiveEndPrimaryKey(infKey("userid", false));
    criteria.setMaxVersions(1);

    GetRangeResponse first = fx.client().getRange(new GetRangeRequest(criteria));

    assertThat(first.getRows()).hasSize(8); // 8 x 500 KB fit in 4 MB, a ninth would not
    assertThat(first.getNextStartPrimaryKey()).isEqualTo(key("userid", "big08"));
  }

  @Test
  void compositeKeysSortColumnByColumnWithSignedIntegersAndUnsignedBytes() {
    fx.create(TableSpec.named("composite")
        .key("a", PrimaryKeyType.INTEGER).key("b", PrimaryKeyType.STRING).key("c", PrimaryKeyType.BINARY));
    // In the expected order: INTEGER signed, then STRING by UTF-8 bytes, then BINARY unsigned.
    List<Object[]> ordered = List.of(
        new Object[] {Long.MIN_VALUE, "a", new byte[] {1}},
        new Object[] {-5L, "a", new byte[] {1}},
        new Object[] {-1L, "", new byte[] {1}},
        new Object[] {-1L, "a", new byte[] {0x00}},
        new Object[] {-1L, "a", new byte[] {0x7f}},
        new Object[] {-1L, "a", new byte[] {(byte) 0x80}},
        new Object[] {-1L, "a", new byte[] {(byte) 0xff}},
        new Object[] {-1L, "ab", new byte[] {1}},
        new Object[] {-1L, "b", new byte[] {1}},
        new Object[] {-1L, "z", new byte[] {1}},
        new Object[] {-1L, "\u00e9", new byte[] {1}},
        new Object[] {0L, "a", new byte[] {1}},
        new Object[] {3L, "a", new byte[] {1}},
        new Object[] {Long.MAX_VALUE, "a", new byte[] {1}});
    List<Object[]> shuffled = new ArrayList<>(ordered);
    Collections.shuffle(shuffled, new java.util.Random(7));
    for (Object[] k : shuffled) {
      RowPutChange change = new RowPutChange("composite", compositeKey(k));
      change.addColumn("v", ColumnValue.fromLong(ordered.indexOf(k)));
      fx.client().putRow(new PutRowRequest(change));
    }
    RangeRowQueryCriteria criteria = new RangeRowQueryCriteria("composite");
    criteria.setInclusiveStartPrimaryKey(PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("a", PrimaryKeyValue.INF_MIN)
        .addPrimaryKeyColumn("b", PrimaryKeyValue.INF_MIN).addPrimaryKeyColumn("c", PrimaryKeyValue.INF_MIN).build());
    criteria.setExclusiveEndPrimaryKey(PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("a", PrimaryKeyValue.INF_MAX)
        .addPrimaryKeyColumn("b", PrimaryKeyValue.INF_MAX).addPrimaryKeyColumn("c", PrimaryKeyValue.INF_MAX).build());
    criteria.setMaxVersions(1);

    List<Long> order = fx.client().getRange(new GetRangeRequest(criteria)).getRows().stream()
        .map(r -> r.getLatestColumn("v").getValue().asLong()).collect(Collectors.toList());

    assertThat(order).containsExactlyElementsOf(IntStream.range(0, ordered.size()).mapToObj(i -> (long) i).toList());
  }

  // --- helpers -----------------------------------------------------------------------------

  private static List<String> scanAll(Direction direction, PrimaryKey start, PrimaryKey end, List<Integer> pageSizes) {
    List<String> keys = new ArrayList<>();
    RangeRowQueryCriteria criteria = criteria(direction, start, end);
    while (true) {
      GetRangeResponse response = fx.client().getRange(new GetRangeRequest(criteria));
      pageSizes.add(response.getRows().size());
      for (Row row : response.getRows()) {
        keys.add(row.getPrimaryKey().getPrimaryKeyColumn("userid").getValue().asString());
      }
      if (response.getNextStartPrimaryKey() == null) {
        return keys;
      }
      criteria.setInclusiveStartPrimaryKey(response.getNextStartPrimaryKey());
    }
  }

  private static RangeRowQueryCriteria criteria(Direction direction, PrimaryKey start, PrimaryKey end) {
    RangeRowQueryCriteria criteria = new RangeRowQueryCriteria(USERS);
    criteria.setDirection(direction);
    criteria.setInclusiveStartPrimaryKey(start);
    criteria.setExclusiveEndPrimaryKey(end);
    criteria.setMaxVersions(1);
    return criteria;
  }

  private static void loadUsers(int count) {
    for (int from = 0; from < count; from += 200) {
      BatchWriteRowRequest batch = new BatchWriteRowRequest();
      for (int i = from; i < Math.min(count, from + 200); i++) {
        RowPutChange change = new RowPutChange(USERS, user(userId(i)));
        change.addColumn("field0", ColumnValue.fromString("value" + i));
        batch.addRowChange(change);
      }
      BatchWriteRowResponse response = fx.client().batchWriteRow(batch);
      assertThat(response.isAllSucceed()).isTrue();
    }
  }

  private static List<String> expectedUserIds() {
    return IntStream.range(0, USER_COUNT).mapToObj(GetRangeTest::userId).collect(Collectors.toCollection(ArrayList::new));
  }

  private static String userId(int i) {
    return String.format("user%05d", i);
  }

  /** A table keyed by {@code userid}. */
  private static TableSpec users(String name) {
    return TableSpec.named(name).key("userid", PrimaryKeyType.STRING);
  }

  private static PrimaryKey user(String id) {
    return key("userid", id);
  }

  private static PrimaryKey key(String column, String value) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn(column, PrimaryKeyValue.fromString(value)).build();
  }

  private static PrimaryKey inf(boolean min) {
    return infKey("userid", min);
  }

  private static PrimaryKey infKey(String column, boolean min) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder()
        .addPrimaryKeyColumn(column, min ? PrimaryKeyValue.INF_MIN : PrimaryKeyValue.INF_MAX).build();
  }

  private static PrimaryKey compositeKey(Object[] k) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder()
        .addPrimaryKeyColumn("a", PrimaryKeyValue.fromLong((Long) k[0]))
        .addPrimaryKeyColumn("b", PrimaryKeyValue.fromString((String) k[1]))
        .addPrimaryKeyColumn("c", PrimaryKeyValue.fromBinary((byte[]) k[2])).build();
  }
}
