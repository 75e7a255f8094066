package io.tablestoreycsb.mock.protocol;

/**
 * A service error as the endpoint answers it: an {@link ErrorCode} (which fixes the HTTP status)
 * and the message sent in the protobuf {@code Error} body. Thrown anywhere below the transport;
 * the transport turns it into the error response. Carries no stack trace: it is control flow.
 */
public final class OtsException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final ErrorCode errorCode;
  private final boolean injected;

  public OtsException(ErrorCode errorCode, String message) {
    this(errorCode, message, false);
  }

  private OtsException(ErrorCode errorCode, String message, boolean injected) {
    super(message, null, false, false);
    this.errorCode = errorCode;
    this.injected = injected;
  }

  /** An error the fault plan made up (not one the request earned), so the request journal can tell them apart. */
  public static OtsException injected(ErrorCode errorCode, String message) {
    return new OtsException(errorCode, message, true);
  }

  public ErrorCode errorCode() {
    return errorCode;
  }

  /** True when the fault plan injected this error. */
  public boolean isInjected() {
    return injected;
  }

  public static OtsException parameterInvalid(String message) {
    return new OtsException(ErrorCode.PARAMETER_INVALID, message);
  }

  @Override
  public String toString() {
    return errorCode.code() + ": " + getMessage();
  }
}
