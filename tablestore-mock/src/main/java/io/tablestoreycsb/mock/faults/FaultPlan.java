package io.tablestoreycsb.mock.faults;

import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.OtsException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;

/**
 * The mock's live fault, latency and partition-capacity settings; what the request pipeline
 * consults on every request (see {@link Injection}).
 *
 * <p>Rules change at run time ({@link #addFault}, {@link #addLatency},
 * {@link #setPartitionCapacity}, {@link #clear}); requests see each change as a whole. The hot
 * path takes no lock: it reads an immutable snapshot through a volatile field and draws from
 * {@link ThreadLocalRandom}. Writers serialise on this object and publish a new snapshot.
 *
 * <p>Fault rules ({@link FaultRule}): {@code ACTION[.row]=CODE@RATE[:MESSAGE]}. Adding a rule
 * for the same action, scope and code replaces its rate (so {@code @0} switches it off). The
 * rules that apply to a request (its action's and the {@code *} ones) are exclusive outcomes:
 * their rates add up, and the sum must not exceed 1.
 *
 * <p>Latency rules ({@link LatencyRule}): {@code ACTION=TERM[+TERM...]}. One rule per action;
 * adding one replaces the previous. An action's own rule takes precedence over the {@code *}
 * rule.
 *
 * <p>Partition capacity ({@link PartitionCapacity}): rows per second per partition, 0 for
 * unlimited. Changing it starts every partition afresh.
 */
public final class FaultPlan implements Injection {

  /** An immutable view of every rule; replaced as a whole on each change. */
  private record Snapshot(
      List<FaultRule> faults,
      Map<String, FaultRule[]> requestFaults,
      Map<String, FaultRule[]> rowFaults,
      Map<String, LatencyRule> latencies,
      PartitionCapacity capacity) {

    static final Snapshot EMPTY = new Snapshot(List.of(), Map.of(), Map.of(), Map.of(), null);

    boolean isEmpty() {
      return faults.isEmpty() && latencies.isEmpty() && capacity == null;
    }
  }

  private static final FaultRule[] NO_RULES = new FaultRule[0];

  private final LongSupplier clock;
  private final Supplier<RandomGenerator> random;
  private final LongAdder injectedFaults = new LongAdder();
  private volatile Snapshot snapshot = Snapshot.EMPTY;

  /** An empty plan: no faults, no latency, unlimited capacity. */
  public FaultPlan() {
    this(System::nanoTime, ThreadLocalRandom::current);
  }

  /**
   * A plan on a given clock and random source, for deterministic tests.
   *
   * @param clock a monotonic nanosecond clock
   * @param random the random source of the calling thread (must be safe for it to use)
   */
  FaultPlan(LongSupplier clock, Supplier<RandomGenerator> random) {
    this.clock = clock;
    this.random = random;
  }

  /** A new, empty plan (which may be given rules later). */
  public static FaultPlan none() {
    return new FaultPlan();
  }

  /**
   * Adds (or re-rates) a fault rule, e.g. {@code PutRow=OTSServerBusy@0.05}.
   *
   * @throws IllegalArgumentException naming the wrong part of the spec
   */
  public FaultPlan addFault(String spec) {
    FaultRule rule = FaultRule.parse(spec);
    synchronized (this) {
      List<FaultRule> rules = new ArrayList<>(snapshot.faults());
      rules.removeIf(rule::sameTarget);
      rules.add(rule);
      checkTotalRates(rules, rule, spec);
      Snapshot s = snapshot;
      snapshot = new Snapshot(List.copyOf(rules), index(rules, false), index(rules, true),
          s.latencies(), s.capacity());
    }
    return this;
  }

  /**
   * Adds a latency rule, replacing any rule for the same action, e.g. {@code GetRow=2ms}.
   *
   * @throws IllegalArgumentException naming the wrong part of the spec
   */
  public FaultPlan addLatency(String spec) {
    LatencyRule rule = LatencyRule.parse(spec);
    synchronized (this) {
      Snapshot s = snapshot;
      Map<String, LatencyRule> latencies = new LinkedHashMap<>(s.latencies());
      latencies.remove(rule.action());
      latencies.put(rule.action(), rule);
      snapshot = new Snapshot(s.faults(), s.requestFaults(), s.rowFaults(),
          Collections.unmodifiableMap(latencies), s.capacity());
    }
    return this;
  }

  /**
   * Limits every partition of every table to {@code rowsPerSecond} rows per second (reads and
   * writes alike); 0 removes the limit. A small burst ({@link
   * PartitionCapacity#DEFAULT_BURST_NANOS} of service) is let through at once.
   *
   * @throws IllegalArgumentException when negative, infinite or not a number
   */
  public FaultPlan setPartitionCapacity(double rowsPerSecond) {
    if (!(rowsPerSecond >= 0) || Double.isInfinite(rowsPerSecond)) {
      throw new IllegalArgumentException("partition capacity must be a number of rows per second"
          + " >= 0 (0 = unlimited), got " + rowsPerSecond);
    }
    PartitionCapacity capacity = rowsPerSecond == 0 ? null
        : new PartitionCapacity(rowsPerSecond, PartitionCapacity.DEFAULT_BURST_NANOS, clock);
    synchronized (this) {
      Snapshot s = snapshot;
      snapshot = new Snapshot(s.faults(), s.requestFaults(), s.rowFaults(), s.latencies(),
          capacity);
    }
    return this;
  }

  /** Removes every fault and latency rule and the capacity limit. */
  public synchronized FaultPlan clear() {
    snapshot = Snapshot.EMPTY;
    return this;
  }

  /**
   * Makes this plan's rules those of {@code other} (faults, latency, capacity), in one step;
   * every partition starts afresh. Used to undo run-time changes, e.g. after a test.
   */
  public FaultPlan restore(FaultPlan other) {
    Snapshot source = other.snapshot;
    PartitionCapacity capacity = source.capacity() == null ? null
        : new PartitionCapacity(source.capacity().rowsPerSecond(), source.capacity().burstNanos(),
            clock);
    synchronized (this) {
      snapshot = new Snapshot(source.faults(), source.requestFaults(), source.rowFaults(),
          source.latencies(), capacity);
    }
    return this;
  }

  /** A new plan with this plan's rules (and fresh partitions), e.g. to restore later. */
  public FaultPlan copy() {
    return new FaultPlan(clock, random).restore(this);
  }

  /** The active fault rules, in the order they were first added. */
  public List<FaultRule> faults() {
    return snapshot.faults();
  }

  /** The active latency rules. */
  public List<LatencyRule> latencies() {
    return List.copyOf(snapshot.latencies().values());
  }

  /** Rows per second per partition; 0 when unlimited. */
  public double partitionCapacity() {
    PartitionCapacity capacity = snapshot.capacity();
    return capacity == null ? 0 : capacity.rowsPerSecond();
  }

  /** How many request and row faults this plan has injected since it was made. */
  public long injectedFaults() {
    return injectedFaults.sum();
  }

  @Override
  public OtsException requestFault(ActionName action) {
    return draw(snapshot.requestFaults(), action.wireName());
  }

  @Override
  public OtsException rowFault(ActionName action) {
    return draw(snapshot.rowFaults(), action.wireName());
  }

  private OtsException draw(Map<String, FaultRule[]> rules, String action) {
    if (rules.isEmpty()) {
      return null;
    }
    FaultRule[] applicable = rules.get(action);
    if (applicable == null) {
      applicable = rules.get(Actions.ANY);
      if (applicable == null) {
        return null;
      }
    }
    // One draw picks at most one outcome: rates of the applicable rules are stacked intervals.
    double u = random.get().nextDouble();
    double upper = 0;
    for (FaultRule rule : applicable) {
      upper += rule.rate();
      if (u < upper) {
        injectedFaults.increment();
        return rule.newException();
      }
    }
    return null;
  }

  @Override
  public long addedLatencyNanos(ActionName action) {
    Map<String, LatencyRule> latencies = snapshot.latencies();
    if (latencies.isEmpty()) {
      return 0;
    }
    LatencyRule rule = latencies.get(action.wireName());
    if (rule == null) {
      rule = latencies.get(Actions.ANY);
      if (rule == null) {
        return 0;
      }
    }
    return rule.sampleNanos(random.get());
  }

  @Override
  public long reserveCapacityNanos(String table, int partition, int rows) {
    PartitionCapacity capacity = snapshot.capacity();
    return capacity == null ? 0 : capacity.reserve(table, partition, rows);
  }

  /**
   * Per action (and one entry for {@code *}), the rules that apply: the action's own, then the
   * wildcard ones. Actions without their own rules fall back to the {@code *} entry.
   */
  private static Map<String, FaultRule[]> index(List<FaultRule> rules, boolean perRow) {
    List<FaultRule> scoped = rules.stream().filter(r -> r.perRow() == perRow)
        .collect(Collectors.toList());
    if (scoped.isEmpty()) {
      return Map.of();
    }
    List<FaultRule> wildcard = scoped.stream().filter(r -> r.action().equals(Actions.ANY))
        .collect(Collectors.toList());
    Map<String, FaultRule[]> byAction = new HashMap<>();
    for (String action : Actions.ALL) {
      List<FaultRule> own = new ArrayList<>();
      scoped.stream().filter(r -> r.action().equals(action)).forEach(own::add);
      if (!own.isEmpty()) {
        own.addAll(wildcard);
        byAction.put(action, own.toArray(NO_RULES));
      }
    }
    if (!wildcard.isEmpty()) {
      byAction.put(Actions.ANY, wildcard.toArray(NO_RULES));
    }
    return Map.copyOf(byAction);
  }

  private static void checkTotalRates(List<FaultRule> rules, FaultRule added, String spec) {
    for (String action : Actions.ALL) {
      double total = 0;
      for (FaultRule r : rules) {
        if (r.perRow() == added.perRow()
            && (r.action().equals(action) || r.action().equals(Actions.ANY))) {
          total += r.rate();
        }
      }
      if (total > 1 + 1e-9) {
        throw new IllegalArgumentException("adding '" + spec + "' makes the fault rates for "
            + action + (added.perRow() ? " rows" : "") + " add up to " + Rates.format(total)
            + "; the rates of rules for one action (including '*' rules) must add up to at most 1");
      }
    }
  }

  /** The active rules, one per line, in spec syntax; "no faults, no latency, ..." when empty. */
  public String describe() {
    Snapshot s = snapshot;
    if (s.isEmpty()) {
      return "no faults, no added latency, unlimited partition capacity";
    }
    StringBuilder out = new StringBuilder();
    out.append("faults: ").append(s.faults().isEmpty() ? "none"
        : s.faults().stream().map(FaultRule::toString).collect(Collectors.joining(", ")));
    out.append("\nlatency: ").append(s.latencies().isEmpty() ? "none"
        : s.latencies().values().stream().map(LatencyRule::toString)
            .collect(Collectors.joining(", ")));
    out.append("\npartition capacity: ")
        .append(s.capacity() == null ? "unlimited" : s.capacity().toString());
    return out.toString();
  }

  @Override
  public String toString() {
    return "FaultPlan{" + describe().replace("\n", "; ") + "}";
  }
}
