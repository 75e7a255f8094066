package io.tablestoreycsb.planner.runner;

import io.tablestoreycsb.binding.BindingRun;
import io.tablestoreycsb.binding.client.SharedClients;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import site.ycsb.measurements.Measurements;

/**
 * The state of this JVM that one YCSB run leaves behind and the next must not see, for a runner that
 * serves cells one after another. YCSB keeps its measurements in a static singleton (created on first
 * use from static properties) and the binding shares SDK clients and run statistics between the DB
 * instances of a run; everything else (workload, generators, client and status threads) is created
 * anew by each run.
 *
 * <p>A runner resets statics rather than loading YCSB and the binding in a class loader per cell: a new
 * loader would throw away the code the JIT compiled in the cells before, which is what a warm runner is
 * for.
 */
final class FreshState {
  /** Threads of the last run (SDK I/O threads shutting down) get this long to end. */
  private static final long THREADS_END_WAIT_MS = 5_000;

  private FreshState() {}

  /**
   * What of the last run is still here, or an empty list when the JVM is clean: the binding's shared
   * clients and its run, and threads that are neither daemons nor this one (YCSB's client threads and
   * the SDK's I/O threads end with their run). A runner that is not clean refuses the cell and exits,
   * and the planner starts a fresh one.
   */
  static List<String> leftovers() throws InterruptedException {
    return leftovers(THREADS_END_WAIT_MS);
  }

  /** {@link #leftovers()}, giving the last run's threads {@code waitMs} to end. */
  static List<String> leftovers(long waitMs) throws InterruptedException {
    long deadline = System.nanoTime() + waitMs * 1_000_000;
    List<String> left;
    do {
      left = new ArrayList<>();
      int clients = SharedClients.sharedClientCount();
      if (clients != 0) {
        left.add(clients + " shared Tablestore client(s) of the last cell still open");
      }
      if (BindingRun.inProgress()) {
        left.add("the binding's run statistics of the last cell were never reported (a DB instance did not clean up)");
      }
      List<String> threads = foreignThreads();
      if (!threads.isEmpty()) {
        left.add("threads of the last cell still running: " + String.join(", ", threads));
      }
      if (left.isEmpty()) {
        return left;
      }
      Thread.sleep(50);
    } while (System.nanoTime() < deadline);
    return left;
  }

  /**
   * Gives YCSB fresh measurements for a run with {@code props}: drops the singleton the last run
   * measured into (its histograms and counts) so that the run's first use creates a new one, and
   * checks that it did.
   */
  /**
   * Drops YCSB's measurements singleton, so that the next {@code site.ycsb.Client.main} makes its own from its
   * properties: a one-cell runner's warm-up ran YCSB in this JVM before the cell's run.
   */
  static void forgetYcsbMeasurements() {
    setSingleton(null);
  }

  static void resetYcsb(Properties props) {
    Measurements before = singleton();
    setSingleton(null);
    Measurements.setProperties(props);
    Measurements fresh = Measurements.getMeasurements();
    if (fresh == before || !measurementsOf(fresh).isEmpty()) {
      throw new IllegalStateException("YCSB's measurements were not reset: the last cell's are still in use");
    }
  }

  /** The operations YCSB's singleton has measured (empty for a fresh one), for tests and checks. */
  static List<String> measuredOperations() {
    Measurements current = singleton();
    return current == null ? List.of() : List.copyOf(measurementsOf(current).keySet());
  }

  private static List<String> foreignThreads() {
    List<String> names = new ArrayList<>();
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.isAlive() && !t.isDaemon() && t != Thread.currentThread() && !t.getName().equals("DestroyJavaVM")) {
        names.add(t.getName());
      }
    }
    return names;
  }

  private static Measurements singleton() {
    try {
      return (Measurements) field(Measurements.class, "singleton").get(null);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void setSingleton(Measurements value) {
    try {
      field(Measurements.class, "singleton").set(null, value);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, ?> measurementsOf(Measurements m) {
    try {
      return (Map<String, ?>) field(Measurements.class, "opToMesurementMap").get(m);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Field field(Class<?> type, String name) {
    try {
      Field f = type.getDeclaredField(name);
      f.setAccessible(true);
      return f;
    } catch (NoSuchFieldException e) {
      throw new IllegalStateException("YCSB is not the 0.17.0 this runner knows: no " + type.getSimpleName()
          + "." + name, e);
    }
  }
}
