package io.tablestoreycsb.mock.faults;

import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.OtsException;
import java.util.ArrayList;
import java.util.List;
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
 * path takes no lock: it reads an immutable snapshot through a volatile field, indexes it by the
 * action's ordinal and draws from {@link ThreadLocalRandom}. Writers serialise on this object and
 * publish a new snapshot.
 *
 * <p>Fault rules ({@link FaultRule}), as values or specs {@code ACTION[.row]=CODE@RATE[:MESSAGE]}.
 * Adding a rule for the same action, scope and code replaces its rate (so a rate of 0 switches it
 * off). The rules that apply to a request (its action's and the every-action ones) are exclusive
 * outcomes: their rates add up, and the sum must not exceed 1.
 *
 * <p>Latency rules ({@link LatencyRule}), as values or specs {@code ACTION=TERM[+TERM...]}. One rule
 * per action; adding one replaces the previous. An action's own rule takes precedence over the
 * every-action rule.
 *
 * <p>Partition capacity ({@link PartitionCapacity}): rows per second per partition, 0 for
 * unlimited. Changing it starts every partition afresh.
 */
public final class FaultPlan implements Injection {

  private static final int ACTIONS = ActionName.values().length;

  /**
   * An immutable view of every rule; replaced as a whole on each change. The arrays are indexed by
   * {@link ActionName#ordinal()}: the rules that apply to that action (its own, then the
   * every-action ones), null for none.
   */
  private record Snapshot(
      List<FaultRule> faults,
      FaultRule[][] requestFaults,
      FaultRule[][] rowFaults,
      List<LatencyRule> latencies,
      LatencyRule[] latencyByAction,
      PartitionCapacity capacity) {

    static final Snapshot EMPTY = new Snapshot(List.of(), new FaultRule[ACTIONS][], new FaultRule[ACTIONS][], List.of(),
        new LatencyRule[ACTIONS], null);

    boolean isEmpty() {
      return faults.isEmpty() && latencies.isEmpty() && capacity == null;
    }
  }

  private static final FaultRule[] NO_RULES = new FaultRule[0];

  private final LongSupplier clock;
  private final Supplier<RandomGenerator> random;
  private final LongAdder injectedFaults = new LongAdder();
  private final ServiceLoad load = new ServiceLoad();
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
   * Adds (or re-rates) a fault rule given as a spec, e.g. {@code PutRow=OTSServerBusy@0.05}.
   *
   * @throws IllegalArgumentException naming the wrong part of the spec
   */
  public FaultPlan addFault(String spec) {
    return addFault(FaultRule.parse(spec));
  }

  /**
   * Adds (or re-rates) a fault rule, e.g. {@code FaultRule.of(ActionName.PUT_ROW, ErrorCode.SERVER_BUSY, 0.05)}.
   *
   * @throws IllegalArgumentException when the rates of the rules for one action would add up to more than 1
   */
  public FaultPlan addFault(FaultRule rule) {
    synchronized (this) {
      List<FaultRule> rules = new ArrayList<>(snapshot.faults());
      rules.removeIf(rule::sameTarget);
      rules.add(rule);
      checkTotalRates(rules, rule);
      Snapshot s = snapshot;
      snapshot = new Snapshot(List.copyOf(rules), index(rules, false), index(rules, true), s.latencies(),
          s.latencyByAction(), s.capacity());
    }
    return this;
  }

  /**
   * Adds a latency rule given as a spec, replacing any rule for the same action, e.g. {@code GetRow=2ms}.
   *
   * @throws IllegalArgumentException naming the wrong part of the spec
   */
  public FaultPlan addLatency(String spec) {
    return addLatency(LatencyRule.parse(spec));
  }

  /** Adds a latency rule, replacing any rule for the same action. */
  public FaultPlan addLatency(LatencyRule rule) {
    synchronized (this) {
      Snapshot s = snapshot;
      List<LatencyRule> latencies = new ArrayList<>(s.latencies());
      latencies.removeIf(r -> r.action() == rule.action());
      latencies.add(rule);
      snapshot = new Snapshot(s.faults(), s.requestFaults(), s.rowFaults(), List.copyOf(latencies),
          indexLatencies(latencies), s.capacity());
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
        : new PartitionCapacity(rowsPerSecond, PartitionCapacity.DEFAULT_BURST_NANOS, clock, load);
    synchronized (this) {
      Snapshot s = snapshot;
      snapshot = new Snapshot(s.faults(), s.requestFaults(), s.rowFaults(), s.latencies(), s.latencyByAction(),
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
            clock, load);
    synchronized (this) {
      snapshot = new Snapshot(source.faults(), source.requestFaults(), source.rowFaults(),
          source.latencies(), source.latencyByAction(), capacity);
    }
    return this;
  }

  /** A new plan with this plan's rules (and fresh partitions), e.g. to restore later. */
  public FaultPlan copy() {
    return new FaultPlan(clock, random).restore(this);
  }

  /** What the capacity limit and the latency rules did so far: the mock's own view of its load. */
  public ServiceLoad load() {
    return load;
  }

  /** The active fault rules, in the order they were first added. */
  public List<FaultRule> faults() {
    return snapshot.faults();
  }

  /** The active latency rules. */
  public List<LatencyRule> latencies() {
    return snapshot.latencies();
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
    return draw(snapshot.requestFaults()[action.ordinal()]);
  }

  @Override
  public OtsException rowFault(ActionName action) {
    return draw(snapshot.rowFaults()[action.ordinal()]);
  }

  private OtsException draw(FaultRule[] applicable) {
    if (applicable == null) {
      return null;
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
    LatencyRule rule = snapshot.latencyByAction()[action.ordinal()];
    if (rule == null) {
      return 0;
    }
    long nanos = rule.sampleNanos(random.get());
    if (nanos > 0) {
      load.injected(action, nanos);
    }
    return nanos;
  }

  @Override
  public long reserveCapacityNanos(String table, int partition, int rows) {
    PartitionCapacity capacity = snapshot.capacity();
    return capacity == null ? 0 : capacity.reserve(table, partition, rows);
  }

  /** Per action, the rules of the scope that apply: the action's own, then the every-action ones. */
  private static FaultRule[][] index(List<FaultRule> rules, boolean perRow) {
    FaultRule[][] byAction = new FaultRule[ACTIONS][];
    for (ActionName action : ActionName.values()) {
      List<FaultRule> applicable = new ArrayList<>();
      rules.stream().filter(r -> r.perRow() == perRow && r.action() == action).forEach(applicable::add);
      if (!perRow) { // every-action rules are request rules
        rules.stream().filter(r -> r.perRow() == perRow && r.everyAction()).forEach(applicable::add);
      }
      byAction[action.ordinal()] = applicable.isEmpty() ? null : applicable.toArray(NO_RULES);
    }
    return byAction;
  }

  /** Per action, its own latency rule, else the every-action one. */
  private static LatencyRule[] indexLatencies(List<LatencyRule> rules) {
    LatencyRule every = rules.stream().filter(LatencyRule::everyAction).findFirst().orElse(null);
    LatencyRule[] byAction = new LatencyRule[ACTIONS];
    for (ActionName action : ActionName.values()) {
      byAction[action.ordinal()] = rules.stream().filter(r -> r.action() == action).findFirst().orElse(every);
    }
    return byAction;
  }

  private static void checkTotalRates(List<FaultRule> rules, FaultRule added) {
    for (ActionName action : ActionName.values()) {
      double total = 0;
      for (FaultRule r : rules) {
        if (r.perRow() == added.perRow() && r.appliesTo(action)) {
          total += r.rate();
        }
      }
      if (total > 1 + 1e-9) {
        throw new IllegalArgumentException("adding '" + added + "' makes the fault rates for "
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
        : s.latencies().stream().map(LatencyRule::toString).collect(Collectors.joining(", ")));
    out.append("\npartition capacity: ")
        .append(s.capacity() == null ? "unlimited" : s.capacity().toString());
    return out.toString();
  }

  @Override
  public String toString() {
    return "FaultPlan{" + describe().replace("\n", "; ") + "}";
  }
}
