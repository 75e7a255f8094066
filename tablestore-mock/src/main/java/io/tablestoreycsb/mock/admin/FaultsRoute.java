package io.tablestoreycsb.mock.admin;

import io.tablestoreycsb.mock.faults.ActiveRule;
import io.tablestoreycsb.mock.faults.FaultPlan;
import io.tablestoreycsb.mock.faults.FaultRule;
import java.util.List;
import java.util.Map;

/**
 * {@code /_mock/faults}: {@code GET} the fault rules with their ids and how often each fired;
 * {@code POST} one rule in the {@code --fault} syntax (it applies from the next request);
 * {@code DELETE} them all, or {@code DELETE /_mock/faults/{id}} one.
 */
final class FaultsRoute implements AdminRoute {
  private static final String EXAMPLE = "PutRow=OTSServerBusy@1.0";

  /** One rule as the API shows it. */
  record FaultJson(long id, String spec, String action, boolean perRow, String errorCode, double rate, String message,
      long fired) {
    static FaultJson of(ActiveRule<FaultRule> active) {
      FaultRule rule = active.rule();
      return new FaultJson(active.id(), rule.toString(), rule.everyAction() ? "*" : rule.action().wireName(),
          rule.perRow(), rule.errorCode().code(), rule.rate(), rule.message(), active.fired());
    }
  }

  private final FaultPlan plan;

  FaultsRoute(FaultPlan plan) {
    this.plan = plan;
  }

  @Override
  public String path() {
    return "/_mock/faults";
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
      ActiveRule<FaultRule> rule = plan.activeFaults().stream().filter(r -> r.id() == id).findFirst()
          .orElseThrow(() -> new AdminException(404, "no fault rule with id " + id + " (GET " + path()
              + " lists them)"));
      if (request.method().equals("GET")) {
        return AdminReply.ok(FaultJson.of(rule));
      }
      plan.removeFault(id);
      return AdminReply.ok(Map.of("removed", List.of(FaultJson.of(rule))));
    }
    return switch (request.method()) {
      case "GET" -> AdminReply.ok(Map.of("faults", plan.activeFaults().stream().map(FaultJson::of).toList()));
      case "POST" -> {
        try {
          FaultRule rule = FaultRule.parse(RuleBody.spec(request, EXAMPLE));
          yield AdminReply.created(FaultJson.of(plan.activateFault(rule)));
        } catch (IllegalArgumentException e) { // a bad spec, or rates for one action adding up beyond 1
          throw AdminException.badRequest(e.getMessage());
        }
      }
      default -> {
        List<FaultJson> removed = plan.activeFaults().stream().map(FaultJson::of).toList();
        plan.clearFaults();
        yield AdminReply.ok(Map.of("removed", removed));
      }
    };
  }
}
