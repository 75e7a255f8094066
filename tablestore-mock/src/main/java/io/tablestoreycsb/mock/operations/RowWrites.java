package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import com.aliyun.ots.thirdparty.com.google.protobuf.ByteString;
import io.tablestoreycsb.mock.protocol.CapacityUnits;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.storage.CellCursor;
import io.tablestoreycsb.mock.storage.Cells;
import io.tablestoreycsb.mock.storage.RowBuilder;
import io.tablestoreycsb.mock.storage.StoredRow;
import io.tablestoreycsb.mock.storage.Table;
import java.nio.charset.StandardCharsets;
import java.util.function.LongSupplier;

/**
 * Applies one row change to a table: the row-existence condition is checked, the commit time read
 * and the row replaced in one atomic step, so two conditional writers of the same row cannot both
 * succeed, and of two writes of a row the later one is the newer version (an increment adds to
 * the value the previous write left, whatever the order the requests arrived in).
 */
final class RowWrites {
  /** The outcome of a successful write. */
  record Outcome(OtsInternalApi.ConsumedCapacity consumed, ByteString returnedRow, int partition) {}

  private RowWrites() {}

  static Outcome apply(Table table, RowChange change, OtsInternalApi.Condition condition,
      OtsInternalApi.ReturnContent returnContent, long nowMillis, LongSupplier commitClock) {
    checkWritable(table, change, nowMillis);
    Checks checks = Checks.of(table, condition);
    int partitionIndex = table.partitionIndexOf(change.key);
    LoggedRowChange logged = new LoggedRowChange(table, change);
    StoredRow after = table.write(partitionIndex, change.key,
        stored -> next(table, change, checks, stored, commitClock.getAsLong(), logged), logged);
    return outcome(table, change, checks, after, returnContent, partitionIndex);
  }

  /** A write's condition, parsed once: the row existence expected and the column condition (null: none). */
  record Checks(OtsInternalApi.RowExistenceExpectation expectation, ColumnFilter columnCondition) {
    static Checks of(Table table, OtsInternalApi.Condition condition) {
      return new Checks(condition.getRowExistence(),
          condition.hasColumnCondition() && !condition.getColumnCondition().isEmpty()
              ? ColumnFilter.parse(condition.getColumnCondition(), "column_condition", table.primaryKeyNames()) : null);
    }

    /** A condition other than IGNORE without a column condition reads the row: one read CU. */
    int readCu() {
      return expectation == OtsInternalApi.RowExistenceExpectation.IGNORE && columnCondition == null ? 0 : 1;
    }
  }

  /** What a change must pass before it touches any row: the table's allow_update and time deviation. */
  static void checkWritable(Table table, RowChange change, long nowMillis) {
    if (change.kind == RowChange.Kind.UPDATE && !table.settings().allowUpdate()) {
      // allow_update=false (tables with a search index and a TTL): UpdateRow may no longer change rows.
      throw OtsException.parameterInvalid("UpdateRow is not allowed on table " + table.name()
          + ": its table option allow_update is false.");
    }
    checkTimestamps(change, table.settings().deviationCellVersionInSec(), nowMillis);
  }

  /**
   * The row {@code change} leaves where {@code stored} is (null: no row), once its condition
   * holds; OTSConditionCheckFail when it does not. Rows past the table's TTL count as absent.
   * {@code commitMillis} is the time of the versions written without a timestamp of their own: a
   * clock read after {@code stored} was committed, so that the new versions are not older than its.
   */
  static StoredRow next(Table table, RowChange change, Checks checks, StoredRow stored, long commitMillis,
      LoggedRowChange logged) {
    long minVisible = table.settings().minVisibleTimestamp(commitMillis);
    StoredRow current = stored == null || stored.aliveSince(minVisible) ? stored : null; // expired rows are gone
    logged.attempt(current, commitMillis);
    checkExistence(checks.expectation(), current);
    if (checks.columnCondition() != null && !checks.columnCondition().test(current)) {
      throw new OtsException(ErrorCode.CONDITION_CHECK_FAIL, "Condition check failed.");
    }
    return mutate(current, change, table.settings().maxVersions(), commitMillis, logged);
  }

  /** The answer to a write that left {@code after} in place: consumed capacity and return content. */
  static Outcome outcome(Table table, RowChange change, Checks checks, StoredRow after,
      OtsInternalApi.ReturnContent returnContent, int partitionIndex) {
    int writeCu = CapacityUnits.forRow(change.dataBytes);
    OtsInternalApi.ConsumedCapacity consumed = RowReads.consumed(checks.readCu(), writeCu);
    return new Outcome(consumed, returned(table, change, after, returnContent), partitionIndex);
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

  private static StoredRow mutate(StoredRow current, RowChange change, int maxVersions, long commitMillis,
      LoggedRowChange logged) {
    switch (change.kind) {
      case DELETE:
        return null;
      case PUT: {
        RowBuilder columns = RowBuilder.empty();
        for (RowChange.CellChange cell : change.cells) {
          columns.put(cell.nameBytes(), version(timestampOf(cell, commitMillis), cell), maxVersions);
        }
        return new StoredRow(change.key, columns.build());
      }
      case UPDATE: {
        RowBuilder columns = RowBuilder.from(current);
        for (int i = 0; i < change.cells.size(); i++) {
          applyCell(columns, change.cells.get(i), maxVersions, commitMillis, logged, i);
        }
        // A row whose last attribute column is deleted no longer exists.
        return columns.isEmpty() ? null : new StoredRow(change.key, columns.build());
      }
      default:
        throw new IllegalStateException("unknown change kind " + change.kind);
    }
  }

  private static void applyCell(RowBuilder columns, RowChange.CellChange cell, int maxVersions, long commitMillis,
      LoggedRowChange logged, int cellIndex) {
    switch (cell.op()) {
      case PUT:
        columns.put(cell.nameBytes(), version(timestampOf(cell, commitMillis), cell), maxVersions);
        break;
      case DELETE_ALL_VERSIONS:
        columns.deleteAllVersions(cell.nameBytes());
        break;
      case DELETE_ONE_VERSION:
        columns.deleteVersion(cell.nameBytes(), cell.timestamp());
        break;
      case INCREMENT: {
        RowBuilder.Version latest = columns.latest(cell.nameBytes());
        long base = 0;
        if (latest != null) {
          if (latest.type() != Cells.INTEGER) {
            throw OtsException.parameterInvalid("Cannot increment column " + cell.name() + ": its value is "
                + Cells.toColumnValue(latest.type(), latest.data(), latest.offset(), latest.length()).getType() + ".");
          }
          base = latest.longValue();
        }
        long result = base + cell.longValue();
        // The sum must be the newest version, or a read would not see it: never older than the version
        // it added to (one a client stamped ahead of the clock); at the same time, it replaces that one.
        long timestamp = latest == null ? commitMillis : Math.max(commitMillis, latest.timestamp());
        columns.put(cell.nameBytes(), RowBuilder.Version.of(timestamp, Cells.INTEGER, Cells.longBytes(result)), maxVersions);
        logged.incremented(cellIndex, result, timestamp);
        break;
      }
      default:
        throw new IllegalStateException("unknown cell op " + cell.op());
    }
  }

  private static RowBuilder.Version version(long timestamp, RowChange.CellChange cell) {
    return new RowBuilder.Version(timestamp, cell.type(), cell.data(), cell.offset(), cell.length());
  }

  private static long timestampOf(RowChange.CellChange cell, long commitMillis) {
    return cell.timestamp() >= 0 ? cell.timestamp() : commitMillis;
  }

  /** return_content: RT_PK returns the primary key; RT_AFTER_MODIFY the named columns after the change. */
  private static ByteString returned(Table table, RowChange change, StoredRow after, OtsInternalApi.ReturnContent returnContent) {
    if (returnContent == null || !returnContent.hasReturnType()) {
      return null;
    }
    switch (returnContent.getReturnType()) {
      case RT_PK:
        return RowEncoder.primaryKeyOnly(table, change.key);
      case RT_AFTER_MODIFY: {
        StoredRow row = after != null ? after : new StoredRow(change.key, new byte[0]);
        ReadSpec.Projection columns = new ReadSpec.Projection();
        for (String name : returnContent.getReturnColumnNamesList()) {
          CellCursor cursor = row.cursor();
          if (cursor.seekColumn(name.getBytes(StandardCharsets.UTF_8)) && cursor.nextVersion()) {
            columns.add(cursor.nameOffset(), cursor.nameLength(), cursor.versionOffset());
          }
        }
        return RowEncoder.row(table, row, columns);
      }
      default:
        return null;
    }
  }
}
