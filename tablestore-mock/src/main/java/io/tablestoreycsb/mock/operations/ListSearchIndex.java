package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.Search;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.storage.Catalog;

/**
 * ListSearchIndex: always an empty list, since the endpoint holds no search index (creating one is
 * refused). Answered rather than refused because the SDKs' own clean-up code lists a table's
 * search indexes before it deletes the table: a refusal there leaves every table behind. A named
 * table must exist, as for every other table request.
 */
public final class ListSearchIndex extends ProtoAction<Search.ListSearchIndexRequest> {
  private final Catalog catalog;

  public ListSearchIndex(Catalog catalog) {
    super(ActionName.LIST_SEARCH_INDEX, "ListSearchIndexRequest", Search.ListSearchIndexRequest.parser());
    this.catalog = catalog;
  }

  @Override
  protected byte[] answer(Search.ListSearchIndexRequest request, RequestContext context) {
    if (request.hasTableName()) {
      context.table(request.getTableName());
      catalog.require(request.getTableName());
    }
    return Search.ListSearchIndexResponse.getDefaultInstance().toByteArray();
  }
}
