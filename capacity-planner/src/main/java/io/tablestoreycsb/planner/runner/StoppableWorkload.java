package io.tablestoreycsb.planner.runner;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import site.ycsb.DB;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;

/**
 * The case's own YCSB workload ({@value #DELEGATE}), which also stops when the executor writes the
 * runner's stop file ({@value #STOP_FILE}): a cell whose rate is steady ends before its duration. YCSB's
 * client threads end their loops at the next operation, and YCSB then exports its measurements and the
 * binding flushes its batches, exactly as at the end of {@code maxexecutiontime}.
 */
public final class StoppableWorkload extends Workload {
  /** The class of the workload this one runs. */
  public static final String DELEGATE = "planner.workload";
  /** The file whose appearance stops the run. */
  public static final String STOP_FILE = "planner.stopfile";
  private static final long POLL_MS = 100;
  /**
   * Operations every instance in this JVM has run: a runner's warm-up reads it to know its own YCSB run has
   * done more than start (a counter that only grows; a LongAdder costs its threads no contention).
   */
  private static final LongAdder OPERATIONS = new LongAdder();
  /**
   * The running instances by the stop file they watch: a warm-up in this JVM stops its own run at once
   * ({@link #stopRunWatching}) rather than after the watcher's next look at the file.
   */
  private static final Map<Path, StoppableWorkload> WATCHING = new ConcurrentHashMap<>();

  private Workload delegate;
  private Thread watcher;

  @Override
  public void init(Properties p) throws WorkloadException {
    String name = p.getProperty(DELEGATE, "site.ycsb.workloads.CoreWorkload");
    try {
      delegate = (Workload) Class.forName(name).getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new WorkloadException(DELEGATE + "=" + name + " is not a YCSB workload class: " + e);
    }
    delegate.init(p);
    String stop = p.getProperty(STOP_FILE);
    if (stop != null) {
      Path file = Path.of(stop).toAbsolutePath();
      WATCHING.put(file, this);
      watcher = new Thread(() -> {
        try {
          while (!isStopRequested()) {
            if (Files.exists(file)) {
              requestStop();
              return;
            }
            Thread.sleep(POLL_MS);
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }, "planner-stop-watch");
      watcher.setDaemon(true);
      watcher.start();
    }
  }

  @Override
  public Object initThread(Properties p, int threadId, int threadCount) throws WorkloadException {
    return delegate.initThread(p, threadId, threadCount);
  }

  @Override
  public boolean doInsert(DB db, Object threadState) {
    OPERATIONS.increment();
    return delegate.doInsert(db, threadState);
  }

  @Override
  public boolean doTransaction(DB db, Object threadState) {
    OPERATIONS.increment();
    return delegate.doTransaction(db, threadState);
  }

  /** Operations run by every instance in this JVM so far. */
  static long operationsSoFar() {
    return OPERATIONS.sum();
  }

  @Override
  public void requestStop() {
    super.requestStop();
    delegate.requestStop();
  }

  /**
   * Stops, at its threads' next operation, the run in this JVM that watches {@code stopFile}; returns whether
   * there was one.
   */
  static boolean stopRunWatching(Path stopFile) {
    StoppableWorkload run = WATCHING.get(stopFile.toAbsolutePath());
    if (run == null) {
      return false;
    }
    run.requestStop();
    return true;
  }

  @Override
  public void cleanup() throws WorkloadException {
    if (watcher != null) {
      watcher.interrupt();
    }
    WATCHING.values().remove(this);
    delegate.cleanup();
  }
}
