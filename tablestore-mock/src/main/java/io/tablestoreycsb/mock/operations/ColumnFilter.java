package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsFilter;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.aliyun.ots.thirdparty.com.google.protobuf.ByteString;
import com.aliyun.ots.thirdparty.com.google.protobuf.InvalidProtocolBufferException;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.protocol.PlainBufferCodec;
import io.tablestoreycsb.mock.protocol.ServiceLimits;
import io.tablestoreycsb.mock.storage.CellCursor;
import io.tablestoreycsb.mock.storage.Cells;
import io.tablestoreycsb.mock.storage.RowKey;
import io.tablestoreycsb.mock.storage.StoredRow;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A column condition (writes) or filter (reads): single-column comparisons combined with NOT, AND
 * and OR, at most {@value #MAX_NODES} of them in all, as the service limits them. A comparison on
 * a primary-key column compares the row's key value. Values of different types never match.
 * Regex value rules and column pagination filters inside a condition are refused with
 * OTSParameterInvalid (a read's own column pagination filter is a {@link ColumnPagination}).
 */
abstract class ColumnFilter {
  /** Comparisons and logical operators together; the service's limit. */
  static final int MAX_NODES = 32;

  /** Whether the row (null = absent, i.e. no columns) passes. */
  abstract boolean test(StoredRow row);

  /** @param primaryKeyNames the table's primary-key column names, in key order */
  static ColumnFilter parse(ByteString bytes, String field, byte[][] primaryKeyNames) {
    try {
      return new Parser(field, primaryKeyNames).parse(OtsFilter.Filter.parseFrom(bytes));
    } catch (InvalidProtocolBufferException e) {
      throw OtsException.parameterInvalid("Invalid " + field + ": " + e.getMessage());
    }
  }

  /** One filter's parse: counts its nodes against the limit as it goes. */
  private static final class Parser {
    private final String field;
    private final byte[][] primaryKeyNames;
    private int nodes;

    Parser(String field, byte[][] primaryKeyNames) {
      this.field = field;
      this.primaryKeyNames = primaryKeyNames;
    }

    ColumnFilter parse(OtsFilter.Filter filter) throws InvalidProtocolBufferException {
      if (++nodes > MAX_NODES) {
        // The service's words (the Java SDK's functional tests).
        throw OtsException.parameterInvalid("The count of filter exceeds the max: " + MAX_NODES + ".");
      }
      switch (filter.getType()) {
        case FT_SINGLE_COLUMN_VALUE:
          return single(OtsFilter.SingleColumnValueFilter.parseFrom(filter.getFilter()), field, primaryKeyNames);
        case FT_COMPOSITE_COLUMN_VALUE: {
          OtsFilter.CompositeColumnValueFilter composite = OtsFilter.CompositeColumnValueFilter.parseFrom(filter.getFilter());
          List<ColumnFilter> subs = new ArrayList<>();
          for (OtsFilter.Filter sub : composite.getSubFiltersList()) {
            subs.add(parse(sub));
          }
          return composite(composite.getCombinator(), subs, field);
        }
        default:
          throw OtsException.parameterInvalid("Filter type " + filter.getType() + " in " + field + " is not supported by this mock endpoint.");
      }
    }
  }

  private static ColumnFilter composite(OtsFilter.LogicalOperator operator, List<ColumnFilter> subs, String field) {
    switch (operator) {
      case LO_NOT:
        if (subs.size() != 1) {
          throw OtsException.parameterInvalid("NOT in " + field + " takes exactly one sub-condition, got " + subs.size() + ".");
        }
        return new ColumnFilter() {
          @Override
          boolean test(StoredRow row) {
            return !subs.get(0).test(row);
          }
        };
      case LO_AND:
      case LO_OR: {
        if (subs.size() < 2) {
          throw OtsException.parameterInvalid(operator + " in " + field + " takes at least two sub-conditions, got " + subs.size() + ".");
        }
        boolean and = operator == OtsFilter.LogicalOperator.LO_AND;
        return new ColumnFilter() {
          @Override
          boolean test(StoredRow row) {
            for (ColumnFilter sub : subs) {
              if (sub.test(row) != and) {
                return !and;
              }
            }
            return and;
          }
        };
      }
      default:
        throw OtsException.parameterInvalid("Unknown logical operator " + operator + " in " + field + ".");
    }
  }

  private static ColumnFilter single(OtsFilter.SingleColumnValueFilter filter, String field, byte[][] primaryKeyNames) {
    if (filter.hasValueTransRule()) {
      throw OtsException.parameterInvalid("Regex value rules in " + field + " are not supported by this mock endpoint.");
    }
    byte[] column = filter.getColumnName().getBytes(StandardCharsets.UTF_8);
    OtsFilter.ComparatorType comparator = filter.getComparator();
    boolean existence = comparator == OtsFilter.ComparatorType.CT_EXIST || comparator == OtsFilter.ComparatorType.CT_NOT_EXIST;
    ColumnValue operand = existence ? null : PlainBufferCodec.decodeBareColumnValue(filter.getColumnValue(), field);
    if (operand != null && operand.getDataSize() > ServiceLimits.MAX_ATTRIBUTE_VALUE_BYTES) {
      throw OtsException.parameterInvalid("The value compared with column " + filter.getColumnName() + " in " + field + " is "
          + operand.getDataSize() + " bytes, which exceeds the limit of " + ServiceLimits.MAX_ATTRIBUTE_VALUE_BYTES + " bytes.");
    }
    byte operandType = existence ? -1 : Cells.typeOf(operand);
    byte[] operandBytes = existence ? null : Cells.bytesOf(operand);
    boolean passIfMissing = !filter.getFilterIfMissing();
    for (int k = 0; k < primaryKeyNames.length; k++) {
      if (Arrays.equals(primaryKeyNames[k], column)) {
        return onPrimaryKey(k, comparator, operandType, operandBytes, passIfMissing);
      }
    }
    boolean latestOnly = filter.getLatestVersionOnly();
    return new ColumnFilter() {
      @Override
      boolean test(StoredRow row) {
        CellCursor cursor = row == null ? null : row.cursor();
        boolean present = cursor != null && cursor.seekColumn(column);
        if (comparator == OtsFilter.ComparatorType.CT_EXIST) {
          return present;
        }
        if (comparator == OtsFilter.ComparatorType.CT_NOT_EXIST) {
          return !present;
        }
        if (!present) {
          return passIfMissing;
        }
        while (cursor.nextVersion()) {
          if (matches(comparator, cursor, operandType, operandBytes)) {
            return true;
          }
          if (latestOnly) {
            break;
          }
        }
        return false;
      }
    };
  }

  /**
   * A comparison on the {@code index}-th primary-key column: every stored row has it (an absent
   * row, as a write condition sees it, does not); its one value is compared.
   */
  private static ColumnFilter onPrimaryKey(int index, OtsFilter.ComparatorType comparator, byte operandType,
      byte[] operand, boolean passIfMissing) {
    return new ColumnFilter() {
      @Override
      boolean test(StoredRow row) {
        boolean present = row != null;
        if (comparator == OtsFilter.ComparatorType.CT_EXIST || comparator == OtsFilter.ComparatorType.CT_NOT_EXIST) {
          return present == (comparator == OtsFilter.ComparatorType.CT_EXIST);
        }
        if (!present) {
          return passIfMissing;
        }
        RowKey.Reader key = new RowKey.Reader(row.key());
        for (int i = 0; i <= index; i++) {
          key.next();
        }
        Integer order = compareKeyValue(key, operandType, operand);
        return order != null && satisfies(comparator, order);
      }
    };
  }

  /** The key column's value compared with the operand; null when their types differ. */
  private static Integer compareKeyValue(RowKey.Reader key, byte operandType, byte[] operand) {
    switch (key.type()) {
      case INTEGER:
        return operandType == Cells.INTEGER ? Long.compare(key.integer(), Cells.readLong(operand, 0)) : null;
      case STRING:
        return operandType == Cells.STRING ? Arrays.compareUnsigned(key.bytes(), operand) : null;
      case BINARY:
        return operandType == Cells.BINARY ? Arrays.compareUnsigned(key.bytes(), operand) : null;
      default:
        return null;
    }
  }

  /** Whether the cursor's current version compares to the operand as asked; values of different types never match. */
  static boolean matches(OtsFilter.ComparatorType comparator, CellCursor value, byte operandType, byte[] operand) {
    if (value.type() != operandType) {
      return false;
    }
    return satisfies(comparator, compare(value, operand));
  }

  /** Whether a value that compares {@code c} (negative, 0, positive) to the operand passes the comparator. */
  private static boolean satisfies(OtsFilter.ComparatorType comparator, int c) {
    switch (comparator) {
      case CT_EQUAL:
        return c == 0;
      case CT_NOT_EQUAL:
        return c != 0;
      case CT_GREATER_THAN:
        return c > 0;
      case CT_GREATER_EQUAL:
        return c >= 0;
      case CT_LESS_THAN:
        return c < 0;
      case CT_LESS_EQUAL:
        return c <= 0;
      default:
        throw OtsException.parameterInvalid("Unknown comparator " + comparator + ".");
    }
  }

  private static int compare(CellCursor value, byte[] operand) {
    byte[] cells = value.array();
    int offset = value.valueOffset();
    switch (value.type()) {
      case Cells.INTEGER:
        return Long.compare(value.longValue(), Cells.readLong(operand, 0));
      case Cells.DOUBLE:
        return Double.compare(Double.longBitsToDouble(value.longValue()), Double.longBitsToDouble(Cells.readLong(operand, 0)));
      case Cells.BOOLEAN:
        return Boolean.compare(cells[offset] != 0, operand[0] != 0);
      case Cells.STRING:
      case Cells.BINARY:
        return Arrays.compareUnsigned(cells, offset, offset + value.valueLength(), operand, 0, operand.length);
      default:
        throw new IllegalArgumentException("unknown stored type " + value.type());
    }
  }
}
