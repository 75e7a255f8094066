package io.tablestoreycsb.cluster.launch;

import io.tablestoreycsb.cluster.objectstore.ObjectStore;
import io.tablestoreycsb.kit.child.ChildJvm;
import io.tablestoreycsb.kit.child.StartGate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * One child of a {@link ChildGroup} as its parent sees a child of this machine: its directory here holds what the
 * child shares while it runs, brought from the object store by {@link #bringSharedFiles}; releasing and stopping
 * it store its release and stop files where the child looks for them ({@link ChildExchange}); its state, exit
 * status and failure text are its group's {@link ChildState}. Its result set comes through
 * {@link ChildGroup#fetchResults} once it ended. On the child's side (in a pod, a
 * {@link io.tablestoreycsb.cluster.kubernetes.PodBridge}) is the other side of the exchange.
 */
public final class RemoteChild implements LaunchedChild {
  private final ChildGroup group;
  private final int index;
  private final String name;
  private final Path dir;
  private final ObjectStore store;
  private final ChildExchange exchange;
  private volatile ChildState state;
  private volatile String logTail;
  private volatile boolean released;
  private volatile boolean stopped;

  /**
   * @param index its index in its group
   * @param name what the application calls it ("consumer-1")
   * @param dir its directory on this machine
   */
  public RemoteChild(ChildGroup group, int index, String name, Path dir, ObjectStore store, ChildExchange exchange) {
    this.group = group;
    this.index = index;
    this.name = name;
    this.dir = dir;
    this.store = store;
    this.exchange = exchange;
  }

  public int index() {
    return index;
  }

  /** Its state as {@link #see} last saw it; null before it was created. */
  public ChildState state() {
    return state;
  }

  /** Whether it was released (its start instant stored). */
  public boolean released() {
    return released;
  }

  /** Whether it was asked to stop. */
  public boolean stopped() {
    return stopped;
  }

  /**
   * Brings what the pod shared since the last look into its directory. Call it before {@link #see}: a child seen
   * ended then has its last files in place. The files are fetched last first and put in place first first:
   * whoever finds one of them here finds every one the pod shared before it (the writer's result before its
   * acknowledgements), even when the pod shared them between two fetches.
   */
  public void bringSharedFiles() throws IOException {
    List<String> files = exchange.sharedFiles();
    Map<String, Path> fetched = new HashMap<>();
    try {
      for (int i = files.size() - 1; i >= 0; i--) {
        String file = files.get(i);
        if (exchange.writeOnce().contains(file) && Files.exists(dir.resolve(file))) {
          continue;
        }
        Files.createDirectories(dir);
        Path part = dir.resolve(file + ".fetching");
        if (store.get(exchange.sharedKey(file), part)) {
          fetched.put(file, part);
        }
      }
      for (String file : files) {
        Path part = fetched.remove(file);
        if (part != null) {
          Files.move(part, dir.resolve(file), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
      }
    } finally {
      for (Path part : fetched.values()) {
        Files.deleteIfExists(part);
      }
    }
  }

  /**
   * Takes {@code latest} as its state (null: not created yet). An ended child's log tail is kept at once: its log
   * goes with its group.
   */
  public void see(ChildState latest) {
    if (latest != null && latest.ended() && logTail == null) {
      logTail = group.logTail(latest, ChildGroup.LOG_TAIL_LINES);
    }
    state = latest;
  }

  /** The log tail kept when its pod ended, or null. */
  public String keptLogTail() {
    return logTail;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Path dir() {
    return dir;
  }

  @Override
  public boolean isReady() {
    return Files.isRegularFile(dir.resolve(StartGate.READY_FILE));
  }

  @Override
  public void release(long epochMs) throws IOException {
    Path file = Files.createTempFile("release", "");
    try {
      StartGate.writeInstant(file, epochMs);
      store.put(exchange.controlKey(StartGate.RELEASE_FILE), file);
    } finally {
      Files.deleteIfExists(file);
    }
    released = true;
  }

  @Override
  public void stop() {
    stopped = true;
    store.putString(exchange.controlKey(ChildJvm.STOP_FILE), Long.toString(System.currentTimeMillis()));
  }

  /** A remote child takes no request lines: what it serves is handed over in the object store. */
  @Override
  public void send(String line) throws IOException {
    throw new IOException(name + " runs in a pod: it takes no request lines");
  }

  /** A child not created yet counts as alive; a child stuck for good does not. */
  @Override
  public boolean isAlive() {
    ChildState s = state;
    return s == null || !s.ended() && s.stuck().isEmpty();
  }

  @Override
  public OptionalInt exitCode() {
    ChildState s = state;
    if (s == null || isAlive()) {
      return OptionalInt.empty();
    }
    return s.exitCode().isPresent() ? s.exitCode() : OptionalInt.of(s.phase() == ChildState.Phase.SUCCEEDED ? 0 : 1);
  }

  /** No process of this machine: -1. */
  @Override
  public long processId() {
    return -1;
  }

  /**
   * Waits up to {@code timeoutMs} for it to end (as {@link #see} last saw it); one still running then is
   * reported killed with status -1 (the children go with their group when it closes).
   */
  @Override
  public ChildJvm.Exit finish(long timeoutMs) throws InterruptedException {
    long deadline = System.currentTimeMillis() + timeoutMs;
    while (isAlive() && System.currentTimeMillis() < deadline) {
      Thread.sleep(500);
    }
    OptionalInt code = exitCode();
    return code.isPresent() ? new ChildJvm.Exit(code.getAsInt(), false) : new ChildJvm.Exit(-1, true);
  }

  /** Nothing at once: the children go with their group when it closes. */
  @Override
  public void kill() {
  }

  /** Why it failed as far as its executor tells: its state or why it is stuck, and its log's last lines. */
  @Override
  public String stderrTail() {
    ChildState s = state;
    if (s == null) {
      return "no pod of " + group.name() + " index " + index + " was created";
    }
    String why = "pod " + s.name() + " on " + s.where() + ": " + s.stuck().orElseGet(s::failure);
    String tail = logTail != null ? logTail : group.logTail(s, ChildGroup.LOG_TAIL_LINES);
    return why + ChildGroup.logTailText(tail);
  }
}
