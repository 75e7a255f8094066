package io.tablestoreycsb.planner.run;

import io.tablestoreycsb.planner.runner.RunnerSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The warm runner JVMs of a planner: as many as the largest cell so far has wanted, runner i of every
 * cell served by the same JVM, which starts once and serves cell after cell. A runner that has died
 * (killed, crashed, or ended because a cell left state behind) or that runs with other JVM options is
 * replaced by a fresh one when the next cell needs it; a cell that wants fewer runners uses the first.
 */
final class RunnerPool {
  private final Path logDir;
  private final Function<List<String>, List<String>> command;
  private final List<WarmRunner> runners = new ArrayList<>();
  private int started;

  /**
   * @param logDir where each runner's own output between cells goes ({@code runner-<n>/})
   * @param command the command line of a runner JVM with the given JVM options
   */
  RunnerPool(Path logDir, Function<List<String>, List<String>> command) {
    this.logDir = logDir;
    this.command = command;
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
        runner = WarmRunner.start("runner-" + i, logDir.resolve("runner-" + started), command.apply(options), options);
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
  synchronized void close() {
    runners.forEach(WarmRunner::kill);
    runners.clear();
  }
}
