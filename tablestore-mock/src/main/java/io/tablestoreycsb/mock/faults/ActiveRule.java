package io.tablestoreycsb.mock.faults;

import java.util.concurrent.atomic.LongAdder;

/**
 * A rule as a {@link FaultPlan} holds it: the id the plan gave it when it was added (unique in that
 * plan, never reused, so a client can remove exactly the rule it added) and how often it fired
 * since (a fault rule: requests or rows it failed; a latency rule: requests it delayed).
 *
 * @param <R> {@link FaultRule} or {@link LatencyRule}
 */
public final class ActiveRule<R> {
  private final long id;
  private final R rule;
  private final LongAdder fired = new LongAdder();

  ActiveRule(long id, R rule) {
    this.id = id;
    this.rule = rule;
  }

  public long id() {
    return id;
  }

  public R rule() {
    return rule;
  }

  /** How often the rule fired since it was added. */
  public long fired() {
    return fired.sum();
  }

  void fire() {
    fired.increment();
  }

  @Override
  public String toString() {
    return "#" + id + " " + rule + " (fired " + fired() + ")";
  }
}
