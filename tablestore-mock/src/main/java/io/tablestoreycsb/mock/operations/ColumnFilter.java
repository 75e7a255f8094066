package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsFilter;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.aliyun.ots.thirdparty.com.google.protobuf.ByteString;
import com.aliyun.ots.thirdparty.com.google.protobuf.InvalidProtocolBufferException;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.protocol.PlainBufferCodec;
import io.tablestoreycsb.mock.storage.CellVersion;
import io.tablestoreycsb.mock.storage.StoredRow;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A column condition (writes) or filter (reads): single-column comparisons combined with NOT, AND
 * and OR. Values of different types never match. Regex value rules and column pagination filters
 * are refused with OTSParameterInvalid.
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
    String column = filter.getColumnName();
    OtsFilter.ComparatorType comparator = filter.getComparator();
    boolean existence = comparator == OtsFilter.ComparatorType.CT_EXIST || comparator == OtsFilter.ComparatorType.CT_NOT_EXIST;
    ColumnValue operand = existence ? null : PlainBufferCodec.decodeBareColumnValue(filter.getColumnValue(), field);
    boolean passIfMissing = !filter.getFilterIfMissing();
    boolean latestOnly = filter.getLatestVersionOnly();
    return new ColumnFilter() {
      @Override
      boolean test(StoredRow row) {
        List<CellVersion> versions = row == null ? null : row.columns().get(column);
        if (comparator == OtsFilter.ComparatorType.CT_EXIST) {
          return versions != null;
        }
        if (comparator == OtsFilter.ComparatorType.CT_NOT_EXIST) {
          return versions == null;
        }
        if (versions == null) {
          return passIfMissing;
        }
        for (CellVersion v : latestOnly ? versions.subList(0, 1) : versions) {
          if (matches(comparator, v.value(), operand)) {
            return true;
          }
        }
        return false;
      }
    };
  }

  static boolean matches(OtsFilter.ComparatorType comparator, ColumnValue value, ColumnValue operand) {
    if (value.getType() != operand.getType()) {
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

  private static int compare(ColumnValue a, ColumnValue b) {
    switch (a.getType()) {
      case INTEGER:
        return Long.compare(a.asLong(), b.asLong());
      case DOUBLE:
        return Double.compare(a.asDouble(), b.asDouble());
      case BOOLEAN:
        return Boolean.compare(a.asBoolean(), b.asBoolean());
      case STRING:
        return Arrays.compareUnsigned(a.asStringInBytes(), b.asStringInBytes());
      case BINARY:
        return Arrays.compareUnsigned(a.asBinary(), b.asBinary());
      default:
        throw new IllegalArgumentException("unknown column type " + a.getType());
    }
  }
}
