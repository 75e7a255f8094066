package io.tablestoreycsb.mock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.RowUpdateChange;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.UpdateRowRequest;
import io.tablestoreycsb.mock.fixtures.TableSpec;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Each published service limit, provoked through the SDK: the service's code and a message naming the limit. */
class LimitsTest {
  private static final String TABLE = "limits";

  @RegisterExtension
  static final MockFixture fx = MockFixture.withTables(TableSpec.named(TABLE).key("userid", PrimaryKeyType.STRING));

  @Test
  void aPrimaryKeyStringOfOneKilobyteIsAcceptedAndOneByteMoreIsNot() {
    putRow(key("k".repeat(1024)), "field0", ColumnValue.fromString("v"));

    assertRefused(() -> putRow(key("k".repeat(1025)), "field0", ColumnValue.fromString("v")), "OTSParameterInvalid", "1024");
  }

  @Test
  void aPrimaryKeyOfTheWrongTypeIsRefused() {
    PrimaryKey integerKey = PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("userid", PrimaryKeyValue.fromLong(1)).build();

    assertRefused(() -> putRow(integerKey, "field0", ColumnValue.fromString("v")), "OTSInvalidPK",
        "Validate PK type fail. Input: VT_INTEGER, Meta: VT_STRING.");
  }

  @Test
  void aPrimaryKeyWithTheWrongColumnsIsRefused() {
    PrimaryKey twoColumns = PrimaryKeyBuilder.createPrimaryKeyBuilder()
        .addPrimaryKeyColumn("userid", PrimaryKeyValue.fromString("a"))
        .addPrimaryKeyColumn("extra", PrimaryKeyValue.fromString("b")).build();
    PrimaryKey wrongName = PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("user", PrimaryKeyValue.fromString("a")).build();

    assertRefused(() -> putRow(twoColumns, "field0", ColumnValue.fromString("v")), "OTSInvalidPK",
        "Validate PK size fail. Input: 2, Meta: 1.");
    assertRefused(() -> putRow(wrongName, "field0", ColumnValue.fromString("v")), "OTSInvalidPK",
        "Validate PK name fail. Input: user, Meta: userid.");
  }

  @Test
  void columnNamesMustBeIdentifiers() {
    assertRefused(() -> putRow(key("a"), "1field", ColumnValue.fromString("v")), "OTSParameterInvalid", "1field");
    assertRefused(() -> putRow(key("a"), "field-0", ColumnValue.fromString("v")), "OTSParameterInvalid", "field-0");
    assertRefused(() -> putRow(key("a"), "f".repeat(256), ColumnValue.fromString("v")), "OTSParameterInvalid", "255");
    putRow(key("a"), "f".repeat(255), ColumnValue.fromString("v"));
  }

  @Test
  void anAttributeValueOver2MegabytesIsRefused() {
    putRow(key("two-mb"), "field0", ColumnValue.fromBinary(new byte[2 * 1024 * 1024]));

    assertRefused(() -> putRow(key("too-big"), "field0", ColumnValue.fromBinary(new byte[2 * 1024 * 1024 + 1])),
        "OTSParameterInvalid", "2097152");
  }

  @Test
  void aRowOver4MegabytesIsRefused() {
    RowPutChange change = new RowPutChange(TABLE, key("huge"));
    change.addColumn("field0", ColumnValue.fromBinary(new byte[2_000_000]));
    change.addColumn("field1", ColumnValue.fromBinary(new byte[2_000_000]));
    change.addColumn("field2", ColumnValue.fromBinary(new byte[500_000]));

    assertRefused(() -> fx.client().putRow(new PutRowRequest(change)), "OTSOutOfRowSizeLimit", "4194304");
  }

  @Test
  void moreThan1024ColumnsInOneWriteAreRefused() {
    RowPutChange ok = new RowPutChange(TABLE, key("wide"));
    RowPutChange tooWide = new RowPutChange(TABLE, key("too-wide"));
    for (int i = 0; i < 1025; i++) {
      if (i < 1024) {
        ok.addColumn("c" + i, ColumnValue.fromLong(i));
      }
      tooWide.addColumn("c" + i, ColumnValue.fromLong(i));
    }
    fx.client().putRow(new PutRowRequest(ok));

    assertRefused(() -> fx.client().putRow(new PutRowRequest(tooWide)), "OTSOutOfColumnCountLimit", "1024");
  }

  @Test
  void moreThan1024ColumnsToGetAreRefused() {
    SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(TABLE, key("a"));
    criteria.setMaxVersions(1);
    for (int i = 0; i < 1024; i++) {
      criteria.addColumnsToGet("c" + i);
    }
    fx.client().getRow(new GetRowRequest(criteria));
    criteria.addColumnsToGet("c1024");

    assertRefused(() -> fx.client().getRow(new GetRowRequest(criteria)), "OTSParameterInvalid", "1024");
  }

  @Test
  void aCellTimestampMustBeBelowInt64MaxOver1000() {
    long limit = Long.MAX_VALUE / 1000;
    putRow(key("versions"), "field0", ColumnValue.fromString("v"));
    RowUpdateChange below = new RowUpdateChange(TABLE, key("versions"));
    below.deleteColumn("field0", limit - 1);
    RowUpdateChange atLimit = new RowUpdateChange(TABLE, key("versions"));
    atLimit.deleteColumn("field0", limit);

    fx.client().updateRow(new UpdateRowRequest(below));

    assertRefused(() -> fx.client().updateRow(new UpdateRowRequest(atLimit)), "OTSParameterInvalid", Long.toString(limit));
  }

  private static void assertRefused(ThrowingCallable call, String code, String messagePart) {
    assertThatThrownBy(call).isInstanceOfSatisfying(TableStoreException.class, e -> {
      assertThat(e.getErrorCode()).isEqualTo(code);
      assertThat(e.getHttpStatus()).isEqualTo(400);
      assertThat(e.getMessage()).contains(messagePart);
    });
  }

  private static PrimaryKey key(String userid) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("userid", PrimaryKeyValue.fromString(userid)).build();
  }

  private static void putRow(PrimaryKey key, String column, ColumnValue value) {
    RowPutChange change = new RowPutChange(TABLE, key);
    change.addColumn(column, value);
    fx.client().putRow(new PutRowRequest(change));
  }
}
