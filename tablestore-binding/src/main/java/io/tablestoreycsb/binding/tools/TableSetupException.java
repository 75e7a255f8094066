package io.tablestoreycsb.binding.tools;

/**
 * The service refused or failed a {@link TableSetup} call, or could not be reached. The message
 * says what happened and what to do; {@link #errorCode()} is the service's error code, if any.
 */
public final class TableSetupException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Error code of a missing table (DescribeTable, GetRange, DeleteTable). */
  public static final String TABLE_NOT_FOUND = "OTSObjectNotExist";
  /** Error code of CreateTable for a table that already exists. */
  public static final String TABLE_EXISTS = "OTSObjectAlreadyExist";

  private final String errorCode;

  TableSetupException(String message, String errorCode, Throwable cause) {
    super(message, cause);
    this.errorCode = errorCode;
  }

  /** The service's error code (e.g. {@code OTSObjectNotExist}), or null when there was no answer. */
  public String errorCode() {
    return errorCode;
  }

  /** Whether the service refused the access key or its permissions (a configuration problem). */
  public boolean credentialsRefused() {
    return "OTSAuthFailed".equals(errorCode) || "OTSNoPermissionAccess".equals(errorCode);
  }

  /** Whether the table does not exist. */
  public boolean tableNotFound() {
    return TABLE_NOT_FOUND.equals(errorCode);
  }
}
