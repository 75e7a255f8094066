package io.tablestoreycsb.mock.admin;

/**
 * What an {@link AdminRoute} answers: a status and a value the router writes as JSON (a map, a
 * list, a record, a string, a number).
 */
public record AdminReply(int status, Object json) {

  /** 200 with {@code json}. */
  public static AdminReply ok(Object json) {
    return new AdminReply(200, json);
  }

  /** 201 with {@code json}: something was added. */
  public static AdminReply created(Object json) {
    return new AdminReply(201, json);
  }
}
