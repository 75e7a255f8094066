package io.tablestoreycsb.mock.operations;

import io.tablestoreycsb.mock.protocol.ActionName;
import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import io.tablestoreycsb.mock.storage.Catalog;

/** ListTable: the table names (the request body is empty). */
public final class ListTable extends ProtoAction<OtsInternalApi.ListTableRequest> {
  private final Catalog catalog;

  public ListTable(Catalog catalog) {
    super(ActionName.LIST_TABLE, "ListTableRequest", OtsInternalApi.ListTableRequest.parser());
    this.catalog = catalog;
  }

  @Override
  protected byte[] answer(OtsInternalApi.ListTableRequest request, RequestContext context) {
    return OtsInternalApi.ListTableResponse.newBuilder().addAllTableNames(catalog.names()).build().toByteArray();
  }
}
