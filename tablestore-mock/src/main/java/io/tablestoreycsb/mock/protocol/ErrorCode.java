package io.tablestoreycsb.mock.protocol;

/**
 * The service's error codes, each with the HTTP status the service answers it with.
 *
 * <p>The code string is what SDKs match on (e.g. the Java SDK's retry strategy), so it must be
 * spelled exactly as the service spells it.
 */
public enum ErrorCode {
  PARAMETER_INVALID("OTSParameterInvalid", 400),
  /** A primary key whose column count, names or types differ from the table's schema. */
  INVALID_PK("OTSInvalidPK", 400),
  OUT_OF_COLUMN_COUNT_LIMIT("OTSOutOfColumnCountLimit", 400),
  OUT_OF_ROW_SIZE_LIMIT("OTSOutOfRowSizeLimit", 400),
  AUTH_FAILED("OTSAuthFailed", 403),
  CONDITION_CHECK_FAIL("OTSConditionCheckFail", 403),
  QUOTA_EXHAUSTED("OTSQuotaExhausted", 403),
  CAPACITY_UNIT_EXHAUSTED("OTSCapacityUnitExhausted", 403),
  NOT_ENOUGH_CAPACITY_UNIT("OTSNotEnoughCapacityUnit", 403),
  OBJECT_NOT_EXIST("OTSObjectNotExist", 404),
  TABLE_NOT_READY("OTSTableNotReady", 404),
  UNSUPPORTED_OPERATION("OTSUnsupportOperation", 400),
  METHOD_NOT_ALLOWED("OTSMethodNotAllowed", 405),
  OBJECT_ALREADY_EXIST("OTSObjectAlreadyExist", 409),
  ROW_OPERATION_CONFLICT("OTSRowOperationConflict", 409),
  REQUEST_BODY_TOO_LARGE("OTSRequestBodyTooLarge", 413),
  INTERNAL_SERVER_ERROR("OTSInternalServerError", 500),
  SERVER_BUSY("OTSServerBusy", 503),
  PARTITION_UNAVAILABLE("OTSPartitionUnavailable", 503),
  SERVER_UNAVAILABLE("OTSServerUnavailable", 503),
  TIMEOUT("OTSTimeout", 503),
  // Tunnel Service
  TUNNEL_EXIST("OTSTunnelExist", 409),
  TUNNEL_EXPIRED("OTSTunnelExpired", 400),
  SEQUENCE_NUMBER_NOT_MATCH("OTSSequenceNumberNotMatch", 400),
  RESOURCE_GONE("OTSResourceGone", 410),
  // Stream API: a shard iterator naming records no longer kept.
  TRIMMED_DATA_ACCESS("OTSTrimmedDataAccess", 400),
  // Local transactions: a key outside the transaction's partition key; a transaction id no longer open.
  DATA_OUT_OF_RANGE("OTSDataOutOfRange", 400),
  SESSION_NOT_EXIST("OTSSessionNotExist", 404);

  private final String code;
  private final int httpStatus;

  ErrorCode(String code, int httpStatus) {
    this.code = code;
    this.httpStatus = httpStatus;
  }

  /** The code as it appears on the wire, e.g. {@code OTSServerBusy}. */
  public String code() {
    return code;
  }

  public int httpStatus() {
    return httpStatus;
  }

  /** Looks a code up by its wire spelling; {@code null} when unknown. */
  public static ErrorCode fromCode(String code) {
    for (ErrorCode c : values()) {
      if (c.code.equals(code)) {
        return c;
      }
    }
    return null;
  }
}
