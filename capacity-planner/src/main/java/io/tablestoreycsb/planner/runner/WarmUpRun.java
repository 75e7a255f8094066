package io.tablestoreycsb.planner.runner;

import io.tablestoreycsb.binding.client.ClientWarmUp;
import io.tablestoreycsb.binding.client.ClientWarmUp.Operation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.stream.Collectors;

/**
 * One warm-up of a runner before a cell's start gate: a few threads send the cell's kinds of request
 * ({@link WarmUpOperations}) that the runner has not warmed up yet, on keys YCSB never uses
 * ({@link ClientWarmUp}), until it has sent at least {@link #minimum} of each and the runner's compilation has
 * settled ({@link SettleRule}), or the cap passed.
 * What it warmed is added to the runner's warm set, so a later cell of the same runner warms only what is new.
 */
final class WarmUpRun {
  /** Requests in flight at once: enough to keep the request path busy while each waits on the endpoint. */
  static final int MAX_THREADS = 4;
  /**
   * Requests of each kind before the compile time may count as settled: HotSpot's C1 compiles a method with
   * its full profile after about 200 calls, so a request path called fewer times has barely begun to compile,
   * however quiet its compiler threads are. (In a quickstart on a machine at load 20, warm-ups that settled
   * after 4 to 74 requests left their runners compiling at 7 to 30% of a processor in the next cells.)
   */
  static final int MIN_REQUESTS_PER_OPERATION = 200;
  /**
   * Of BatchWriteRow, whose requests carry 25 rows each: 1,000 rows, so the per-row code is called 1,000 times
   * (200 batches would take 25 s of a 1,000 rows/s partition shared by five runners).
   */
  static final int MIN_BATCH_REQUESTS = 40;

  private final SettleRule rule;
  private final Duration cap;

  WarmUpRun(SettleRule rule, Duration cap) {
    this.rule = rule;
    this.cap = cap;
  }

  /**
   * Warms up for the cell run with {@code args}, reading the compile time from {@code clock}.
   *
   * @param warm the operations this runner has warmed up in earlier cells; what this warm-up settled is added
   */
  WarmUp run(List<String> args, Properties props, Set<Operation> warm, CompileClock clock)
      throws InterruptedException {
    long started = System.nanoTime();
    Set<Operation> wanted = WarmUpOperations.of(args, props);
    Set<Operation> needed = EnumSet.noneOf(Operation.class);
    needed.addAll(wanted);
    needed.removeAll(warm);
    if (needed.isEmpty()) {
      return new WarmUp(0, WarmUp.Outcome.ALREADY_WARM, List.of(), 0);
    }
    List<Operation> order = List.copyOf(needed);
    int threads = Math.max(1, Math.min(MAX_THREADS, threadCount(args)));
    AtomicBoolean stop = new AtomicBoolean();
    AtomicBoolean refused = new AtomicBoolean();
    AtomicLong sent = new AtomicLong();
    AtomicLongArray sentOf = new AtomicLongArray(Operation.values().length);
    List<Double> perInterval = new ArrayList<>();
    WarmUp.Outcome outcome;
    SettleRule.Watch watch = rule.watch();
    try (ClientWarmUp.Session session = ClientWarmUp.open(props,
        needed.contains(Operation.GET_ROW) || needed.contains(Operation.GET_RANGE))) {
      List<Thread> senders = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int offset = t;
        Thread sender = new Thread(() -> {
          for (int i = offset; !stop.get(); i++) {
            if (!session.send(order.get(i % order.size()))) {
              refused.set(true);
              return;
            }
            sent.incrementAndGet();
            sentOf.incrementAndGet(order.get(i % order.size()).ordinal());
          }
        }, "runner-warm-up-" + t);
        sender.setDaemon(true);
        senders.add(sender);
        sender.start();
      }
      long deadline = started + cap.toNanos();
      double before = clock.seconds();
      long next = System.nanoTime() + rule.intervalMs() * 1_000_000;
      while (true) {
        Thread.sleep(Math.max(1, (next - System.nanoTime()) / 1_000_000));
        next += rule.intervalMs() * 1_000_000;
        double now = clock.seconds();
        double compiled = now - before;
        before = now;
        perInterval.add(compiled);
        if (refused.get()) {
          outcome = WarmUp.Outcome.REFUSED;
          break;
        }
        boolean enough = order.stream().allMatch(op -> sentOf.get(op.ordinal()) >= minimum(op));
        if (watch.add(compiled) && enough) {
          outcome = WarmUp.Outcome.SETTLED;
          break;
        }
        if (System.nanoTime() >= deadline) {
          outcome = WarmUp.Outcome.CAPPED;
          break;
        }
      }
      stop.set(true);
      for (Thread sender : senders) {
        sender.join(10_000);
      }
    }
    if (outcome == WarmUp.Outcome.SETTLED || outcome == WarmUp.Outcome.CAPPED) {
      // A runner that did not settle by the cap is not held up by another 20 s before each later cell of the
      // same requests: those cells' windows show whether it was still compiling.
      warm.addAll(needed);
    }
    double seconds = (System.nanoTime() - started) / 1e9;
    System.err.println(describe(order, outcome, seconds, sent.get(), watch.recentShare(), perInterval, clock));
    return new WarmUp(seconds, outcome, order.stream().map(Enum::name).toList(), sent.get());
  }

  /** The line ycsb.err gets: what was warmed, how it ended, and the compile time of every interval. */
  private String describe(List<Operation> order, WarmUp.Outcome outcome, double seconds, long sent, double share,
      List<Double> perInterval, CompileClock clock) {
    String ops = order.stream().map(Enum::name).collect(Collectors.joining(", "));
    String how = switch (outcome) {
      case SETTLED -> String.format(Locale.ROOT, "compiling settled after %.1f s", seconds);
      case CAPPED -> String.format(Locale.ROOT, "compiling had not settled after %.1f s (the cap): %.0f ms a second"
          + " over its last %d ms against the %.0f ms a settled runner stays under; this cell's window may hold"
          + " compilation", seconds, share * 1000, rule.settleIntervals() * rule.intervalMs(),
          rule.maxCompileShare() * 1000);
      case REFUSED -> String.format(Locale.ROOT, "stopped after %.1f s: the endpoint refused a request (the run"
          + " reports its own errors)", seconds);
      default -> outcome.name();
    };
    String trace = perInterval.stream().map(s -> Long.toString(Math.round(Math.max(0, s) * 1000)))
        .collect(Collectors.joining(" "));
    return String.format(Locale.ROOT, "runner: warm-up of %s: %s, %d requests; %s per %d ms, ms: %s", ops, how, sent,
        clock.source(), rule.intervalMs(), trace);
  }

  /** The requests of {@code op} a warm-up sends at least. */
  static int minimum(Operation op) {
    return op == Operation.BATCH_WRITE_ROW ? MIN_BATCH_REQUESTS : MIN_REQUESTS_PER_OPERATION;
  }

  private static int threadCount(List<String> args) {
    int i = args.indexOf("-threads");
    if (i >= 0 && i + 1 < args.size()) {
      try {
        return Integer.parseInt(args.get(i + 1));
      } catch (NumberFormatException e) {
        return 1;
      }
    }
    return 1;
  }
}
