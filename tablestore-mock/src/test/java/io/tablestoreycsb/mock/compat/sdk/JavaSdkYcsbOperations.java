package io.tablestoreycsb.mock.compat.sdk;

import com.alicloud.openservices.tablestore.ClientException;
import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.BatchWriteRowResponse;
import com.alicloud.openservices.tablestore.model.Column;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.Condition;
import com.alicloud.openservices.tablestore.model.CreateTableRequest;
import com.alicloud.openservices.tablestore.model.DeleteRowRequest;
import com.alicloud.openservices.tablestore.model.Direction;
import com.alicloud.openservices.tablestore.model.GetRangeRequest;
import com.alicloud.openservices.tablestore.model.GetRangeResponse;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyColumn;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.RangeRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.Row;
import com.alicloud.openservices.tablestore.model.RowDeleteChange;
import com.alicloud.openservices.tablestore.model.RowExistenceExpectation;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.RowUpdateChange;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.TableMeta;
import com.alicloud.openservices.tablestore.model.TableOptions;
import com.alicloud.openservices.tablestore.model.UpdateRowRequest;
import io.tablestoreycsb.mock.compat.ServiceError;
import io.tablestoreycsb.mock.compat.YcsbOperations;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * {@link YcsbOperations} on the Java SDK. Compiled against 5.17.10 and, unchanged, loaded against
 * each 4.x jar by {@code JavaSdkGeneration}: it calls only what the 4.x and 5.x lines share with
 * the same signatures (constructors and setters rather than fluent builders whose return types
 * changed), as YCSB's own Tablestore binding on 4.8.0 does.
 */
public final class JavaSdkYcsbOperations implements YcsbOperations {
  private static final String KEY = "id";

  private final SyncClient client;

  public JavaSdkYcsbOperations(String endpoint, String accessKeyId, String accessKeySecret, String instance) {
    this.client = new SyncClient(endpoint, accessKeyId, accessKeySecret, instance);
  }

  @Override
  public String sdkJar() {
    String location = SyncClient.class.getProtectionDomain().getCodeSource().getLocation().getPath();
    return location.substring(location.lastIndexOf('/') + 1);
  }

  @Override
  public void createTable(String table) {
    call(() -> {
      TableMeta meta = new TableMeta(table);
      meta.addPrimaryKeyColumn(new PrimaryKeySchema(KEY, PrimaryKeyType.STRING));
      return client.createTable(new CreateTableRequest(meta, new TableOptions(-1, 1)));
    });
  }

  @Override
  public void putRow(String table, String key, Map<String, String> columns, boolean expectNotExist) {
    RowPutChange put = new RowPutChange(table, primaryKey(key));
    for (Map.Entry<String, String> column : columns.entrySet()) {
      put.addColumn(new Column(column.getKey(), ColumnValue.fromString(column.getValue())));
    }
    put.setCondition(new Condition(expectNotExist ? RowExistenceExpectation.EXPECT_NOT_EXIST : RowExistenceExpectation.IGNORE));
    call(() -> client.putRow(new PutRowRequest(put)));
  }

  @Override
  public Map<String, String> getRow(String table, String key, List<String> columns) {
    SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(table, primaryKey(key));
    criteria.setMaxVersions(1);
    for (String column : columns) {
      criteria.addColumnsToGet(column);
    }
    Row row = call(() -> client.getRow(new GetRowRequest(criteria))).getRow();
    return row == null ? null : columnsOf(row);
  }

  @Override
  public void updateRow(String table, String key, Map<String, String> put, List<String> delete) {
    RowUpdateChange update = new RowUpdateChange(table, primaryKey(key));
    for (Map.Entry<String, String> column : put.entrySet()) {
      update.put(new Column(column.getKey(), ColumnValue.fromString(column.getValue())));
    }
    for (String column : delete) {
      update.deleteColumns(column);
    }
    update.setCondition(new Condition(RowExistenceExpectation.EXPECT_EXIST));
    call(() -> client.updateRow(new UpdateRowRequest(update)));
  }

  @Override
  public void deleteRow(String table, String key) {
    RowDeleteChange delete = new RowDeleteChange(table, primaryKey(key));
    delete.setCondition(new Condition(RowExistenceExpectation.IGNORE));
    call(() -> client.deleteRow(new DeleteRowRequest(delete)));
  }

  @Override
  public List<String> batchPut(String table, Map<String, Map<String, String>> rows) {
    BatchWriteRowRequest request = new BatchWriteRowRequest();
    for (Map.Entry<String, Map<String, String>> row : rows.entrySet()) {
      RowPutChange put = new RowPutChange(table, primaryKey(row.getKey()));
      for (Map.Entry<String, String> column : row.getValue().entrySet()) {
        put.addColumn(new Column(column.getKey(), ColumnValue.fromString(column.getValue())));
      }
      put.setCondition(new Condition(RowExistenceExpectation.IGNORE));
      request.addRowChange(put);
    }
    BatchWriteRowResponse response = call(() -> client.batchWriteRow(request));
    List<String> outcomes = new ArrayList<>(rows.size());
    for (BatchWriteRowResponse.RowResult result : response.getRowStatus(table)) {
      outcomes.add(result.isSucceed() ? "ok" : result.getError().getCode());
    }
    return outcomes;
  }

  @Override
  public List<List<String>> scan(String table, String startKey, String endKey, int limit) {
    RangeRowQueryCriteria criteria = new RangeRowQueryCriteria(table);
    criteria.setInclusiveStartPrimaryKey(primaryKey(PrimaryKeyValue.fromString(startKey)));
    criteria.setExclusiveEndPrimaryKey(primaryKey(endKey == null ? PrimaryKeyValue.INF_MAX : PrimaryKeyValue.fromString(endKey)));
    criteria.setDirection(Direction.FORWARD);
    criteria.setMaxVersions(1);
    List<List<String>> pages = new ArrayList<>();
    int remaining = limit;
    while (remaining > 0) {
      criteria.setLimit(remaining);
      GetRangeResponse response = call(() -> client.getRange(new GetRangeRequest(criteria)));
      List<String> page = new ArrayList<>(response.getRows().size());
      for (Row row : response.getRows()) {
        page.add(row.getPrimaryKey().getPrimaryKeyColumn(KEY).getValue().asString());
      }
      pages.add(page);
      remaining -= page.size();
      if (response.getNextStartPrimaryKey() == null) {
        break;
      }
      criteria.setInclusiveStartPrimaryKey(response.getNextStartPrimaryKey());
    }
    return pages;
  }

  @Override
  public void close() {
    client.shutdown();
  }

  private static PrimaryKey primaryKey(String key) {
    return primaryKey(PrimaryKeyValue.fromString(key));
  }

  private static PrimaryKey primaryKey(PrimaryKeyValue value) {
    return new PrimaryKey(new PrimaryKeyColumn[] {new PrimaryKeyColumn(KEY, value)});
  }

  private static Map<String, String> columnsOf(Row row) {
    Map<String, String> columns = new LinkedHashMap<>();
    for (Column column : row.getColumns()) {
      columns.put(column.getName(), column.getValue().asString());
    }
    return columns;
  }

  /** Runs one SDK call, turning its exceptions into types every class loader shares. */
  private static <T> T call(Supplier<T> sdkCall) {
    try {
      return sdkCall.get();
    } catch (TableStoreException e) {
      throw new ServiceError(e.getErrorCode(), e.getHttpStatus(), e.getRequestId(), e.getMessage());
    } catch (ClientException e) {
      throw new IllegalStateException("the SDK refused the response: " + e.getMessage(), e);
    }
  }
}
