package io.tablestoreycsb.mock.storage;

import com.alicloud.openservices.tablestore.model.ColumnValue;

/** One version of one attribute column: its timestamp (ms) and value. */
public record CellVersion(long timestamp, ColumnValue value) {}
