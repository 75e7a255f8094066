package io.tablestoreycsb.mock.admin;

import io.tablestoreycsb.mock.faults.ActiveRule;
import io.tablestoreycsb.mock.faults.FaultPlan;
import io.tablestoreycsb.mock.faults.LatencyRule;
import java.util.List;
import java.util.Map;

/**
 * {@code /_mock/latency}: {@code GET} the latency rules with their ids and how many requests each
 * delayed; {@code POST} one rule in the {@code --latency} syntax; {@code DELETE} them all, or
 * {@code DELETE /_mock/latency/{id}} one.
 */
final class LatencyRoute implements AdminRoute {
  private static final String EXAMPLE = "GetRow=uniform(1ms,5ms)";

  /** One rule as the API shows it. */
  record LatencyJson(long id, String spec, String action, long fired) {
    static LatencyJson of(ActiveRule<LatencyRule> active) {
      LatencyRule rule = active.rule();
      return new LatencyJson(active.id(), rule.toString(), rule.everyAction() ? "*" : rule.action().wireName(),
          active.fired());
    }
  }

  private final FaultPlan plan;

  LatencyRoute(FaultPlan plan) {
    this.plan = plan;
  }

  @Override
  public String path() {
    return "/_mock/latency";
  }

  @Override
  public List<String> methods() {
    return List.of("GET", "POST", "DELETE");
  }

  @Override
  public boolean takesId() {
    return true;
  }

  @Override
  public AdminReply handle(AdminRequest request) {
    if (request.id() != null) {
      if (!request.method().equals("DELETE") && !request.method().equals("GET")) {
        throw new AdminException(405, request.method() + " is not allowed on " + request.path()
            + "/{id}; it answers GET, DELETE");
      }
      long id = request.numericId();
      ActiveRule<LatencyRule> rule = plan.activeLatencies().stream().filter(r -> r.id() == id).findFirst()
          .orElseThrow(() -> new AdminException(404, "no latency rule with id " + id + " (GET " + path()
              + " lists them)"));
      if (request.method().equals("GET")) {
        return AdminReply.ok(LatencyJson.of(rule));
      }
      plan.removeLatency(id);
      return AdminReply.ok(Map.of("removed", List.of(LatencyJson.of(rule))));
    }
    return switch (request.method()) {
      case "GET" -> AdminReply.ok(Map.of("latency", plan.activeLatencies().stream().map(LatencyJson::of).toList()));
      case "POST" -> {
        try {
          LatencyRule rule = LatencyRule.parse(RuleBody.spec(request, EXAMPLE));
          yield AdminReply.created(LatencyJson.of(plan.activateLatency(rule)));
        } catch (IllegalArgumentException e) {
          throw AdminException.badRequest(e.getMessage());
        }
      }
      default -> {
        List<LatencyJson> removed = plan.activeLatencies().stream().map(LatencyJson::of).toList();
        plan.clearLatencies();
        yield AdminReply.ok(Map.of("removed", removed));
      }
    };
  }
}
