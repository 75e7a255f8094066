package io.tablestoreycsb.mock.journal;

import com.alicloud.openservices.tablestore.model.RowExistenceExpectation;

/**
 * The condition a write carried: the row existence it expected, and whether it also had a column
 * condition (a filter on the row's values).
 */
public record RecordedCondition(RowExistenceExpectation rowExistence, boolean columnCondition) {
  /** A write without a condition of its own: IGNORE, no column condition. */
  public static final RecordedCondition NONE = new RecordedCondition(RowExistenceExpectation.IGNORE, false);

  @Override
  public String toString() {
    return rowExistence + (columnCondition ? " with a column condition" : "");
  }
}
