package io.tablestoreycsb.mock.compat;

/** A TableStoreException of any SDK generation, carried across class loaders in JDK types. */
public final class ServiceError extends RuntimeException {
  private final String code;
  private final int httpStatus;
  private final String requestId;

  public ServiceError(String code, int httpStatus, String requestId, String message) {
    super(code + " (HTTP " + httpStatus + ", request " + requestId + "): " + message);
    this.code = code;
    this.httpStatus = httpStatus;
    this.requestId = requestId;
  }

  public String code() {
    return code;
  }

  public int httpStatus() {
    return httpStatus;
  }

  public String requestId() {
    return requestId;
  }
}
