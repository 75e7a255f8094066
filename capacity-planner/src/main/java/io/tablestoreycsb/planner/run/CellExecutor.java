package io.tablestoreycsb.planner.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleConsumer;

/** Starts a cell's runners together, samples them while they run and collects their records. */
public final class CellExecutor {
  private static final long SAMPLE_PERIOD_MS = 250;

  private final String javaExecutable;
  private final String classpath;

  public CellExecutor(String javaExecutable, String classpath) {
    this.javaExecutable = javaExecutable;
    this.classpath = classpath;
  }

  /** The java and class path of this JVM: runners load exactly what the planner loaded. */
  public static CellExecutor ofThisJvm() {
    return new CellExecutor(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        System.getProperty("java.class.path"));
  }

  /**
   * Runs the runners to completion.
   *
   * @param specs one per runner
   * @param expectedSeconds how long the runners should take (their maxexecutiontime)
   * @param currentOps receives the summed current ops/s of the runners about once a second
   */
  public CellOutcome execute(CellKey key, List<RunnerSpec> specs, long expectedSeconds, DoubleConsumer currentOps)
      throws IOException, InterruptedException {
    long started = System.nanoTime();
    List<RunnerProcess> running = new ArrayList<>();
    // Ctrl-C on the planner must not leave runners loading the endpoint; the cell stays unfinished
    // (no completion marker) and the next run starts it again.
    Thread killRunners = new Thread(() -> running.forEach(RunnerProcess::kill), "kill-runners");
    Runtime.getRuntime().addShutdownHook(killRunners);
    try {
      for (RunnerSpec spec : specs) {
        running.add(RunnerProcess.start(spec, javaExecutable, classpath));
      }
      long ticks = 0;
      while (running.stream().anyMatch(RunnerProcess::isAlive)) {
        running.forEach(RunnerProcess::sample);
        if (++ticks % (1000 / SAMPLE_PERIOD_MS) == 0) {
          currentOps.accept(running.stream().mapToDouble(RunnerProcess::currentOpsPerSecond).sum());
        }
        double elapsed = (System.nanoTime() - started) / 1e9;
        if (elapsed > expectedSeconds + graceSeconds(expectedSeconds)) {
          break; // finish() below kills and reports the late runners
        }
        Thread.sleep(SAMPLE_PERIOD_MS);
      }
      List<RunnerRecord> records = new ArrayList<>();
      for (RunnerProcess p : running) {
        records.add(p.finish(1000));
      }
      return new CellOutcome(key, records, (System.nanoTime() - started) / 1e9);
    } finally {
      running.forEach(p -> {
        if (p.isAlive()) {
          p.kill();
        }
      });
      try {
        Runtime.getRuntime().removeShutdownHook(killRunners);
      } catch (IllegalStateException shuttingDown) {
        // the hook is running already
      }
    }
  }

  /** JVM start-up, table warm-up and the final flush get this much time beyond the cell's duration. */
  static long graceSeconds(long expectedSeconds) {
    return 120 + expectedSeconds / 10;
  }
}
