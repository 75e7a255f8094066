package io.tablestoreycsb.binding.client;

import java.util.Set;
import site.ycsb.Status;

/**
 * Maps Tablestore error codes to YCSB statuses, so a run's {@code Return=} lines tell throttling
 * apart from unavailability, bad requests and everything else.
 */
public final class StatusMapping {
  /** The service refused the request for lack of capacity: back off and try again. */
  public static final Status THROTTLED =
      new Status("THROTTLED", "Tablestore throttled the request (capacity or server busy).");

  /** Error code under which failures without a service code (network, timeouts, SDK) are counted. */
  public static final String CLIENT_EXCEPTION = "ClientException";

  private static final Set<String> THROTTLING = Set.of(
      "OTSServerBusy", "OTSNotEnoughCapacityUnit", "OTSCapacityUnitExhausted", "OTSQuotaExhausted",
      "OTSTooFrequentReservedThroughputAdjustment");
  private static final Set<String> UNAVAILABLE = Set.of(
      "OTSPartitionUnavailable", "OTSServerUnavailable", "OTSTableNotReady", "OTSTimeout",
      "OTSInternalServerError", "OTSRowOperationConflict", "OTSRequestTimeout");
  private static final Set<String> BAD_REQUEST = Set.of(
      "OTSParameterInvalid", "OTSInvalidPK", "OTSOutOfColumnCountLimit", "OTSOutOfRowSizeLimit",
      "OTSRequestBodyTooLarge", "OTSMethodNotAllowed", "OTSUnsupportOperation");
  private static final Set<String> FORBIDDEN = Set.of(
      "OTSAuthFailed", "OTSNoPermissionAccess", "OTSAccessDenied");
  /** Worth retrying a write row that failed inside a batch: transient by nature. */
  private static final Set<String> RETRIABLE_ROW = Set.of(
      "OTSServerBusy", "OTSNotEnoughCapacityUnit", "OTSCapacityUnitExhausted", "OTSQuotaExhausted",
      "OTSPartitionUnavailable", "OTSServerUnavailable", "OTSTableNotReady", "OTSTimeout",
      "OTSInternalServerError", "OTSRowOperationConflict", "OTSRequestTimeout");

  private StatusMapping() {
  }

  /**
   * The status for an error code; {@code httpStatus} (0 when unknown) classifies codes this
   * table does not list.
   */
  public static Status forCode(String code, int httpStatus) {
    if (code == null || code.equals(CLIENT_EXCEPTION)) {
      return Status.ERROR;
    }
    if (THROTTLING.contains(code)) {
      return THROTTLED;
    }
    if (UNAVAILABLE.contains(code)) {
      return Status.SERVICE_UNAVAILABLE;
    }
    if (BAD_REQUEST.contains(code)) {
      return Status.BAD_REQUEST;
    }
    if (FORBIDDEN.contains(code)) {
      return Status.FORBIDDEN;
    }
    if (code.equals("OTSConditionCheckFail")) {
      return Status.UNEXPECTED_STATE;
    }
    if (httpStatus >= 500) {
      return Status.SERVICE_UNAVAILABLE;
    }
    // OTSObjectNotExist (missing table) and anything unknown.
    return Status.ERROR;
  }

  /**
   * Whether a row of a batch write that failed with {@code code} may be sent again. Our batch
   * rows are full-row puts, so repeating one is harmless.
   */
  public static boolean isRetriableRowError(String code) {
    return code != null && RETRIABLE_ROW.contains(code);
  }
}
