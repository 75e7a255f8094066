package io.tablestoreycsb.mock.operations;

import io.tablestoreycsb.mock.protocol.OtsException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * The shape rules BatchGetRow and BatchWriteRow share: at least one table, each named once, and
 * no more rows in all than the action's limit. A table entry without rows is refused by
 * BatchWriteRow and accepted (answered without rows) by BatchGetRow, as the service does. The
 * messages are the service's, as the Python SDK's own tests pin them.
 */
final class BatchShape {
  private BatchShape() {
  }

  /** The action's rules and the words the service refuses a bad shape with. */
  enum Rules {
    BATCH_GET_ROW("BatchGetRow", "reads", "No row specified in the request of BatchGetRow.", false),
    BATCH_WRITE_ROW("BatchWriteRow", "writes", "No row is specified in BatchWriteRow.", true);

    private final String action;
    private final String verb;
    private final String noTableMessage;
    private final boolean tableNeedsRows;

    Rules(String action, String verb, String noTableMessage, boolean tableNeedsRows) {
      this.action = action;
      this.verb = verb;
      this.noTableMessage = noTableMessage;
      this.tableNeedsRows = tableNeedsRows;
    }
  }

  /**
   * @param maxRows   the action's row limit over all tables
   * @return the number of rows in all tables
   */
  static <T> int check(Rules rules, int maxRows, List<T> tables, Function<T, String> tableName,
                       ToIntFunction<T> rowCount) {
    if (tables.isEmpty()) {
      throw OtsException.parameterInvalid(rules.noTableMessage);
    }
    int rows = 0;
    Set<String> names = new HashSet<>();
    for (T table : tables) {
      String name = tableName.apply(table);
      if (!names.add(name)) {
        throw OtsException.parameterInvalid("Duplicated table name in " + rules.action + ": " + name + ".");
      }
      int count = rowCount.applyAsInt(table);
      if (count == 0 && rules.tableNeedsRows) {
        throw OtsException.parameterInvalid("No operation is specified for table: '" + name + "'.");
      }
      rows += count;
    }
    if (rows > maxRows) {
      throw OtsException.parameterInvalid("Rows count exceeds the upper limit: " + rules.action + " " + rules.verb
          + " at most " + maxRows + " rows, the request has " + rows + ".");
    }
    return rows;
  }
}
