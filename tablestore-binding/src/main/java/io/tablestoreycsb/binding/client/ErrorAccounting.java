package io.tablestoreycsb.binding.client;

import com.alicloud.openservices.tablestore.ClientException;
import com.alicloud.openservices.tablestore.TableStoreException;
import io.tablestoreycsb.binding.stats.Action;
import io.tablestoreycsb.binding.stats.RunStats;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import site.ycsb.Status;

/**
 * Turns failures into YCSB statuses, counts them by error code in {@link RunStats} and logs the
 * first occurrence of each code once (with its message and request id) instead of once per
 * operation, which at benchmark rates would drown the output.
 */
public final class ErrorAccounting {
  private static final Logger LOG = LoggerFactory.getLogger(ErrorAccounting.class);

  private final RunStats stats;

  public ErrorAccounting(RunStats stats) {
    this.stats = stats;
  }

  /** Accounts for a failed request and returns the status to give YCSB. */
  public Status requestFailed(Action action, String table, RuntimeException e) {
    if (e instanceof TableStoreException tse) {
      return serviceError(action, table, tse.getErrorCode(), tse.getMessage(), tse.getRequestId(),
          tse.getHttpStatus());
    }
    String code = StatusMapping.CLIENT_EXCEPTION;
    if (stats.error(code)) {
      String kind = e instanceof ClientException ? "client-side error" : e.getClass().getName();
      LOG.warn("first {} on {} (table '{}'): {}; later ones are only counted in [TABLESTORE], Errors.{}",
          kind, action, table, e.getMessage(), code, e);
    }
    return StatusMapping.forCode(code, 0);
  }

  /** Accounts for one row that failed inside a batch and returns its status. */
  public Status rowFailed(Action action, String table, String code, String message, String requestId) {
    return serviceError(action, table, code, message, requestId, 0);
  }

  private Status serviceError(Action action, String table, String code, String message,
                              String requestId, int httpStatus) {
    String counted = code == null || code.isEmpty() ? "OTSUnknownError" : code;
    if (stats.error(counted)) {
      if (counted.equals("OTSObjectNotExist")) {
        LOG.error("{} failed: table '{}' does not exist (OTSObjectNotExist: {}; request id {}). "
            + "Create it with bin/tablestore-table create, or set YCSB's 'table' property. "
            + "Later occurrences are only counted.", action, table, message, requestId);
      } else {
        LOG.warn("first {} from {} on table '{}': {} (request id {}); later ones are only counted"
            + " in [TABLESTORE], Errors.{}", counted, action, table, message, requestId, counted);
      }
    }
    return StatusMapping.forCode(counted, httpStatus);
  }
}
