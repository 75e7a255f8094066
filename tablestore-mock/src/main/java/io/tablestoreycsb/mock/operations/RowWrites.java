package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import com.alicloud.openservices.tablestore.model.Column;
import com.alicloud.openservices.tablestore.model.ColumnType;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.aliyun.ots.thirdparty.com.google.protobuf.ByteString;
import io.tablestoreycsb.mock.protocol.CapacityUnits;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.protocol.PlainBufferCodec;
import io.tablestoreycsb.mock.storage.CellVersion;
import io.tablestoreycsb.mock.storage.StoredRow;
import io.tablestoreycsb.mock.storage.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.ListIterator;
import java.util.Map;
import java.util.TreeMap;

/**
 * Applies one row change to a table: the row-existence condition is checked and the row replaced
 * in one atomic step, so two conditional writers of the same row cannot both succeed.
 */
final class RowWrites {
  /** The outcome of a successful write. */
  record Outcome(OtsInternalApi.ConsumedCapacity consumed, ByteString returnedRow, int partition) {}

  private RowWrites() {}

  static Outcome apply(Table table, RowChange change, OtsInternalApi.Condition condition,
      OtsInternalApi.ReturnContent returnContent, long nowMillis) {
    OtsInternalApi.RowExistenceExpectation expectation = condition.getRowExistence();
    ColumnFilter columnCondition = condition.hasColumnCondition() && !condition.getColumnCondition().isEmpty()
        ? ColumnFilter.parse(condition.getColumnCondition(), "column_condition") : null;
    int maxVersions = table.settings().maxVersions();
    checkTimestamps(change, table.settings().deviationCellVersionInSec(), nowMillis);
    int partitionIndex = table.partitionIndexOf(change.primaryKey);
    long minVisible = table.settings().minVisibleTimestamp(nowMillis);
    StoredRow after = table.partition(partitionIndex).compute(change.primaryKey, stored -> {
      StoredRow current = stored == null || stored.aliveSince(minVisible) ? stored : null; // expired rows are gone
      checkExistence(expectation, current);
      if (columnCondition != null && !columnCondition.test(current)) {
        throw new OtsException(ErrorCode.CONDITION_CHECK_FAIL, "Condition check failed.");
      }
      return mutate(current, change, maxVersions, nowMillis);
    });
    int readCu = expectation == OtsInternalApi.RowExistenceExpectation.IGNORE && columnCondition == null ? 0 : 1;
    int writeCu = CapacityUnits.forRow(change.dataBytes);
    OtsInternalApi.ConsumedCapacity consumed = OtsInternalApi.ConsumedCapacity.newBuilder()
        .setCapacityUnit(OtsInternalApi.CapacityUnit.newBuilder().setRead(readCu).setWrite(writeCu)).build();
    return new Outcome(consumed, returned(change, after, returnContent), partitionIndex);
  }

  /**
   * Client-chosen cell timestamps must lie within the table's max time deviation of the server's
   * clock (deviation_cell_version_in_sec, one day by default), as on the service.
   */
  private static void checkTimestamps(RowChange change, long deviationSeconds, long nowMillis) {
    long allowedMillis = deviationSeconds * 1000;
    for (RowChange.CellChange cell : change.cells) {
      if (cell.op() == RowChange.CellOp.PUT && cell.timestamp() >= 0 && Math.abs(cell.timestamp() - nowMillis) > allowedMillis) {
        throw OtsException.parameterInvalid("The timestamp " + cell.timestamp() + " of column " + cell.name()
            + " deviates from the server time " + nowMillis + " by more than the table's max time deviation of "
            + deviationSeconds + " seconds.");
      }
    }
  }

  private static void checkExistence(OtsInternalApi.RowExistenceExpectation expectation, StoredRow current) {
    if (expectation == OtsInternalApi.RowExistenceExpectation.EXPECT_EXIST && current == null
        || expectation == OtsInternalApi.RowExistenceExpectation.EXPECT_NOT_EXIST && current != null) {
      throw new OtsException(ErrorCode.CONDITION_CHECK_FAIL, "Condition check failed.");
    }
  }

  private static StoredRow mutate(StoredRow current, RowChange change, int maxVersions, long nowMillis) {
    switch (change.kind) {
      case DELETE:
        return null;
      case PUT: {
        TreeMap<String, List<CellVersion>> columns = new TreeMap<>();
        for (RowChange.CellChange cell : change.cells) {
          putVersion(columns, storedName(cell), new CellVersion(timestampOf(cell, nowMillis), cell.value()), maxVersions);
        }
        return new StoredRow(change.primaryKey, columns);
      }
      case UPDATE: {
        TreeMap<String, List<CellVersion>> columns = new TreeMap<>();
        if (current != null) {
          columns.putAll(current.columns());
        }
        for (RowChange.CellChange cell : change.cells) {
          applyCell(columns, cell, maxVersions, nowMillis);
        }
        // A row whose last attribute column is deleted no longer exists.
        return columns.isEmpty() ? null : new StoredRow(change.primaryKey, columns);
      }
      default:
        throw new IllegalStateException("unknown change kind " + change.kind);
    }
  }

  private static void applyCell(TreeMap<String, List<CellVersion>> columns, RowChange.CellChange cell, int maxVersions,
      long nowMillis) {
    switch (cell.op()) {
      case PUT:
        putVersion(columns, storedName(cell), new CellVersion(timestampOf(cell, nowMillis), cell.value()), maxVersions);
        break;
      case DELETE_ALL_VERSIONS:
        columns.remove(cell.name());
        break;
      case DELETE_ONE_VERSION: {
        List<CellVersion> versions = columns.get(cell.name());
        if (versions != null) {
          List<CellVersion> kept = new ArrayList<>(versions);
          kept.removeIf(v -> v.timestamp() == cell.timestamp());
          if (kept.isEmpty()) {
            columns.remove(cell.name());
          } else {
            columns.put(cell.name(), List.copyOf(kept));
          }
        }
        break;
      }
      case INCREMENT: {
        List<CellVersion> versions = columns.get(cell.name());
        long base = 0;
        if (versions != null) {
          ColumnValue latest = versions.get(0).value();
          if (latest.getType() != ColumnType.INTEGER) {
            throw OtsException.parameterInvalid("Cannot increment column " + cell.name() + ": its value is " + latest.getType() + ".");
          }
          base = latest.asLong();
        }
        putVersion(columns, storedName(cell), new CellVersion(nowMillis, ColumnValue.fromLong(base + cell.value().asLong())), maxVersions);
        break;
      }
      default:
        throw new IllegalStateException("unknown cell op " + cell.op());
    }
  }

  /** Inserts a version keeping newest-first order; a version with the same timestamp is overwritten. */
  private static void putVersion(Map<String, List<CellVersion>> columns, String name, CellVersion version, int maxVersions) {
    List<CellVersion> existing = columns.get(name);
    List<CellVersion> versions = existing == null ? new ArrayList<>(1) : new ArrayList<>(existing);
    ListIterator<CellVersion> it = versions.listIterator();
    boolean placed = false;
    while (it.hasNext()) {
      CellVersion v = it.next();
      if (v.timestamp() == version.timestamp()) {
        it.set(version);
        placed = true;
        break;
      }
      if (v.timestamp() < version.timestamp()) {
        it.previous();
        it.add(version);
        placed = true;
        break;
      }
    }
    if (!placed) {
      versions.add(version);
    }
    while (versions.size() > maxVersions) {
      versions.remove(versions.size() - 1);
    }
    columns.put(name, List.copyOf(versions));
  }

  /**
   * Every stored cell would otherwise keep its own copy of the column name as decoded from its
   * request (about 48 bytes a cell); the canonical copy is shared by all rows.
   */
  private static String storedName(RowChange.CellChange cell) {
    return cell.name().intern();
  }

  private static long timestampOf(RowChange.CellChange cell, long nowMillis) {
    return cell.timestamp() >= 0 ? cell.timestamp() : nowMillis;
  }

  /** return_content: RT_PK returns the primary key; RT_AFTER_MODIFY the named columns after the change. */
  private static ByteString returned(RowChange change, StoredRow after, OtsInternalApi.ReturnContent returnContent) {
    if (returnContent == null || !returnContent.hasReturnType()) {
      return null;
    }
    switch (returnContent.getReturnType()) {
      case RT_PK:
        return PlainBufferCodec.encodeRow(change.primaryKey, List.of());
      case RT_AFTER_MODIFY: {
        List<Column> columns = new ArrayList<>();
        if (after != null) {
          for (String name : returnContent.getReturnColumnNamesList()) {
            List<CellVersion> versions = after.columns().get(name);
            if (versions != null) {
              columns.add(new Column(name, versions.get(0).value(), versions.get(0).timestamp()));
            }
          }
        }
        return PlainBufferCodec.encodeRow(change.primaryKey, columns);
      }
      default:
        return null;
    }
  }
}
