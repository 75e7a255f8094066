package io.tablestoreycsb.mock.operations;

import io.tablestoreycsb.mock.protocol.ActionName;
import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import io.tablestoreycsb.mock.storage.Catalog;

/** DeleteTable: drops the table and gives its memory back to the budget. */
public final class DeleteTable extends ProtoAction<OtsInternalApi.DeleteTableRequest> {
  private final Catalog catalog;

  public DeleteTable(Catalog catalog) {
    super(ActionName.DELETE_TABLE, "DeleteTableRequest", OtsInternalApi.DeleteTableRequest.parser());
    this.catalog = catalog;
  }

  @Override
  protected byte[] answer(OtsInternalApi.DeleteTableRequest request, RequestContext context) {
    context.table(request.getTableName());
    catalog.delete(request.getTableName());
    return OtsInternalApi.DeleteTableResponse.getDefaultInstance().toByteArray();
  }
}
