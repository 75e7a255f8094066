package io.tablestoreycsb.binding.stats;

/** The Tablestore API actions the binding issues; the names are the service's action names. */
public enum Action {
  GetRow, GetRange, PutRow, BatchWriteRow, UpdateRow, DeleteRow
}
