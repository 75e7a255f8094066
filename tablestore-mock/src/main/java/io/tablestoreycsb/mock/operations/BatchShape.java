package io.tablestoreycsb.mock.operations;

import io.tablestoreycsb.mock.protocol.OtsException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * The shape rules BatchGetRow and BatchWriteRow share: at least one table, each named once and
 * holding at least one row, and no more rows in all than the action's limit.
 */
final class BatchShape {
  private BatchShape() {
  }

  /**
   * @param action    BatchGetRow or BatchWriteRow, as the messages name it
   * @param verb      what the action does to a row, for the limit message ("reads", "writes")
   * @param maxRows   the action's row limit over all tables
   * @return the number of rows in all tables
   */
  static <T> int check(String action, String verb, int maxRows, List<T> tables,
                        Function<T, String> tableName, ToIntFunction<T> rowCount) {
    if (tables.isEmpty()) {
      throw OtsException.parameterInvalid("No row specified in the request of " + action + ".");
    }
    int rows = 0;
    Set<String> names = new HashSet<>();
    for (T table : tables) {
      String name = tableName.apply(table);
      if (!names.add(name)) {
        throw OtsException.parameterInvalid("Duplicated table name in " + action + ": " + name + ".");
      }
      int count = rowCount.applyAsInt(table);
      if (count == 0) {
        throw OtsException.parameterInvalid("No row specified in table " + name + " of " + action + ".");
      }
      rows += count;
    }
    if (rows > maxRows) {
      throw OtsException.parameterInvalid("Rows count exceeds the upper limit: " + action + " " + verb
          + " at most " + maxRows + " rows, the request has " + rows + ".");
    }
    return rows;
  }
}
