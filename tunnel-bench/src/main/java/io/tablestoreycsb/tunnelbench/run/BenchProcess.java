package io.tablestoreycsb.tunnelbench.run;

import java.io.IOException;

/**
 * The writer or one consumer of a scenario, wherever it runs (a JVM of this machine, a pod): what the
 * scenario runner needs of it. Its files (samples, client id, results) are in its local directory
 * either way; a remote process's are brought there by its {@link ScenarioProcesses}.
 */
public interface BenchProcess {
  /** "writer", "consumer-0", ... */
  String name();

  /** At its start gate. */
  boolean isReady();

  /** Still running (a process that has not started yet counts as alive). */
  boolean isAlive();

  /** Lets it start at {@code epochMs}. */
  void release(long epochMs) throws IOException;

  /** Asks it to end its run now (it still writes its results). */
  void stop() throws IOException;

  /** Waits up to {@code timeoutMs} for it to end; its exit status (non-zero when it failed or was killed). */
  int finish(long timeoutMs) throws InterruptedException;

  /** Ends it at once. */
  void kill();

  /** Why it failed, as far as can be told: its last error output, or its pod's state and log tail. */
  String failureText();
}
