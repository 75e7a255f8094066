package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.storage.StoredRow;
import io.tablestoreycsb.mock.storage.Table;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Several row changes of one table applied all or none (an atomic BatchWriteRow, a local
 * transaction's commit). First every change is checked and its row computed in request order
 * against the rows as they are, a change seeing the rows the group's earlier changes left; a change
 * that fails (its condition, its table's rules) fails the group with nothing written. Then the rows
 * are swapped in one by one, each only if its row is still the one the group computed from (so the
 * commit time a change read after reading its row is still later than that row's); a row
 * another request changed in between fails the group with OTSRowOperationConflict (which the SDKs
 * retry) after the rows already swapped are put back. A put-back row does not leave the stream: its
 * record stays, as the change did happen for a moment.
 */
final class AtomicRowWrites {
  /** One change of the group: its condition and return content (null: none). */
  record Write(RowChange change, OtsInternalApi.Condition condition, OtsInternalApi.ReturnContent returnContent) {}

  /** The group failed at {@code index} (in the group's order) with {@code error}; nothing was written. */
  static final class GroupFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    final int index;
    final transient OtsException error;

    GroupFailed(int index, OtsException error) {
      super(error.getMessage(), null, false, false);
      this.index = index;
      this.error = error;
    }
  }

  private record Staged(RowChange change, RowWrites.Checks checks, OtsInternalApi.ReturnContent returnContent,
      int partition, StoredRow before, StoredRow after, LoggedRowChange logged) {}

  private AtomicRowWrites() {}

  /**
   * Applies {@code writes} to {@code table} all or none.
   *
   * @return each write's outcome, in order
   * @throws GroupFailed naming the write that failed; nothing was written
   */
  static List<RowWrites.Outcome> apply(Table table, List<Write> writes, long nowMillis, LongSupplier commitClock) {
    List<Staged> staged = stage(table, writes, nowMillis, commitClock);
    for (int i = 0; i < staged.size(); i++) {
      Staged s = staged.get(i);
      try {
        table.write(s.partition(), s.change().key, current -> {
          if (!sameRow(current, s.before())) {
            throw new OtsException(ErrorCode.ROW_OPERATION_CONFLICT, "Data is being modified by the other request.");
          }
          return s.after();
        }, s.logged());
      } catch (OtsException e) {
        putBack(table, staged.subList(0, i));
        throw new GroupFailed(i, e);
      }
    }
    List<RowWrites.Outcome> outcomes = new ArrayList<>(staged.size());
    for (Staged s : staged) {
      outcomes.add(RowWrites.outcome(table, s.change(), s.checks(), s.after(), s.returnContent(), s.partition()));
    }
    return outcomes;
  }

  private static List<Staged> stage(Table table, List<Write> writes, long nowMillis, LongSupplier commitClock) {
    Map<ByteBuffer, StoredRow> rowsSoFar = new HashMap<>();
    List<Staged> staged = new ArrayList<>(writes.size());
    for (int i = 0; i < writes.size(); i++) {
      Write write = writes.get(i);
      RowChange change = write.change();
      try {
        RowWrites.checkWritable(table, change, nowMillis);
        RowWrites.Checks checks = RowWrites.Checks.of(table, write.condition());
        int partition = table.partitionIndexOf(change.key);
        ByteBuffer key = ByteBuffer.wrap(change.key);
        StoredRow before = rowsSoFar.containsKey(key) ? rowsSoFar.get(key) : table.partition(partition).get(change.key);
        LoggedRowChange logged = new LoggedRowChange(table, change);
        StoredRow after = RowWrites.next(table, change, checks, before, commitClock.getAsLong(), logged);
        rowsSoFar.put(key, after);
        staged.add(new Staged(change, checks, write.returnContent(), partition, before, after, logged));
      } catch (OtsException e) {
        throw new GroupFailed(i, e);
      }
    }
    return staged;
  }

  /** Restores the rows of {@code applied}, last first, where no other request changed them since. */
  private static void putBack(Table table, List<Staged> applied) {
    for (int i = applied.size() - 1; i >= 0; i--) {
      Staged s = applied.get(i);
      table.write(s.partition(), s.change().key, current -> sameRow(current, s.after()) ? s.before() : current, null);
    }
  }

  /** Whether the row stored now is the very row the group computed from (its cells are swapped, never edited). */
  private static boolean sameRow(StoredRow current, StoredRow expected) {
    if (current == null || expected == null) {
      return current == expected;
    }
    return current.cells() == expected.cells();
  }
}
