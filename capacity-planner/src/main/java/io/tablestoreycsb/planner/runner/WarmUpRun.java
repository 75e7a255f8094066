package io.tablestoreycsb.planner.runner;

import io.tablestoreycsb.binding.client.ClientWarmUp;
import io.tablestoreycsb.binding.client.ClientWarmUp.Operation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * One warm-up of a runner before a cell's start gate, for the cell's kinds of request
 * ({@link WarmUpOperations}) that the runner has not warmed up yet: the cell's own YCSB command with its files
 * apart ({@link #ownArguments}), or where those cannot be written requests on keys YCSB never uses
 * ({@link ClientWarmUp}), until the runner's compilation has settled ({@link SettleRule}) or the cap passed.
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
   * @return the warm-up, and its own run if that settled and goes on sending until the caller ends it at the start
   *     gate ({@link WarmUpHold}; single-row requests only, {@link #endsAtOnce})
   */
  WarmedUp run(List<String> args, Properties props, Set<Operation> warm, CompileClock clock, Path warmUpDir)
      throws InterruptedException {
    long started = System.nanoTime();
    Set<Operation> wanted = WarmUpOperations.of(args, props);
    Set<Operation> needed = EnumSet.noneOf(Operation.class);
    needed.addAll(wanted);
    needed.removeAll(warm);
    if (needed.isEmpty()) {
      return WarmedUp.ended(new WarmUp(0, WarmUp.Outcome.ALREADY_WARM, List.of(), 0));
    }
    List<Operation> order = List.copyOf(needed);
    List<Double> perInterval = new ArrayList<>();
    WarmUp.Outcome outcome;
    long sentCount;
    WarmUpHold hold = WarmUpHold.NONE;
    if (canWrite(warmUpDir)) {
      long before = StoppableWorkload.operationsSoFar();
      OwnRun own = ownRun(args, warmUpDir, started + cap.toNanos(), clock, perInterval, ownMinimum(needed),
          endsAtOnce(needed));
      outcome = own.outcome();
      hold = own.hold();
      sentCount = StoppableWorkload.operationsSoFar() - before;
    } else {
      AtomicLong sent = new AtomicLong();
      outcome = requestsOnWarmUpKeys(props, order, threadCount(args), started, clock, perInterval, sent);
      sentCount = sent.get();
    }
    if (outcome == WarmUp.Outcome.SETTLED || outcome == WarmUp.Outcome.CAPPED) {
      // A runner that did not settle by the cap is not held up by another 20 s before each later cell of the
      // same requests: those cells' windows show whether it was still compiling.
      warm.addAll(needed);
    }
    double seconds = (System.nanoTime() - started) / 1e9;
    System.err.println(describe(order, outcome, seconds, sentCount, perInterval, clock)
        + (hold.holding() ? "; it goes on sending until the start gate opens" : ""));
    return new WarmedUp(new WarmUp(seconds, outcome, order.stream().map(Enum::name).toList(), sentCount), hold);
  }

  private static boolean canWrite(Path dir) {
    try {
      Files.createDirectories(dir);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * Whether a run of these operations ends within a request's time once told to stop, so that ending a hold at the
   * gate's release does not delay the cell's start: single-row requests only. A run of batched writes ends by
   * flushing the binding's buffered rows, and a scan's page takes a partition's capacity for 100 rows (in a
   * quickstart, held runs of those ended 0.1 to 1.2 s after the gate opened, where their warm-ups had settled
   * within 3 s and side by side: nothing for a hold to even out).
   */
  static boolean endsAtOnce(Set<Operation> operations) {
    return !operations.contains(Operation.BATCH_WRITE_ROW) && !operations.contains(Operation.GET_RANGE);
  }

  /**
   * The fewest operations of the warm-up's own run before its compilation may count as settled: 200 (HotSpot
   * compiles a method with its profile after about 200 calls), or 10 for a scan of 100 rows: its per-row code has
   * then run 1,000 times, while 200 scans would take 50 s of a 400 rows/s partition. (With 20, the quickstart's
   * range-read warm-ups ran 5 s on a 1-partition table with their compiler threads quiet after the first second.)
   */
  static int ownMinimum(Set<Operation> needed) {
    return needed.contains(Operation.GET_RANGE) ? MIN_REQUESTS_PER_OPERATION / 20 : MIN_REQUESTS_PER_OPERATION;
  }

  /**
   * Where the runner cannot write the own run's files: requests of each kind on keys YCSB never uses
   * ({@link ClientWarmUp}), from up to {@link #MAX_THREADS} threads, until at least {@link #minimum} of each were
   * sent and the runner's compilation settled.
   */
  private WarmUp.Outcome requestsOnWarmUpKeys(Properties props, List<Operation> order, int cellThreads, long started,
      CompileClock clock, List<Double> perInterval, AtomicLong sent) throws InterruptedException {
    Set<Operation> needed = EnumSet.copyOf(order);
    int threads = Math.max(1, Math.min(MAX_THREADS, cellThreads));
    AtomicBoolean stop = new AtomicBoolean();
    AtomicBoolean refused = new AtomicBoolean();
    AtomicLongArray sentOf = new AtomicLongArray(Operation.values().length);
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
    return outcome;
  }

  /**
   * The cell's own YCSB command (YCSB's workload, its measurements and the binding's DB class compile only there;
   * a quickstart whose warm-ups sent only the SDK's requests still had cells compiling at 5 to 16% of a
   * processor), with its summary and statistics written to {@code warmUpDir}, until the runner's compilation
   * has settled after {@code minimum} operations, the cap passes, or the run ends by itself (a load's slice is
   * written). It reads and writes only what the cell itself reads and writes: its own key slice, which the cell
   * writes again. With {@code hold}, a run that settled is left sending ({@link WarmUpHold}).
   */
  private OwnRun ownRun(List<String> args, Path warmUpDir, long deadline, CompileClock clock,
      List<Double> perInterval, int minimum, boolean hold) throws InterruptedException {
    Path stopFile = warmUpDir.resolve(ResultFiles.STOP_FILE);
    List<String> own = ownArguments(args, warmUpDir, stopFile, Math.max(1, (deadline - System.nanoTime()) / 1_000_000_000L));
    Thread run = new Thread(() -> {
      try {
        YcsbRun.run(own);
      } catch (InterruptedException | RuntimeException e) {
        System.err.println("runner: warm-up's own run stopped: " + e);
      }
    }, "runner-warm-up-ycsb");
    run.setDaemon(true);
    run.start();
    SettleRule.Watch watch = rule.watch();
    double before = clock.seconds();
    long operationsBefore = StoppableWorkload.operationsSoFar();
    WarmUp.Outcome outcome = WarmUp.Outcome.CAPPED;
    while (run.isAlive()) {
      run.join(rule.intervalMs());
      double now = clock.seconds();
      perInterval.add(now - before);
      boolean settled = watch.add(now - before);
      before = now;
      // Quiet compiler threads before the run's threads have done anything (its DB still starting) say nothing.
      boolean ran = StoppableWorkload.operationsSoFar() - operationsBefore >= minimum;
      if ((settled && ran) || !run.isAlive()) {
        outcome = WarmUp.Outcome.SETTLED;
        break;
      }
      if (System.nanoTime() >= deadline) {
        break;
      }
    }
    if (hold && outcome == WarmUp.Outcome.SETTLED && run.isAlive()) {
      return new OwnRun(outcome, WarmUpHold.of(run, stopFile));
    }
    WarmUpHold.stop(stopFile);
    run.join();
    return new OwnRun(outcome, WarmUpHold.NONE);
  }

  /** How the warm-up's own run ended, or that it is held. */
  private record OwnRun(WarmUp.Outcome outcome, WarmUpHold hold) {}

  /**
   * The cell's YCSB arguments for the warm-up: its workload wrapped to stop at {@code stopFile}, no status
   * lines, its export, HDR logs and binding statistics in {@code warmUpDir}, at most {@code seconds} long.
   */
  static List<String> ownArguments(List<String> args, Path warmUpDir, Path stopFile, long seconds) {
    List<String> own = new ArrayList<>(args);
    own.removeIf("-s"::equals);
    String delegate;
    try {
      Properties props = YcsbArguments.properties(args);
      String workload = props.getProperty("workload", "site.ycsb.workloads.CoreWorkload");
      delegate = workload.equals(StoppableWorkload.class.getName())
          ? props.getProperty(StoppableWorkload.DELEGATE, "site.ycsb.workloads.CoreWorkload") : workload;
    } catch (IOException e) {
      delegate = "site.ycsb.workloads.CoreWorkload";
    }
    String dir = warmUpDir.toAbsolutePath().toString();
    for (String p : List.of("workload=" + StoppableWorkload.class.getName(), StoppableWorkload.DELEGATE + "=" + delegate,
        StoppableWorkload.STOP_FILE + "=" + stopFile.toAbsolutePath(), "maxexecutiontime=" + seconds,
        "exportfile=" + dir + "/" + ResultFiles.STDOUT_FILE, "hdrhistogram.fileoutput=false",
        "hdrhistogram.output.path=" + dir + "/", "tablestore.statsfile=" + dir + "/" + ResultFiles.STATS_FILE)) {
      own.add(own.size() - 1, "-p");
      own.add(own.size() - 1, p);
    }
    return own;
  }

  /** The line ycsb.err gets: what was warmed, how it ended, and the compile time of every interval. */
  private String describe(List<Operation> order, WarmUp.Outcome outcome, double seconds, long sent,
      List<Double> perInterval, CompileClock clock) {
    int last = (int) Math.min(perInterval.size(), rule.settleIntervals());
    double share = perInterval.subList(perInterval.size() - last, perInterval.size()).stream()
        .mapToDouble(d -> Math.max(0, d)).sum() / Math.max(1e-9, last * rule.intervalMs() / 1000.0);
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
    return String.format(Locale.ROOT, "runner: warm-up of %s: %s, %d operations; %s per %d ms, ms: %s", ops, how, sent,
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
