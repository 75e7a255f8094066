package io.tablestoreycsb.mock.admin;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablestoreycsb.mock.faults.FaultPlan;
import java.io.IOException;
import java.util.Map;
import java.util.List;

/**
 * {@code /_mock/capacity}: the partition capacity, rows per second per partition (0 = unlimited).
 * {@code GET} it; {@code POST} a number, as {@code --partition-capacity} takes it (plain, or JSON
 * {@code {"rowsPerSecond": N}}); {@code DELETE} makes it unlimited. Every change starts every
 * partition afresh.
 */
final class CapacityRoute implements AdminRoute {
  private final FaultPlan plan;

  CapacityRoute(FaultPlan plan) {
    this.plan = plan;
  }

  @Override
  public String path() {
    return "/_mock/capacity";
  }

  @Override
  public List<String> methods() {
    return List.of("GET", "POST", "DELETE");
  }

  @Override
  public AdminReply handle(AdminRequest request) {
    switch (request.method()) {
      case "POST" -> plan.setPartitionCapacity(rowsPerSecond(request));
      case "DELETE" -> plan.setPartitionCapacity(0);
      default -> { }
    }
    return AdminReply.ok(Map.of("rowsPerSecond", plan.partitionCapacity()));
  }

  private static double rowsPerSecond(AdminRequest request) {
    String text = request.bodyText();
    if (text.startsWith("{")) {
      try {
        JsonNode value = AdminRouter.mapper().readTree(text).get("rowsPerSecond");
        text = value == null ? "" : value.asText();
      } catch (IOException e) {
        throw AdminException.badRequest("the body of POST /_mock/capacity is not valid JSON: " + e.getMessage());
      }
    }
    double rows;
    try {
      rows = Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw AdminException.badRequest("POST /_mock/capacity takes rows per second per partition, a number >= 0"
          + " (0 = unlimited), e.g. 20000; got '" + text + "'");
    }
    if (!(rows >= 0) || Double.isInfinite(rows)) {
      throw AdminException.badRequest("partition capacity must be a number of rows per second >= 0"
          + " (0 = unlimited), got " + text);
    }
    return rows;
  }
}
