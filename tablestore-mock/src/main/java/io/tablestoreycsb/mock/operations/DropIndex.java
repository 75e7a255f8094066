package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.storage.Catalog;

/** DropIndex (the SDKs' DeleteIndex): drops a secondary index and its index table. */
public final class DropIndex extends ProtoAction<OtsInternalApi.DropIndexRequest> {
  private final Catalog catalog;

  public DropIndex(Catalog catalog) {
    super(ActionName.DROP_INDEX, "DropIndexRequest", OtsInternalApi.DropIndexRequest.parser());
    this.catalog = catalog;
  }

  @Override
  protected byte[] answer(OtsInternalApi.DropIndexRequest request, RequestContext context) {
    context.table(request.getMainTableName());
    catalog.dropIndex(catalog.require(request.getMainTableName()), request.getIndexName());
    return OtsInternalApi.DropIndexResponse.getDefaultInstance().toByteArray();
  }
}
