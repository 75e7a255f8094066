package io.tablestoreycsb.mock.admin;

import io.tablestoreycsb.mock.faults.ActiveRule;
import io.tablestoreycsb.mock.faults.FaultPlan;
import io.tablestoreycsb.mock.faults.FaultRule;
import io.tablestoreycsb.mock.faults.LatencyRule;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.LongPredicate;
import java.util.function.Supplier;

/**
 * A route over one kind of the fault plan's rules ({@code /_mock/faults}, {@code /_mock/latency}):
 * {@code GET} the rules with their ids and how often each fired; {@code POST} one rule in the launcher's
 * syntax for it (it applies from the next request); {@code DELETE} them all, or {@code DELETE
 * .../{id}} one; {@code GET .../{id}} one.
 *
 * @param <R> the rule
 */
final class RulesRoute<R> implements AdminRoute {
  /**
   * One kind of rule as the route serves it, and the fault plan's calls for it.
   *
   * @param path the route's path
   * @param listName the JSON key of the rule list
   * @param noun what one rule is called in errors ("fault rule")
   * @param example a rule in the launcher's syntax, for the error about an empty body
   * @param parse the launcher's syntax to a rule (IllegalArgumentException: a bad spec)
   * @param json a rule as the API shows it
   */
  record Kind<R>(String path, String listName, String noun, String example, Function<String, R> parse,
      Function<ActiveRule<R>, Object> json, Supplier<List<ActiveRule<R>>> active, Function<R, ActiveRule<R>> activate,
      LongPredicate remove, Runnable clear) {}

  /** One fault rule as the API shows it. */
  record FaultJson(long id, String spec, String action, boolean perRow, String errorCode, double rate, String message,
      long fired) {
    static FaultJson of(ActiveRule<FaultRule> active) {
      FaultRule rule = active.rule();
      return new FaultJson(active.id(), rule.toString(), rule.everyAction() ? "*" : rule.action().wireName(),
          rule.perRow(), rule.errorCode().code(), rule.rate(), rule.message(), active.fired());
    }
  }

  /** One latency rule as the API shows it: {@code fired} counts the requests it delayed. */
  record LatencyJson(long id, String spec, String action, long fired) {
    static LatencyJson of(ActiveRule<LatencyRule> active) {
      LatencyRule rule = active.rule();
      return new LatencyJson(active.id(), rule.toString(), rule.everyAction() ? "*" : rule.action().wireName(),
          active.fired());
    }
  }

  /** {@code /_mock/faults}, in the {@code --fault} syntax. */
  static RulesRoute<FaultRule> faults(FaultPlan plan) {
    return new RulesRoute<>(new Kind<>("/_mock/faults", "faults", "fault rule", "PutRow=OTSServerBusy@1.0",
        FaultRule::parse, FaultJson::of, plan::activeFaults, plan::activateFault, plan::removeFault, plan::clearFaults));
  }

  /** {@code /_mock/latency}, in the {@code --latency} syntax. */
  static RulesRoute<LatencyRule> latency(FaultPlan plan) {
    return new RulesRoute<>(new Kind<>("/_mock/latency", "latency", "latency rule", "GetRow=uniform(1ms,5ms)",
        LatencyRule::parse, LatencyJson::of, plan::activeLatencies, plan::activateLatency, plan::removeLatency,
        plan::clearLatencies));
  }

  private final Kind<R> kind;

  private RulesRoute(Kind<R> kind) {
    this.kind = kind;
  }

  @Override
  public String path() {
    return kind.path();
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
      ActiveRule<R> rule = kind.active().get().stream().filter(r -> r.id() == id).findFirst()
          .orElseThrow(() -> new AdminException(404, "no " + kind.noun() + " with id " + id + " (GET " + path()
              + " lists them)"));
      if (request.method().equals("GET")) {
        return AdminReply.ok(kind.json().apply(rule));
      }
      kind.remove().test(id);
      return AdminReply.ok(Map.of("removed", List.of(kind.json().apply(rule))));
    }
    return switch (request.method()) {
      case "GET" -> AdminReply.ok(Map.of(kind.listName(), kind.active().get().stream().map(kind.json()).toList()));
      case "POST" -> {
        try {
          R rule = kind.parse().apply(RuleBody.spec(request, kind.example()));
          yield AdminReply.created(kind.json().apply(kind.activate().apply(rule)));
        } catch (IllegalArgumentException e) { // a bad spec, or fault rates for one action adding up beyond 1
          throw AdminException.badRequest(e.getMessage());
        }
      }
      default -> {
        List<Object> removed = kind.active().get().stream().map(kind.json()).toList();
        kind.clear().run();
        yield AdminReply.ok(Map.of("removed", removed));
      }
    };
  }
}
