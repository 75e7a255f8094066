package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.PlainBufferConsts;
import io.tablestoreycsb.mock.protocol.PlainBufferWriter;
import io.tablestoreycsb.mock.storage.CellCursor;
import io.tablestoreycsb.mock.storage.Cells;
import io.tablestoreycsb.mock.storage.Partition;
import io.tablestoreycsb.mock.storage.StoredRow;
import io.tablestoreycsb.mock.storage.Table;
import java.util.List;

/**
 * A committed row change as its stream record (what {@code PlainBufferConversion.toStreamRecord}
 * reads): PUT cells with value and the timestamp the row got (the server's when the client sent
 * none); DELETE_ONE_VERSION cells with their timestamp; DELETE_ALL_VERSION cells bare; a DeleteRow
 * as a row delete marker. Increments travel as PUTs of the resulting value, which the write records
 * here while it runs ({@link #incremented}), since clients reject INCREMENT cells in records.
 */
final class LoggedRowChange implements Partition.LoggedChange {
  /** Stream action numbers (the Tunnel protocol's ActionType). */
  static final int PUT_ROW = 1;
  static final int UPDATE_ROW = 2;
  static final int DELETE_ROW = 3;

  private final Table table;
  private final RowChange change;
  /** The commit time of the latest attempt: the timestamp of the record and of the cells written without one. */
  private long commitMillis;
  /**
   * The value each INCREMENT cell produced and that value's timestamp, by cell index (only those
   * entries are used); made by the first increment, so the writes that increment nothing (every
   * write when no stream is on) pay for none.
   */
  private long[] incrementResults;
  private long[] incrementTimestamps;
  /** The row before the change (the latest attempt's), for the stream's origin columns. */
  private StoredRow before;

  LoggedRowChange(Table table, RowChange change) {
    this.table = table;
    this.change = change;
  }

  /** Starts an attempt of the change at {@code commitMillis} on {@code row} as it was before (null: absent). */
  void attempt(StoredRow row, long commitMillis) {
    this.before = row;
    this.commitMillis = commitMillis;
  }

  /** Records the value the INCREMENT at {@code cellIndex} wrote, and its version's timestamp (the latest attempt's win). */
  void incremented(int cellIndex, long result, long timestamp) {
    if (incrementResults == null) {
      incrementResults = new long[change.cells.size()];
      incrementTimestamps = new long[change.cells.size()];
    }
    incrementResults[cellIndex] = result;
    incrementTimestamps[cellIndex] = timestamp;
  }

  @Override
  public long timestampMillis() {
    return commitMillis;
  }

  /**
   * The stream's origin columns ({@code stream_spec.columns_to_get}) as the row held them before
   * the change: each column's newest version, with its timestamp; null when the stream names none
   * or the row held none of them.
   */
  @Override
  public byte[] originRecord() {
    List<String> names = table.stream().originColumns();
    if (names.isEmpty() || before == null) {
      return null;
    }
    PlainBufferWriter writer = new PlainBufferWriter(64 + 2 * change.key.length + before.cells().length);
    writer.header();
    writer.startRow();
    RowEncoder.writePrimaryKey(writer, table, change.key);
    boolean any = false;
    CellCursor cursor = before.cursor();
    byte[] cells = before.cells();
    while (cursor.nextColumn()) {
      if (!names.contains(cursor.name()) || !cursor.nextVersion()) {
        continue;
      }
      if (!any) {
        writer.startData();
        any = true;
      }
      writer.attribute(cells, cursor.nameOffset(), cursor.nameLength(), cursor.type(), cells, cursor.valueOffset(),
          cursor.valueLength(), cursor.timestamp());
    }
    if (!any) {
      return null;
    }
    writer.endRow();
    return writer.toByteArray();
  }

  @Override
  public int action() {
    switch (change.kind) {
      case PUT:
        return PUT_ROW;
      case UPDATE:
        return UPDATE_ROW;
      default:
        return DELETE_ROW;
    }
  }

  @Override
  public byte[] record() {
    int size = 64 + 2 * change.key.length;
    for (RowChange.CellChange cell : change.cells) {
      size += 32 + cell.nameBytes().length + Math.max(cell.length(), 8);
    }
    PlainBufferWriter writer = new PlainBufferWriter(size);
    writer.header();
    writer.startRow();
    RowEncoder.writePrimaryKey(writer, table, change.key);
    if (change.kind == RowChange.Kind.DELETE) {
      writer.endDeletedRow();
      return writer.toByteArray();
    }
    if (!change.cells.isEmpty()) {
      writer.startData();
    }
    for (int i = 0; i < change.cells.size(); i++) {
      RowChange.CellChange cell = change.cells.get(i);
      byte[] name = cell.nameBytes();
      switch (cell.op()) {
        case PUT:
          writer.attribute(name, 0, name.length, cell.type(), cell.data(), cell.offset(), cell.length(),
              cell.timestamp() >= 0 ? cell.timestamp() : commitMillis);
          break;
        case INCREMENT:
          writer.attribute(name, 0, name.length, Cells.INTEGER, Cells.longBytes(incrementResults[i]), 0, 8,
              incrementTimestamps[i]);
          break;
        case DELETE_ONE_VERSION:
          writer.deleteCell(name, PlainBufferConsts.DELETE_ONE_VERSION, cell.timestamp());
          break;
        case DELETE_ALL_VERSIONS:
          writer.deleteCell(name, PlainBufferConsts.DELETE_ALL_VERSION, -1);
          break;
        default:
          throw new IllegalStateException("unknown cell op " + cell.op());
      }
    }
    writer.endRow();
    return writer.toByteArray();
  }
}
