package io.tablestoreycsb.mock.admin;

import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyColumn;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.tablestoreycsb.mock.journal.RecordedRequest;
import io.tablestoreycsb.mock.journal.RecordedRow;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Recorded requests as the admin API shows them: plain JSON values, no SDK types. */
final class JournalJson {
  /** One row of a request. */
  record Row(String table, Map<String, Object> primaryKey, boolean succeeded, String errorCode, String errorMessage,
      boolean injected, Condition condition) {}

  /** A write's condition: the row existence it expected, and whether it had a column condition. */
  record Condition(String rowExistence, boolean columnCondition) {}

  /** Consumed capacity units, as the answer reported them. */
  record ConsumedCapacity(int read, int write) {}

  /** One request: what was asked, and its answer (whose fields stand beside the request's in the JSON). */
  record Request(long sequence, String time, String action, String table, List<Row> rows,
      @JsonUnwrapped Answer answer) {}

  /** A request's answer: HTTP status, outcome, the request id the client saw, capacity and delay. */
  record Answer(int status, boolean succeeded, String errorCode, String errorMessage, boolean injected,
      String requestId, ConsumedCapacity consumedCapacity, double delayMs) {}

  private JournalJson() {}

  static Request of(RecordedRequest r) {
    return new Request(r.sequence(), r.time().toString(), r.path(), r.table(),
        r.rows().stream().map(JournalJson::row).toList(), new Answer(r.httpStatus(), r.succeeded(),
        r.errorCode() == null ? null : r.errorCode().code(), r.errorMessage(), r.injected(), r.requestId(),
        new ConsumedCapacity(r.readCu(), r.writeCu()), r.delay().toNanos() / 1e6));
  }

  private static Row row(RecordedRow row) {
    return new Row(row.table(), primaryKey(row.primaryKey()), row.succeeded(),
        row.errorCode() == null ? null : row.errorCode().code(), row.errorMessage(), row.injected(),
        row.condition() == null ? null
            : new Condition(row.condition().rowExistence().name(), row.condition().columnCondition()));
  }

  /**
   * Column name to value in key order: a STRING as a string, an INTEGER as a number, a BINARY as
   * Base64; the range bounds and the auto-increment placeholder by their names.
   */
  static Map<String, Object> primaryKey(PrimaryKey key) {
    if (key == null) {
      return null;
    }
    Map<String, Object> columns = new LinkedHashMap<>();
    for (PrimaryKeyColumn column : key.getPrimaryKeyColumns()) {
      columns.put(column.getName(), value(column.getValue()));
    }
    return columns;
  }

  private static Object value(PrimaryKeyValue value) {
    if (value.isInfMin()) {
      return "INF_MIN";
    }
    if (value.isInfMax()) {
      return "INF_MAX";
    }
    if (value.isPlaceHolderForAutoIncr()) {
      return "AUTO_INCREMENT";
    }
    return switch (value.getType()) {
      case STRING -> value.asString();
      case INTEGER -> value.asLong();
      case BINARY -> Base64.getEncoder().encodeToString(value.asBinary());
    };
  }
}
