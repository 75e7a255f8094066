package io.tablestoreycsb.cluster.launch;

import io.tablestoreycsb.kit.child.ChildJvm;
import java.io.IOException;
import java.nio.file.Path;
import java.util.OptionalInt;

/**
 * A child an executor started, wherever it runs: what its parent asks of it. A child of this machine's
 * directories ({@link ChildLauncher}) reads and writes {@link #dir} itself; a pod's
 * ({@link RemoteChild}, a child of a {@link ChildGroup}) directory here is a copy its launcher keeps.
 */
public interface LaunchedChild {
  String name();

  /** Its directory on this machine (the {@link ChildSpec#dir()} it was started with). */
  Path dir();

  /** True once it waits at its start gate. */
  boolean isReady();

  /** Lets it start at {@code epochMs} (at once when that is past). */
  void release(long epochMs) throws IOException;

  /** Asks it to end its run now (its result is what it did until then). */
  void stop() throws IOException;

  /**
   * Hands it one request line, for a child that serves requests one after another.
   *
   * @throws IOException when it has exited
   */
  void send(String line) throws IOException;

  boolean isAlive();

  /** Its exit status, or empty while it runs. */
  OptionalInt exitCode();

  /** The id of its process where it runs (for diagnostics and tests). */
  long processId();

  /** Waits up to {@code timeoutMs} for its exit, ending it when it is still running then. */
  ChildJvm.Exit finish(long timeoutMs) throws InterruptedException;

  /** Ends it at once. */
  void kill();

  /** The last lines of its error output that were not status lines, for a failure message. */
  String stderrTail();
}
