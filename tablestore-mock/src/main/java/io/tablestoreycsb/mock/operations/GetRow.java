package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.storage.Table;

/** GetRow: one row by primary key; an absent row is an empty {@code row} field, not an error. */
public final class GetRow implements Action {
  private final Catalog catalog;

  public GetRow(Catalog catalog) {
    this.catalog = catalog;
  }

  @Override
  public String name() {
    return "GetRow";
  }

  @Override
  public byte[] execute(byte[] body, RequestContext context) {
    OtsInternalApi.GetRowRequest request = Requests.parse(body, OtsInternalApi.GetRowRequest::parseFrom, "GetRowRequest");
    Table table = catalog.require(request.getTableName());
    ReadSpec spec = ReadSpec.of(table, context.nowMillis(), request.getColumnsToGetList(), request.hasTimeRange(),
        request.getTimeRange(), request.hasMaxVersions(), request.getMaxVersions(), request.hasFilter(), request.getFilter());
    RowReads.Result result = RowReads.read(table, request.getPrimaryKey(), "primary_key", spec, context);
    return OtsInternalApi.GetRowResponse.newBuilder().setConsumed(result.consumed()).setRow(result.row()).build().toByteArray();
  }
}
