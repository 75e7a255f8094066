package io.tablestoreycsb.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * The baseline: {@code threads} plain loops calling the SDK, each operation built the same way the
 * binding builds it (key from the same KeyFormat, 100-character random values generated per
 * operation), so key and value generation are INCLUDED on both sides.
 */
final class SdkSide implements Rounds.Side {
  /** One operation of a plain loop; returns how many YCSB operations it was (always 1 here). */
  @FunctionalInterface
  interface Op {
    void run() throws Exception;
  }

  private final Op op;
  private final int threads;

  SdkSide(Op op, int threads) {
    this.op = op;
    this.threads = threads;
  }

  @Override
  public double run(double seconds) throws Exception {
    AtomicBoolean stop = new AtomicBoolean();
    LongAdder done = new LongAdder();
    List<Throwable> failures = new ArrayList<>();
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Thread worker = new Thread(() -> {
        try {
          while (!stop.get()) {
            op.run();
            done.increment();
          }
        } catch (Throwable e) {
          synchronized (failures) {
            failures.add(e);
          }
        }
      }, "sdk-" + t);
      workers.add(worker);
      worker.start();
    }
    // The same settle time as the YCSB side, so both measure a running steady state.
    Thread.sleep(YcsbSide.SETTLE_MS);
    long ops0 = done.sum();
    long t0 = System.nanoTime();
    Thread.sleep((long) (seconds * 1000));
    long ops1 = done.sum();
    long t1 = System.nanoTime();
    stop.set(true);
    for (Thread worker : workers) {
      worker.join();
    }
    if (!failures.isEmpty()) {
      throw new IllegalStateException("SDK loop failed: " + failures.get(0), failures.get(0));
    }
    return (ops1 - ops0) / ((t1 - t0) / 1e9);
  }
}
