package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.storage.Catalog;

/** DropIndex (the SDKs' DeleteIndex): drops a secondary index and its index table. */
public final class DropIndex implements Action {
  private final Catalog catalog;

  public DropIndex(Catalog catalog) {
    this.catalog = catalog;
  }

  @Override
  public String name() {
    return ActionName.DROP_INDEX.wireName();
  }

  @Override
  public byte[] execute(byte[] body, RequestContext context) {
    OtsInternalApi.DropIndexRequest request = Requests.parse(body, OtsInternalApi.DropIndexRequest::parseFrom,
        "DropIndexRequest");
    context.table(request.getMainTableName());
    catalog.dropIndex(catalog.require(request.getMainTableName()), request.getIndexName());
    return OtsInternalApi.DropIndexResponse.getDefaultInstance().toByteArray();
  }
}
