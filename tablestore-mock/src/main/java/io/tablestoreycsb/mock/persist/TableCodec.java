package io.tablestoreycsb.mock.persist;

import com.alicloud.openservices.tablestore.model.DefinedColumnSchema;
import com.alicloud.openservices.tablestore.model.DefinedColumnType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyOption;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.SSEKeyType;
import io.tablestoreycsb.mock.storage.RowKey;
import io.tablestoreycsb.mock.storage.SecondaryIndex;
import io.tablestoreycsb.mock.storage.StreamSettings;
import io.tablestoreycsb.mock.storage.Table;
import io.tablestoreycsb.mock.storage.TableDefinition;
import io.tablestoreycsb.mock.storage.TableSettings;
import java.util.ArrayList;
import java.util.List;

/** A table's definition to and from its value in the state file's {@code tables} map. */
final class TableCodec {
  private TableCodec() {}

  static byte[] encode(Table table) {
    Fields.Writer w = new Fields.Writer();
    w.string(table.name());
    w.intValue(table.schema().size());
    for (PrimaryKeySchema column : table.schema()) {
      w.string(column.getName()).string(column.getType().name()).bool(column.hasOption());
    }
    w.intValue(table.splitPoints().size());
    for (PrimaryKeyValue point : table.splitPoints()) {
      w.bytes(RowKey.encode(point));
    }
    TableSettings s = table.settings();
    w.intValue(s.timeToLiveSeconds()).intValue(s.maxVersions()).longValue(s.deviationCellVersionInSec())
        .bool(s.allowUpdate()).intValue(s.reservedReadCu()).intValue(s.reservedWriteCu()).longValue(s.lastIncreaseTime())
        .longValue(s.lastDecreaseTime());
    TableDefinition d = table.definition();
    w.intValue(d.definedColumns().size());
    for (DefinedColumnSchema column : d.definedColumns()) {
      w.string(column.getName()).string(column.getType().name());
    }
    TableDefinition.Encryption e = d.encryption();
    w.bool(e.enabled()).string(e.keyType() == null ? null : e.keyType().name()).bytes(e.keyId()).bytes(e.roleArn());
    w.bool(d.updateFullRow()).bool(d.localTransactions());
    StreamSettings st = table.stream();
    w.bool(st.enabled()).string(st.streamId()).intValue(st.expirationHours()).longValue(st.lastEnableTimeMillis());
    w.intValue(st.originColumns().size());
    st.originColumns().forEach(w::string);
    w.longValue(table.creationTimeSeconds());
    w.string(table.indexedTable() == null ? null : table.indexedTable().name());
    w.intValue(table.indexes().size());
    for (SecondaryIndex index : table.indexes()) {
      w.string(index.name()).bool(index.local());
      w.intValue(index.primaryKey().size());
      index.primaryKey().forEach(w::string);
      w.intValue(index.definedColumns().size());
      index.definedColumns().forEach(w::string);
    }
    return w.toBytes();
  }

  static KeptTable decode(byte[] value) {
    Fields.Reader r = new Fields.Reader(value);
    String name = r.string();
    int columns = r.intValue();
    List<PrimaryKeySchema> schema = new ArrayList<>(columns);
    for (int i = 0; i < columns; i++) {
      String column = r.string();
      PrimaryKeyType type = PrimaryKeyType.valueOf(r.string());
      schema.add(r.bool() ? new PrimaryKeySchema(column, type, PrimaryKeyOption.AUTO_INCREMENT)
          : new PrimaryKeySchema(column, type));
    }
    int points = r.intValue();
    List<PrimaryKeyValue> splitPoints = new ArrayList<>(points);
    for (int i = 0; i < points; i++) {
      splitPoints.add(RowKey.decode(r.bytes(), schema.subList(0, 1)).getPrimaryKeyColumn(0).getValue());
    }
    TableSettings settings = new TableSettings(r.intValue(), r.intValue(), r.longValue(), r.bool(), r.intValue(),
        r.intValue(), r.longValue(), r.longValue());
    int defined = r.intValue();
    List<DefinedColumnSchema> definedColumns = new ArrayList<>(defined);
    for (int i = 0; i < defined; i++) {
      definedColumns.add(new DefinedColumnSchema(r.string(), DefinedColumnType.valueOf(r.string())));
    }
    boolean encrypted = r.bool();
    String keyType = r.string();
    TableDefinition.Encryption encryption = new TableDefinition.Encryption(encrypted,
        keyType == null ? null : SSEKeyType.valueOf(keyType), r.bytes(), r.bytes());
    TableDefinition definition = new TableDefinition(definedColumns, encryption, r.bool(), r.bool());
    boolean streamOn = r.bool();
    String streamId = r.string();
    int hours = r.intValue();
    long lastEnable = r.longValue();
    int origins = r.intValue();
    List<String> originColumns = new ArrayList<>(origins);
    for (int i = 0; i < origins; i++) {
      originColumns.add(r.string());
    }
    StreamSettings stream = new StreamSettings(streamOn, streamId, hours, lastEnable, originColumns);
    long creation = r.longValue();
    String indexedTable = r.string();
    int indexCount = r.intValue();
    List<KeptTable.KeptIndex> indexes = new ArrayList<>(indexCount);
    for (int i = 0; i < indexCount; i++) {
      String indexName = r.string();
      boolean local = r.bool();
      indexes.add(new KeptTable.KeptIndex(indexName, strings(r), strings(r), local));
    }
    return new KeptTable(name, schema, splitPoints, settings, definition, stream, creation, indexedTable, indexes);
  }

  private static List<String> strings(Fields.Reader r) {
    int n = r.intValue();
    List<String> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(r.string());
    }
    return out;
  }
}
