package io.tablestoreycsb.mock.journal;

import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.storage.RowKey;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One request as the mock served it: what was asked (action, table, the rows' primary keys) and
 * what was answered (status, error code, request id, consumed capacity units, added delay). Read
 * it from {@link RequestJournal}.
 */
public final class RecordedRequest {
  private final long sequence;
  private final long timeMillis;
  private final ActionName action;
  private final String path;
  private final String table;
  private final RowBuffer rows;
  private final int httpStatus;
  private final OtsException error;
  private final String requestId;
  private final int readCu;
  private final int writeCu;
  private final long delayNanos;

  RecordedRequest(long sequence, Entry entry) {
    this.sequence = sequence;
    this.timeMillis = entry.timeMillis();
    this.action = entry.action();
    this.path = entry.path();
    this.table = entry.table();
    this.rows = entry.rows();
    this.httpStatus = entry.httpStatus();
    this.error = entry.error();
    this.requestId = entry.requestId();
    this.readCu = entry.readCu();
    this.writeCu = entry.writeCu();
    this.delayNanos = entry.delayNanos();
  }

  /**
   * What the request pipeline hands the journal for one answered request.
   *
   * @param action null when the path names no action
   * @param path the request path's action segment as sent, e.g. {@code PutRow}
   * @param table the one table the request named; null when it named none or several, or failed
   *     before its body was read
   * @param rows the rows named, or null for none
   * @param error null when the request succeeded
   */
  public record Entry(long timeMillis, ActionName action, String path, String table, RowBuffer rows, int httpStatus,
      OtsException error, String requestId, int readCu, int writeCu, long delayNanos) {

    int weight() {
      return rows == null ? 1 : Math.max(1, rows.size());
    }
  }

  /** The request's position among all the mock recorded, from 0 (also counting those no longer kept). */
  public long sequence() {
    return sequence;
  }

  /** When the mock started serving the request (the time it stamps cells with). */
  public Instant time() {
    return Instant.ofEpochMilli(timeMillis);
  }

  /** The action; null when the path named none (answered OTSUnsupportOperation, see {@link #path()}). */
  public ActionName action() {
    return action;
  }

  /** The action as the request path spelled it, e.g. {@code PutRow}. */
  public String path() {
    return path;
  }

  /**
   * The table the request named; null when it named none (ListTable), several (a batch over
   * tables: see {@link #rows()}), or failed before the mock read its body (authentication, a
   * malformed body).
   */
  public String table() {
    return table;
  }

  /**
   * The rows the request named, in request order: one for PutRow, GetRow, UpdateRow and DeleteRow,
   * each row of a BatchWriteRow or BatchGetRow (also when an injected fault failed the whole
   * request: then every row carries that error); empty for other actions and for requests that
   * failed before their rows were read (authentication, a malformed body, a whole-batch error such
   * as two rows with one key).
   */
  public List<RecordedRow> rows() {
    if (rows == null) {
      return List.of();
    }
    List<RecordedRow> list = new ArrayList<>(rows.size());
    for (int i = 0; i < rows.size(); i++) {
      OtsException rowError = rows.error(i);
      if (rowError == null && (!action.hasRowResults() || error != null)) {
        rowError = error; // a single-row request's row, or any row of a failed batch, fails with the request
      }
      byte[] key = rows.key(i);
      list.add(new RecordedRow(rows.table(i), key == null ? null : RowKey.decode(key, rows.schema(i)),
          rowError == null ? null : rowError.errorCode(), rowError == null ? null : rowError.getMessage(),
          rowError != null && rowError.isInjected(), rows.condition(i)));
    }
    return Collections.unmodifiableList(list);
  }

  /** How many rows the request named (see {@link #rows()}), without decoding them. */
  public int rowCount() {
    return rows == null ? 0 : rows.size();
  }

  /** The rows that failed (for a batch: on their own, the call itself succeeding). */
  public List<RecordedRow> failedRows() {
    return rows().stream().filter(r -> !r.succeeded()).toList();
  }

  /** The HTTP status of the answer, e.g. 200, 503. */
  public int httpStatus() {
    return httpStatus;
  }

  /** True when the whole request succeeded (a batch may still have failed rows: {@link #failedRows()}). */
  public boolean succeeded() {
    return error == null;
  }

  /** The error the request was answered with; null when it succeeded. */
  public ErrorCode errorCode() {
    return error == null ? null : error.errorCode();
  }

  /** The message sent with {@link #errorCode()}; null when it succeeded. */
  public String errorMessage() {
    return error == null ? null : error.getMessage();
  }

  /** True when the request's error was injected by the fault plan. */
  public boolean injected() {
    return error != null && error.isInjected();
  }

  /** The {@code x-ots-requestid} the answer carried: what the client's exception or response reports. */
  public String requestId() {
    return requestId;
  }

  /** Read capacity units the answer reported as consumed (a batch's rows summed). */
  public int readCu() {
    return readCu;
  }

  /** Write capacity units the answer reported as consumed (a batch's rows summed). */
  public int writeCu() {
    return writeCu;
  }

  /** How long the answer was held back: injected latency or a partition capacity wait. */
  public Duration delay() {
    return Duration.ofNanos(delayNanos);
  }

  /** e.g. {@code #3 BatchWriteRow usertable rows=200 -> 200 OK (1 row failed) cu=0/200 id=...}. */
  @Override
  public String toString() {
    StringBuilder s = new StringBuilder("#").append(sequence).append(' ').append(path);
    if (table != null) {
      s.append(' ').append(table);
    }
    if (rowCount() > 0) {
      s.append(" rows=").append(rowCount());
    }
    s.append(" -> ").append(httpStatus);
    if (error == null) {
      s.append(" OK");
      int failed = 0;
      for (int i = 0; i < rowCount(); i++) {
        failed += rows.error(i) == null ? 0 : 1;
      }
      if (failed > 0) {
        s.append(" (").append(failed).append(failed == 1 ? " row" : " rows").append(" failed)");
      }
    } else {
      s.append(' ').append(error.errorCode().code()).append(error.isInjected() ? " (injected)" : "");
    }
    return s.append(" cu=").append(readCu).append('/').append(writeCu).append(" id=").append(requestId).toString();
  }
}
