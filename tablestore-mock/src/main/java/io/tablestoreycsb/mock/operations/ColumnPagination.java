package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsFilter;
import com.aliyun.ots.thirdparty.com.google.protobuf.ByteString;
import com.aliyun.ots.thirdparty.com.google.protobuf.InvalidProtocolBufferException;
import io.tablestoreycsb.mock.protocol.OtsException;

/**
 * A read's column pagination filter ({@code FT_COLUMN_PAGINATION}, the SDKs'
 * ColumnPaginationFilter / PaginationFilter): of the attribute columns a row's read selects, in
 * column-name order, skip {@code offset} and return the next {@code limit}, every selected version
 * of each. It stands alone as the read's filter (it is no row condition) and never ends a page.
 */
record ColumnPagination(int offset, int limit) {

  /** The pagination a read's {@code filter} holds, or null when it holds a row condition instead. */
  static ColumnPagination of(ByteString filter, String field) {
    OtsFilter.Filter parsed;
    try {
      parsed = OtsFilter.Filter.parseFrom(filter);
    } catch (InvalidProtocolBufferException e) {
      return null; // ColumnFilter.parse reports it
    }
    if (parsed.getType() != OtsFilter.FilterType.FT_COLUMN_PAGINATION) {
      return null;
    }
    OtsFilter.ColumnPaginationFilter pagination;
    try {
      pagination = OtsFilter.ColumnPaginationFilter.parseFrom(parsed.getFilter());
    } catch (InvalidProtocolBufferException e) {
      throw OtsException.parameterInvalid("Invalid " + field + ": " + e.getMessage());
    }
    if (pagination.getOffset() < 0 || pagination.getLimit() <= 0) {
      throw OtsException.parameterInvalid("The column pagination " + field + " needs offset >= 0 and limit > 0, got offset "
          + pagination.getOffset() + ", limit " + pagination.getLimit() + ".");
    }
    return new ColumnPagination(pagination.getOffset(), pagination.getLimit());
  }

  /** Whether the column at this position among the selected ones (from 0) is returned. */
  boolean returns(int columnIndex) {
    return columnIndex >= offset && columnIndex - offset < limit;
  }

  /** Whether no column at or after this position can be returned. */
  boolean donePast(int columnIndex) {
    return columnIndex - offset >= limit;
  }
}
