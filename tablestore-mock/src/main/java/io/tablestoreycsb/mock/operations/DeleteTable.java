package io.tablestoreycsb.mock.operations;

import io.tablestoreycsb.mock.protocol.ActionName;
import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import io.tablestoreycsb.mock.storage.Catalog;

/** DeleteTable: drops the table and gives its memory back to the budget. */
public final class DeleteTable implements Action {
  private final Catalog catalog;

  public DeleteTable(Catalog catalog) {
    this.catalog = catalog;
  }

  @Override
  public String name() {
    return ActionName.DELETE_TABLE.wireName();
  }

  @Override
  public byte[] execute(byte[] body, RequestContext context) {
    OtsInternalApi.DeleteTableRequest request = Requests.parse(body, OtsInternalApi.DeleteTableRequest::parseFrom, "DeleteTableRequest");
    context.table(request.getTableName());
    catalog.delete(request.getTableName());
    return OtsInternalApi.DeleteTableResponse.getDefaultInstance().toByteArray();
  }
}
