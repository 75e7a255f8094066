package io.tablestoreycsb.mock.admin;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.List;

/**
 * {@code GET /_mock/health}: the mock answers, with its instance, how many tables it holds and
 * whether its journal records (for a test's start-up wait and a container's health check).
 */
final class HealthRoute implements AdminRoute {
  private final AdminContext mock;

  HealthRoute(AdminContext mock) {
    this.mock = mock;
  }

  @Override
  public String path() {
    return "/_mock/health";
  }

  @Override
  public List<String> methods() {
    return List.of("GET");
  }

  @Override
  public AdminReply handle(AdminRequest request) {
    Map<String, Object> health = new LinkedHashMap<>();
    health.put("status", "ok");
    health.put("instance", mock.instanceName());
    health.put("tables", mock.catalog().names().size());
    health.put("journal", mock.journal().isOn());
    return AdminReply.ok(health);
  }
}
