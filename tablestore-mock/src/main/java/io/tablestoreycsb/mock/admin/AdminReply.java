package io.tablestoreycsb.mock.admin;

/**
 * What an {@link AdminRoute} answers: a status and a value the router writes as JSON (a map, a
 * list, a record, a string, a number), or bytes it writes as they are ({@link #binary}).
 */
public record AdminReply(int status, Object json) {

  /** Bytes the router writes as they are, as {@code application/octet-stream} (a snapshot file). */
  public record Binary(byte[] bytes) {}

  /** 200 with {@code bytes} as the body, not JSON. */
  public static AdminReply binary(byte[] bytes) {
    return new AdminReply(200, new Binary(bytes));
  }

  /** 200 with {@code json}. */
  public static AdminReply ok(Object json) {
    return new AdminReply(200, json);
  }

  /** 201 with {@code json}: something was added. */
  public static AdminReply created(Object json) {
    return new AdminReply(201, json);
  }
}
