package io.tablestoreycsb.mock.protocol;

/**
 * A service error as the endpoint answers it: an {@link ErrorCode} (which fixes the HTTP status)
 * and the message sent in the protobuf {@code Error} body. Thrown anywhere below the transport;
 * the transport turns it into the error response. Carries no stack trace: it is control flow.
 */
public final class OtsException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final ErrorCode errorCode;

  public OtsException(ErrorCode errorCode, String message) {
    super(message, null, false, false);
    this.errorCode = errorCode;
  }

  public ErrorCode errorCode() {
    return errorCode;
  }

  public static OtsException parameterInvalid(String message) {
    return new OtsException(ErrorCode.PARAMETER_INVALID, message);
  }

  @Override
  public String toString() {
    return errorCode.code() + ": " + getMessage();
  }
}
