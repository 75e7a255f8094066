package io.tablestoreycsb.mock.faults;

import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.OtsException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
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
 *
 * <p>Each rule added gets an id, unique in this plan, and counts how often it fired
 * ({@link ActiveRule}): {@link #activeFaults()}, {@link #removeFault(long)}; the admin API's
 * {@code /_mock/faults} and {@code /_mock/latency} show and remove rules by these ids.
 */
public final class FaultPlan implements Injection {

  private static final int ACTIONS = ActionName.values().length;

  /**
   * An immutable view of every rule; replaced as a whole on each change. The arrays are indexed by
   * {@link ActionName#ordinal()}: the rules that apply to that action (its own, then the
   * every-action ones), null for none.
   */
  private record Snapshot(
      List<ActiveRule<FaultRule>> faults,
      ActiveRule<FaultRule>[][] requestFaults,
      ActiveRule<FaultRule>[][] rowFaults,
      List<ActiveRule<LatencyRule>> latencies,
      ActiveRule<LatencyRule>[] latencyByAction,
      PartitionCapacity capacity) {

    static final Snapshot EMPTY = new Snapshot(List.of(), index(List.of(), false), index(List.of(), true), List.of(),
        indexLatencies(List.of()), null);

    boolean isEmpty() {
      return faults.isEmpty() && latencies.isEmpty() && capacity == null;
    }
  }

  private final LongSupplier clock;
  private final Supplier<RandomGenerator> random;
  private final LongAdder injectedFaults = new LongAdder();
  private final ServiceLoad load = new ServiceLoad();
  /** The id of the next rule added (faults and latency share one sequence). */
  private final AtomicLong nextId = new AtomicLong(1);
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
    activateFault(rule);
    return this;
  }

  /**
   * Adds (or re-rates) a fault rule and returns it with its new id; a rule it replaces (same action,
   * scope and code) goes with its id.
   *
   * @throws IllegalArgumentException when the rates of the rules for one action would add up to more than 1
   */
  public ActiveRule<FaultRule> activateFault(FaultRule rule) {
    synchronized (this) {
      List<ActiveRule<FaultRule>> rules = new ArrayList<>(snapshot.faults());
      rules.removeIf(r -> r.rule().sameTarget(rule));
      ActiveRule<FaultRule> added = new ActiveRule<>(nextId.getAndIncrement(), rule);
      rules.add(added);
      checkTotalRates(rules, rule);
      publishFaults(rules);
      return added;
    }
  }

  /** Removes the fault rule with this id; false when there is none (any more). */
  public synchronized boolean removeFault(long id) {
    List<ActiveRule<FaultRule>> rules = new ArrayList<>(snapshot.faults());
    if (!rules.removeIf(r -> r.id() == id)) {
      return false;
    }
    publishFaults(rules);
    return true;
  }

  /** Removes every fault rule (latency and capacity stay). */
  public synchronized FaultPlan clearFaults() {
    publishFaults(List.of());
    return this;
  }

  /** Called holding the lock. */
  private void publishFaults(List<ActiveRule<FaultRule>> rules) {
    Snapshot s = snapshot;
    snapshot = new Snapshot(List.copyOf(rules), index(rules, false), index(rules, true), s.latencies(),
        s.latencyByAction(), s.capacity());
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
    activateLatency(rule);
    return this;
  }

  /** Adds a latency rule, replacing any rule for the same action (and its id), and returns it with its new id. */
  public ActiveRule<LatencyRule> activateLatency(LatencyRule rule) {
    synchronized (this) {
      List<ActiveRule<LatencyRule>> latencies = new ArrayList<>(snapshot.latencies());
      latencies.removeIf(r -> r.rule().action() == rule.action());
      ActiveRule<LatencyRule> added = new ActiveRule<>(nextId.getAndIncrement(), rule);
      latencies.add(added);
      publishLatencies(latencies);
      return added;
    }
  }

  /** Removes the latency rule with this id; false when there is none (any more). */
  public synchronized boolean removeLatency(long id) {
    List<ActiveRule<LatencyRule>> latencies = new ArrayList<>(snapshot.latencies());
    if (!latencies.removeIf(r -> r.id() == id)) {
      return false;
    }
    publishLatencies(latencies);
    return true;
  }

  /** Removes every latency rule (faults and capacity stay). */
  public synchronized FaultPlan clearLatencies() {
    publishLatencies(List.of());
    return this;
  }

  /** Called holding the lock. */
  private void publishLatencies(List<ActiveRule<LatencyRule>> latencies) {
    Snapshot s = snapshot;
    snapshot = new Snapshot(s.faults(), s.requestFaults(), s.rowFaults(), List.copyOf(latencies),
        indexLatencies(latencies), s.capacity());
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
    // The same ids, counting afresh: the other plan's counters stay its own.
    List<ActiveRule<FaultRule>> faults = source.faults().stream()
        .map(r -> new ActiveRule<>(r.id(), r.rule())).toList();
    List<ActiveRule<LatencyRule>> latencies = source.latencies().stream()
        .map(r -> new ActiveRule<>(r.id(), r.rule())).toList();
    synchronized (this) {
      nextId.accumulateAndGet(other.nextId.get(), Math::max);
      snapshot = new Snapshot(faults, index(faults, false), index(faults, true), latencies,
          indexLatencies(latencies), capacity);
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
    return snapshot.faults().stream().map(ActiveRule::rule).toList();
  }

  /** The active latency rules. */
  public List<LatencyRule> latencies() {
    return snapshot.latencies().stream().map(ActiveRule::rule).toList();
  }

  /** The active fault rules with their ids and how often each fired, in the order they were added. */
  public List<ActiveRule<FaultRule>> activeFaults() {
    return snapshot.faults();
  }

  /** The active latency rules with their ids and how many requests each delayed, in the order they were added. */
  public List<ActiveRule<LatencyRule>> activeLatencies() {
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

  private OtsException draw(ActiveRule<FaultRule>[] applicable) {
    if (applicable == null) {
      return null;
    }
    // One draw picks at most one outcome: rates of the applicable rules are stacked intervals.
    double u = random.get().nextDouble();
    double upper = 0;
    for (ActiveRule<FaultRule> active : applicable) {
      upper += active.rule().rate();
      if (u < upper) {
        injectedFaults.increment();
        active.fire();
        return active.rule().newException();
      }
    }
    return null;
  }

  @Override
  public long addedLatencyNanos(ActionName action) {
    ActiveRule<LatencyRule> active = snapshot.latencyByAction()[action.ordinal()];
    if (active == null) {
      return 0;
    }
    long nanos = active.rule().sampleNanos(random.get());
    if (nanos > 0) {
      load.injected(action, nanos);
      active.fire();
    }
    return nanos;
  }

  @Override
  public long reserveCapacityNanos(String table, int partition, int rows) {
    PartitionCapacity capacity = snapshot.capacity();
    return capacity == null ? 0 : capacity.reserve(table, partition, rows);
  }

  /** Per action, the rules of the scope that apply: the action's own, then the every-action ones. */
  @SuppressWarnings("unchecked")
  private static ActiveRule<FaultRule>[][] index(List<ActiveRule<FaultRule>> rules, boolean perRow) {
    ActiveRule<FaultRule>[][] byAction = new ActiveRule[ACTIONS][];
    for (ActionName action : ActionName.values()) {
      List<ActiveRule<FaultRule>> applicable = new ArrayList<>();
      rules.stream().filter(r -> r.rule().perRow() == perRow && r.rule().action() == action).forEach(applicable::add);
      if (!perRow) { // every-action rules are request rules
        rules.stream().filter(r -> r.rule().perRow() == perRow && r.rule().everyAction()).forEach(applicable::add);
      }
      byAction[action.ordinal()] = applicable.isEmpty() ? null : applicable.toArray(new ActiveRule[0]);
    }
    return byAction;
  }

  /** Per action, its own latency rule, else the every-action one. */
  @SuppressWarnings("unchecked")
  private static ActiveRule<LatencyRule>[] indexLatencies(List<ActiveRule<LatencyRule>> rules) {
    ActiveRule<LatencyRule> every = rules.stream().filter(r -> r.rule().everyAction()).findFirst().orElse(null);
    ActiveRule<LatencyRule>[] byAction = new ActiveRule[ACTIONS];
    for (ActionName action : ActionName.values()) {
      byAction[action.ordinal()] = rules.stream().filter(r -> r.rule().action() == action).findFirst().orElse(every);
    }
    return byAction;
  }

  private static void checkTotalRates(List<ActiveRule<FaultRule>> active, FaultRule added) {
    List<FaultRule> rules = active.stream().map(ActiveRule::rule).toList();
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
        : s.faults().stream().map(r -> r.rule().toString()).collect(Collectors.joining(", ")));
    out.append("\nlatency: ").append(s.latencies().isEmpty() ? "none"
        : s.latencies().stream().map(r -> r.rule().toString()).collect(Collectors.joining(", ")));
    out.append("\npartition capacity: ")
        .append(s.capacity() == null ? "unlimited" : s.capacity().toString());
    return out.toString();
  }

  @Override
  public String toString() {
    return "FaultPlan{" + describe().replace("\n", "; ") + "}";
  }
}
