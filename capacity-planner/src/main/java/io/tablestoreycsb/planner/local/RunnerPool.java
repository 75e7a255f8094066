package io.tablestoreycsb.planner.local;

import io.tablestoreycsb.cluster.launch.ChildLauncher;
import io.tablestoreycsb.planner.runner.RunnerSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The warm runner JVMs of a planner: as many as the largest cell so far has wanted, runner i of every
 * cell served by the same JVM, which starts once and serves cell after cell. A runner that has died
 * (killed, crashed, or ended because a cell left state behind) or that runs with other JVM options is
 * replaced by a fresh one when the next cell needs it; a cell that wants fewer runners uses the first.
 */
final class RunnerPool {
  private final Path logDir;
  private final ChildLauncher children;
  private final List<WarmRunner> runners = new ArrayList<>();
  private int started;
  /** How many times runner i's JVM was replaced. */
  private final Map<Integer, Integer> replaced = new HashMap<>();

  /**
   * @param logDir where each runner's own output between cells goes ({@code runner-<i>/}, and
   *     {@code runner-<i>.<k>/} for the k-th JVM that replaced runner i's)
   * @param children starts the runner JVMs
   */
  RunnerPool(Path logDir, ChildLauncher children) {
    this.logDir = logDir;
    this.children = children;
  }

  /** Runner i for spec i, started or replaced where needed. */
  synchronized List<WarmRunner> runnersFor(List<RunnerSpec> specs) throws IOException {
    List<WarmRunner> out = new ArrayList<>();
    for (int i = 0; i < specs.size(); i++) {
      List<String> options = specs.get(i).jvmOptions();
      WarmRunner runner = i < runners.size() ? runners.get(i) : null;
      if (runner == null || !runner.isAlive() || !runner.runsWith(options)) {
        if (runner != null) {
          runner.kill();
        }
        started++;
        // runner-2 for runner 2's first JVM, runner-2.1 for the one that replaced it, and so on
        String logName = runner == null ? "runner-" + i : "runner-" + i + "." + replaced.merge(i, 1, Integer::sum);
        runner = WarmRunner.start(children, "runner-" + i, logDir.resolve(logName), options);
        if (i < runners.size()) {
          runners.set(i, runner);
        } else {
          runners.add(runner);
        }
      }
      out.add(runner);
    }
    return out;
  }

  /** Process ids of the runners kept, in order (for tests and diagnostics). */
  synchronized List<Long> pids() {
    return runners.stream().map(WarmRunner::pid).toList();
  }

  /** How many runner JVMs this pool has started. */
  synchronized int started() {
    return started;
  }

  /** Ends every runner. */
  synchronized void close() throws InterruptedException {
    for (WarmRunner runner : runners) {
      runner.end();
    }
    runners.clear();
  }
}
