package io.tablestoreycsb.mock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.Condition;
import com.alicloud.openservices.tablestore.model.GetRangeRequest;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.RangeRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.Row;
import com.alicloud.openservices.tablestore.model.RowExistenceExpectation;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.RowUpdateChange;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.UpdateRowRequest;
import com.alicloud.openservices.tablestore.model.condition.ColumnCondition;
import com.alicloud.openservices.tablestore.model.condition.CompositeColumnValueCondition;
import com.alicloud.openservices.tablestore.model.condition.SingleColumnValueCondition;
import com.alicloud.openservices.tablestore.model.filter.CompositeColumnValueFilter;
import com.alicloud.openservices.tablestore.model.filter.SingleColumnValueFilter;
import io.tablestoreycsb.mock.fixtures.TableSpec;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Column conditions on writes and column filters on reads, through the SDK's condition and filter classes. */
class ConditionsAndFiltersTest {
  private static final String TABLE = "accounts";

  @RegisterExtension
  static final MockFixture fx = MockFixture.withTables(TableSpec.named(TABLE).key("id", PrimaryKeyType.STRING));

  @BeforeAll
  static void fillTable() {
    for (int i = 0; i < 10; i++) {
      putAccount("acct" + i, i * 100, i % 2 == 0 ? "open" : "closed");
    }
  }

  @Test
  void anUpdateWhoseColumnConditionHoldsIsApplied() {
    putAccount("cas", 100, "open");

    setBalanceIf("cas", 150, equal("balance", 100));

    assertThat(balanceOf("cas")).isEqualTo(150);
  }

  @Test
  void anUpdateWhoseColumnConditionFailsIsOtsConditionCheckFailAndChangesNothing() {
    putAccount("stale", 100, "open");

    assertConditionFails(() -> setBalanceIf("stale", 999, equal("balance", 42)));
    assertThat(balanceOf("stale")).isEqualTo(100);
  }

  @Test
  void compositeConditionsCombineWithAndOrNot() {
    putAccount("combo", 500, "open");
    CompositeColumnValueCondition openAndRich = new CompositeColumnValueCondition(CompositeColumnValueCondition.LogicOperator.AND)
        .addCondition(equal("status", "open"))
        .addCondition(new SingleColumnValueCondition("balance", SingleColumnValueCondition.CompareOperator.GREATER_THAN,
            ColumnValue.fromLong(400)));
    CompositeColumnValueCondition notOpen = new CompositeColumnValueCondition(CompositeColumnValueCondition.LogicOperator.NOT)
        .addCondition(equal("status", "open"));

    setBalanceIf("combo", 600, openAndRich);

    assertThat(balanceOf("combo")).isEqualTo(600);
    assertConditionFails(() -> setBalanceIf("combo", 700, notOpen));
    assertThat(balanceOf("combo")).isEqualTo(600);
  }

  @Test
  void aMissingColumnPassesOrFailsAsTheConditionSays() {
    putAccount("nocolumn", 1, "open");
    SingleColumnValueCondition passIfMissing = equal("owner", "bob");
    SingleColumnValueCondition failIfMissing = equal("owner", "bob");
    failIfMissing.setPassIfMissing(false);

    setBalanceIf("nocolumn", 2, passIfMissing);

    assertThat(balanceOf("nocolumn")).isEqualTo(2);
    assertConditionFails(() -> setBalanceIf("nocolumn", 3, failIfMissing));
  }

  @Test
  void aGetRowFilterThatRejectsTheRowReadsItAsAbsent() {
    SingleRowQueryCriteria matching = new SingleRowQueryCriteria(TABLE, key("acct2"));
    matching.setMaxVersions(1);
    matching.setFilter(new SingleColumnValueFilter("status", SingleColumnValueFilter.CompareOperator.EQUAL, ColumnValue.fromString("open")));
    SingleRowQueryCriteria rejecting = new SingleRowQueryCriteria(TABLE, key("acct3"));
    rejecting.setMaxVersions(1);
    rejecting.setFilter(new SingleColumnValueFilter("status", SingleColumnValueFilter.CompareOperator.EQUAL, ColumnValue.fromString("open")));

    assertThat(fx.client().getRow(new GetRowRequest(matching)).getRow()).isNotNull();
    assertThat(fx.client().getRow(new GetRowRequest(rejecting)).getRow()).isNull();
  }

  @Test
  void aGetRangeFilterReturnsOnlyMatchingRows() {
    assertThat(idsOfAccountsPassing(new SingleColumnValueFilter("balance", SingleColumnValueFilter.CompareOperator.GREATER_EQUAL,
        ColumnValue.fromLong(500)))).containsExactly("acct5", "acct6", "acct7", "acct8", "acct9");
  }

  @Test
  void comparingValuesOfDifferentTypesNeverMatches() {
    SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(TABLE, key("acct1"));
    criteria.setMaxVersions(1);
    criteria.setFilter(new SingleColumnValueFilter("balance", SingleColumnValueFilter.CompareOperator.NOT_EQUAL,
        ColumnValue.fromString("100")));

    assertThat(fx.client().getRow(new GetRowRequest(criteria)).getRow()).isNull();
  }

  @Test
  void aFilterOnAPrimaryKeyColumnComparesTheKey() {
    SingleRowQueryCriteria noMatch = new SingleRowQueryCriteria(TABLE, key("acct1"));
    noMatch.setMaxVersions(1);
    noMatch.setFilter(new SingleColumnValueFilter("id", SingleColumnValueFilter.CompareOperator.EQUAL,
        ColumnValue.fromString("acct2")));

    assertThat(idsOfAccountsPassing(new SingleColumnValueFilter("id", SingleColumnValueFilter.CompareOperator.GREATER_EQUAL,
        ColumnValue.fromString("acct7")))).containsExactly("acct7", "acct8", "acct9");
    assertThat(fx.client().getRow(new GetRowRequest(noMatch)).getRow()).isNull();
  }

  @Test
  void aColumnConditionOnAPrimaryKeyColumnComparesTheKey() {
    putAccount("keyed", 100, "open");

    assertConditionFails(() -> setBalanceIf("keyed", 1, equal("id", "other")));
    setBalanceIf("keyed", 200, equal("id", "keyed"));

    assertThat(balanceOf("keyed")).isEqualTo(200);
  }

  @Test
  void aFilterOf32NodesIsServedAndOneOf33IsRefusedInTheServicesWords() {
    SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(TABLE, key("acct4"));
    criteria.setMaxVersions(1);
    criteria.setFilter(orOfBalances(31)); // the OR and 31 comparisons: 32 nodes
    assertThat(fx.client().getRow(new GetRowRequest(criteria)).getRow()).isNotNull();

    criteria.setFilter(orOfBalances(32));

    assertThatThrownBy(() -> fx.client().getRow(new GetRowRequest(criteria)))
        .isInstanceOfSatisfying(TableStoreException.class, e -> {
          assertThat(e.getErrorCode()).isEqualTo("OTSParameterInvalid");
          assertThat(e.getMessage()).isEqualTo("The count of filter exceeds the max: 32.");
        });
  }

  @Test
  void aFilterValueOver2MegabytesIsRefused() {
    SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(TABLE, key("acct4"));
    criteria.setMaxVersions(1);
    criteria.setFilter(new SingleColumnValueFilter("status", SingleColumnValueFilter.CompareOperator.EQUAL,
        ColumnValue.fromBinary(new byte[2 * 1024 * 1024 + 1])));

    assertThatThrownBy(() -> fx.client().getRow(new GetRowRequest(criteria)))
        .isInstanceOfSatisfying(TableStoreException.class, e -> {
          assertThat(e.getErrorCode()).isEqualTo("OTSParameterInvalid");
          assertThat(e.getMessage()).contains("status", "2097152");
        });
  }

  /** The ids of acct0..acct9 (and any account after them) that a GetRange with {@code filter} returns. */
  private static List<String> idsOfAccountsPassing(SingleColumnValueFilter filter) {
    RangeRowQueryCriteria criteria = new RangeRowQueryCriteria(TABLE);
    criteria.setInclusiveStartPrimaryKey(key("acct0"));
    criteria.setExclusiveEndPrimaryKey(key("acct9~"));
    criteria.setMaxVersions(1);
    criteria.setFilter(filter);
    return fx.client().getRange(new GetRangeRequest(criteria)).getRows().stream()
        .map(r -> r.getPrimaryKey().getPrimaryKeyColumn(0).getValue().asString())
        .collect(Collectors.toList());
  }

  /** balance = 0 OR balance = 100 OR ... ({@code comparisons} of them, one matching acct4's 400). */
  private static CompositeColumnValueFilter orOfBalances(int comparisons) {
    CompositeColumnValueFilter or = new CompositeColumnValueFilter(CompositeColumnValueFilter.LogicOperator.OR);
    for (int i = 0; i < comparisons; i++) {
      or.addFilter(new SingleColumnValueFilter("balance", SingleColumnValueFilter.CompareOperator.EQUAL,
          ColumnValue.fromLong(i * 100L)));
    }
    return or;
  }

  private static void assertConditionFails(org.assertj.core.api.ThrowableAssert.ThrowingCallable write) {
    assertThatThrownBy(write)
        .isInstanceOfSatisfying(TableStoreException.class, e -> assertThat(e.getErrorCode()).isEqualTo("OTSConditionCheckFail"));
  }

  private static SingleColumnValueCondition equal(String column, Object value) {
    ColumnValue v = value instanceof Long || value instanceof Integer ? ColumnValue.fromLong(((Number) value).longValue())
        : ColumnValue.fromString((String) value);
    return new SingleColumnValueCondition(column, SingleColumnValueCondition.CompareOperator.EQUAL, v);
  }

  private static void setBalanceIf(String id, long balance, ColumnCondition columnCondition) {
    RowUpdateChange change = new RowUpdateChange(TABLE, key(id));
    change.put("balance", ColumnValue.fromLong(balance));
    Condition condition = new Condition(RowExistenceExpectation.EXPECT_EXIST);
    condition.setColumnCondition(columnCondition);
    change.setCondition(condition);
    fx.client().updateRow(new UpdateRowRequest(change));
  }

  private static void putAccount(String id, long balance, String status) {
    RowPutChange change = new RowPutChange(TABLE, key(id));
    change.addColumn("balance", ColumnValue.fromLong(balance));
    change.addColumn("status", ColumnValue.fromString(status));
    fx.client().putRow(new PutRowRequest(change));
  }

  private static long balanceOf(String id) {
    SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(TABLE, key(id));
    criteria.setMaxVersions(1);
    Row row = fx.client().getRow(new GetRowRequest(criteria)).getRow();
    return row.getLatestColumn("balance").getValue().asLong();
  }

  private static PrimaryKey key(String id) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("id", PrimaryKeyValue.fromString(id)).build();
  }
}
