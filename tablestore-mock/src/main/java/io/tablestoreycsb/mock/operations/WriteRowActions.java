package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import com.aliyun.ots.thirdparty.com.google.protobuf.ByteString;
import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.storage.Table;

/** PutRow, UpdateRow and DeleteRow: one row change each, with a condition and optional return content. */
public final class WriteRowActions {
  private WriteRowActions() {}

  private static RowWrites.Outcome write(Catalog catalog, String tableName, RowChange.Kind kind, ByteString row, String field,
      OtsInternalApi.Condition condition, OtsInternalApi.ReturnContent returnContent, RequestContext context) {
    Table table = catalog.require(tableName);
    RowChange change = RowChange.decode(kind, row, table, field);
    RowWrites.Outcome outcome = RowWrites.apply(table, change, condition, returnContent, context.nowMillis());
    context.served(table, outcome.partition(), 1);
    return outcome;
  }

  /** PutRow: writes a whole row, replacing any existing one. */
  public static final class PutRow implements Action {
    private final Catalog catalog;

    public PutRow(Catalog catalog) {
      this.catalog = catalog;
    }

    @Override
    public String name() {
      return "PutRow";
    }

    @Override
    public byte[] execute(byte[] body, RequestContext context) {
      OtsInternalApi.PutRowRequest request = Requests.parse(body, OtsInternalApi.PutRowRequest::parseFrom, "PutRowRequest");
      RowWrites.Outcome outcome = write(catalog, request.getTableName(), RowChange.Kind.PUT, request.getRow(), "row",
          request.getCondition(), request.hasReturnContent() ? request.getReturnContent() : null, context);
      OtsInternalApi.PutRowResponse.Builder response = OtsInternalApi.PutRowResponse.newBuilder().setConsumed(outcome.consumed());
      if (outcome.returnedRow() != null) {
        response.setRow(outcome.returnedRow());
      }
      return response.build().toByteArray();
    }
  }

  /** UpdateRow: puts, deletes or increments columns of a row, creating it if needed. */
  public static final class UpdateRow implements Action {
    private final Catalog catalog;

    public UpdateRow(Catalog catalog) {
      this.catalog = catalog;
    }

    @Override
    public String name() {
      return "UpdateRow";
    }

    @Override
    public byte[] execute(byte[] body, RequestContext context) {
      OtsInternalApi.UpdateRowRequest request = Requests.parse(body, OtsInternalApi.UpdateRowRequest::parseFrom, "UpdateRowRequest");
      RowWrites.Outcome outcome = write(catalog, request.getTableName(), RowChange.Kind.UPDATE, request.getRowChange(), "row_change",
          request.getCondition(), request.hasReturnContent() ? request.getReturnContent() : null, context);
      OtsInternalApi.UpdateRowResponse.Builder response = OtsInternalApi.UpdateRowResponse.newBuilder().setConsumed(outcome.consumed());
      if (outcome.returnedRow() != null) {
        response.setRow(outcome.returnedRow());
      }
      return response.build().toByteArray();
    }
  }

  /** DeleteRow: removes a row (all versions of all columns). */
  public static final class DeleteRow implements Action {
    private final Catalog catalog;

    public DeleteRow(Catalog catalog) {
      this.catalog = catalog;
    }

    @Override
    public String name() {
      return "DeleteRow";
    }

    @Override
    public byte[] execute(byte[] body, RequestContext context) {
      OtsInternalApi.DeleteRowRequest request = Requests.parse(body, OtsInternalApi.DeleteRowRequest::parseFrom, "DeleteRowRequest");
      RowWrites.Outcome outcome = write(catalog, request.getTableName(), RowChange.Kind.DELETE, request.getPrimaryKey(), "primary_key",
          request.getCondition(), request.hasReturnContent() ? request.getReturnContent() : null, context);
      OtsInternalApi.DeleteRowResponse.Builder response = OtsInternalApi.DeleteRowResponse.newBuilder().setConsumed(outcome.consumed());
      if (outcome.returnedRow() != null) {
        response.setRow(outcome.returnedRow());
      }
      return response.build().toByteArray();
    }
  }
}
