package io.tablestoreycsb.mock.admin;

/** An admin request that cannot be served: its HTTP status and a message saying what is wrong. */
public class AdminException extends RuntimeException {
  private final int status;

  public AdminException(int status, String message) {
    super(message);
    this.status = status;
  }

  public int status() {
    return status;
  }

  /** 400: the request is wrong (a bad rule, a bad parameter). */
  public static AdminException badRequest(String message) {
    return new AdminException(400, message);
  }
}
