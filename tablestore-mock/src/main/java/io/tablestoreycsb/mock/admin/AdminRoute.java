package io.tablestoreycsb.mock.admin;

import java.util.List;

/**
 * One route of the admin API ({@code /_mock/...}): a path, the methods it answers, and what it does.
 * A route is one small class, listed once in {@link AdminRoutes#standard}; the {@link AdminRouter}
 * finds it by path, checks the method and the caller's credentials, and writes its reply as JSON.
 *
 * <p>A route that {@link #takesId() takes an id} also serves {@code PATH/{id}} (e.g.
 * {@code DELETE /_mock/faults/3}); the id is {@link AdminRequest#id()}.
 */
public interface AdminRoute {
  /** The path it serves, under {@link AdminRouter#PREFIX}, e.g. {@code /_mock/faults}. */
  String path();

  /** The HTTP methods it answers, upper case, e.g. {@code GET}, {@code POST}, {@code DELETE}. */
  List<String> methods();

  /** Whether it also serves {@code PATH/{id}}. */
  default boolean takesId() {
    return false;
  }

  /**
   * Answers one request; a request it cannot serve is an {@link AdminException} (its status and
   * message go to the client as the JSON error).
   */
  AdminReply handle(AdminRequest request);
}
