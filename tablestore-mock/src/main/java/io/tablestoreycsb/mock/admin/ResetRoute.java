package io.tablestoreycsb.mock.admin;

import java.util.List;

/**
 * {@code POST /_mock/reset}: drops every table (with its rows, indexes and stream), every tunnel
 * and every open local transaction, and answers what it dropped. Fault rules and the journal stay
 * ({@code DELETE /_mock/faults}, {@code DELETE /_mock/journal}).
 */
final class ResetRoute implements AdminRoute {
  private final AdminContext mock;

  ResetRoute(AdminContext mock) {
    this.mock = mock;
  }

  @Override
  public String path() {
    return "/_mock/reset";
  }

  @Override
  public List<String> methods() {
    return List.of("POST");
  }

  @Override
  public AdminReply handle(AdminRequest request) {
    return AdminReply.ok(StateReset.reset(mock));
  }
}
