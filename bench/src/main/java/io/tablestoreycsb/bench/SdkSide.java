package io.tablestoreycsb.bench;

import com.alicloud.openservices.tablestore.SyncClient;
import io.tablestoreycsb.binding.ClientConfig;
import io.tablestoreycsb.binding.SharedClients;
import java.util.ArrayList;
import java.util.Properties;
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
    void run(SyncClient client) throws Exception;
  }

  private final Properties config;
  private final Op op;
  private final int threads;

  /** {@code config}: the binding's properties, so the SDK client is configured exactly as the binding's. */
  SdkSide(Properties config, Op op, int threads) {
    this.config = config;
    this.op = op;
    this.threads = threads;
  }

  @Override
  public double run(double seconds) throws Exception {
    // A fresh client per run, as the YCSB side gets (the binding creates one when its first DB
    // instance starts and shuts it down with the last).
    SyncClient client = SharedClients.newClient(ClientConfig.from(config), 0);
    try {
      return run(client, seconds);
    } finally {
      client.shutdown();
    }
  }

  private double run(SyncClient client, double seconds) throws Exception {
    AtomicBoolean stop = new AtomicBoolean();
    LongAdder done = new LongAdder();
    List<Throwable> failures = new ArrayList<>();
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Thread worker = new Thread(() -> {
        try {
          while (!stop.get()) {
            op.run(client);
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
