package io.tablestoreycsb.mock.operations;

import io.tablestoreycsb.mock.protocol.ActionName;
import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import io.tablestoreycsb.mock.storage.Catalog;

/** ListTable: the table names (the request body is empty). */
public final class ListTable implements Action {
  private final Catalog catalog;

  public ListTable(Catalog catalog) {
    this.catalog = catalog;
  }

  @Override
  public String name() {
    return ActionName.LIST_TABLE.wireName();
  }

  @Override
  public byte[] execute(byte[] body, RequestContext context) {
    Requests.parse(body, OtsInternalApi.ListTableRequest::parseFrom, "ListTableRequest");
    return OtsInternalApi.ListTableResponse.newBuilder().addAllTableNames(catalog.names()).build().toByteArray();
  }
}
