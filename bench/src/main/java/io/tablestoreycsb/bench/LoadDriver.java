package io.tablestoreycsb.bench;

import com.alicloud.openservices.tablestore.SyncClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * {@code threads} plain loops calling one SDK client as fast as it answers: the SDK side of the
 * binding comparisons and the driver of the mock-vs-floor comparison. A call that throws is
 * counted as a failure and the loop goes on (the run is then run again by {@link Rounds}).
 */
final class LoadDriver {
  /** One call of a loop; {@code n} counts the calls of its thread from 0. */
  @FunctionalInterface
  interface Op {
    void run(SyncClient client, long n) throws Exception;
  }

  /** Thread start-up is not part of the measured window (the same settle time as the YCSB side). */
  static final long SETTLE_MS = 700;

  private LoadDriver() {
  }

  static SideRun run(SyncClient client, Op op, int threads, double seconds, CpuMeter meter) throws Exception {
    System.gc(); // the previous run's garbage is not this run's cost
    AtomicBoolean stop = new AtomicBoolean();
    LongAdder done = new LongAdder();
    LongAdder failures = new LongAdder();
    AtomicReference<String> firstFailure = new AtomicReference<>();
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Thread worker = new Thread(() -> {
        long n = 0;
        while (!stop.get()) {
          try {
            op.run(client, n++);
            done.increment();
          } catch (Exception e) {
            failures.increment();
            firstFailure.compareAndSet(null, e.toString());
          }
        }
      }, "load-" + t);
      workers.add(worker);
      worker.start();
    }
    CpuMeter.Reading start;
    long ops0;
    long ops1;
    try {
      Thread.sleep(SETTLE_MS);
      ops0 = done.sum();
      start = meter.read();
      Thread.sleep((long) (seconds * 1000));
      ops1 = done.sum();
    } finally {
      stop.set(true);
    }
    SideRun window = meter.since(start, ops1 - ops0, 0, 0, null);
    for (Thread worker : workers) {
      worker.join();
    }
    return new SideRun(window.ops(), window.seconds(), window.clientCpuSeconds(), window.serverCpuSeconds(),
        window.clientJitSeconds(), window.serverJitSeconds(),
        done.sum() + failures.sum(), failures.sum(), firstFailure.get());
  }
}
