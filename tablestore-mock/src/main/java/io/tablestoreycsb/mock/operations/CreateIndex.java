package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.storage.Table;

/**
 * CreateIndex: adds a secondary index to a table ({@link SecondaryIndexes}); with
 * {@code include_base_data} the rows the table holds are indexed before the answer, so the index is
 * readable at once (the service builds it in the background and refuses reads meanwhile).
 */
public final class CreateIndex extends ProtoAction<OtsInternalApi.CreateIndexRequest> {
  private final Catalog catalog;

  public CreateIndex(Catalog catalog) {
    super(ActionName.CREATE_INDEX, "CreateIndexRequest", OtsInternalApi.CreateIndexRequest.parser());
    this.catalog = catalog;
  }

  @Override
  protected byte[] answer(OtsInternalApi.CreateIndexRequest request, RequestContext context) {
    context.table(request.getMainTableName());
    Table table = catalog.require(request.getMainTableName());
    SecondaryIndexes.create(catalog, table, request.getIndexMeta(), request.getIncludeBaseData(), context.nowMillis() / 1000);
    return OtsInternalApi.CreateIndexResponse.getDefaultInstance().toByteArray();
  }
}
