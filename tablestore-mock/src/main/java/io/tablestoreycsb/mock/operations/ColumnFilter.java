package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsFilter;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.aliyun.ots.thirdparty.com.google.protobuf.ByteString;
import com.aliyun.ots.thirdparty.com.google.protobuf.InvalidProtocolBufferException;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.protocol.PlainBufferCodec;
import io.tablestoreycsb.mock.storage.CellCursor;
import io.tablestoreycsb.mock.storage.Cells;
import io.tablestoreycsb.mock.storage.StoredRow;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A column condition (writes) or filter (reads): single-column comparisons combined with NOT, AND
 * and OR. Values of different types never match. Regex value rules and column pagination filters
 * inside a condition are refused with OTSParameterInvalid (a read's own column pagination filter
 * is a {@link ColumnPagination}).
 */
abstract class ColumnFilter {
  /** Whether the row (null = absent, i.e. no columns) passes. */
  abstract boolean test(StoredRow row);

  static ColumnFilter parse(ByteString bytes, String field) {
    try {
      return parse(OtsFilter.Filter.parseFrom(bytes), field, 0);
    } catch (InvalidProtocolBufferException e) {
      throw OtsException.parameterInvalid("Invalid " + field + ": " + e.getMessage());
    }
  }

  private static ColumnFilter parse(OtsFilter.Filter filter, String field, int depth) throws InvalidProtocolBufferException {
    if (depth > 32) {
      throw OtsException.parameterInvalid("The " + field + " is nested too deeply.");
    }
    switch (filter.getType()) {
      case FT_SINGLE_COLUMN_VALUE:
        return single(OtsFilter.SingleColumnValueFilter.parseFrom(filter.getFilter()), field);
      case FT_COMPOSITE_COLUMN_VALUE: {
        OtsFilter.CompositeColumnValueFilter composite = OtsFilter.CompositeColumnValueFilter.parseFrom(filter.getFilter());
        List<ColumnFilter> subs = new ArrayList<>();
        for (OtsFilter.Filter sub : composite.getSubFiltersList()) {
          subs.add(parse(sub, field, depth + 1));
        }
        return composite(composite.getCombinator(), subs, field);
      }
      default:
        throw OtsException.parameterInvalid("Filter type " + filter.getType() + " in " + field + " is not supported by this mock endpoint.");
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

  private static ColumnFilter single(OtsFilter.SingleColumnValueFilter filter, String field) {
    if (filter.hasValueTransRule()) {
      throw OtsException.parameterInvalid("Regex value rules in " + field + " are not supported by this mock endpoint.");
    }
    byte[] column = filter.getColumnName().getBytes(StandardCharsets.UTF_8);
    OtsFilter.ComparatorType comparator = filter.getComparator();
    boolean existence = comparator == OtsFilter.ComparatorType.CT_EXIST || comparator == OtsFilter.ComparatorType.CT_NOT_EXIST;
    ColumnValue operand = existence ? null : PlainBufferCodec.decodeBareColumnValue(filter.getColumnValue(), field);
    byte operandType = existence ? -1 : Cells.typeOf(operand);
    byte[] operandBytes = existence ? null : Cells.bytesOf(operand);
    boolean passIfMissing = !filter.getFilterIfMissing();
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

  /** Whether the cursor's current version compares to the operand as asked; values of different types never match. */
  static boolean matches(OtsFilter.ComparatorType comparator, CellCursor value, byte operandType, byte[] operand) {
    if (value.type() != operandType) {
      return false;
    }
    int c = compare(value, operand);
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
