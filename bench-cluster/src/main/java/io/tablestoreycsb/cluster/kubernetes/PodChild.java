package io.tablestoreycsb.cluster.kubernetes;

import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.tablestoreycsb.cluster.launch.LaunchedChild;
import io.tablestoreycsb.cluster.objectstore.ObjectStore;
import io.tablestoreycsb.kit.child.ChildJvm;
import io.tablestoreycsb.kit.child.StartGate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One pod of a {@link PodGroup} as its parent sees a child of this machine: its directory here holds what the
 * pod shares while it runs, brought from the object store by {@link #bringSharedFiles}; releasing and stopping it store
 * its release and stop files where the pod looks for them ({@link ChildExchange}); its state, exit status and
 * failure text are its pod's. Its result set comes through {@link PodGroup#fetchResults} once it ended. In the
 * pod, a {@link PodBridge} keeps the other side of the exchange.
 */
public final class PodChild implements LaunchedChild {
  private final PodGroup group;
  private final int index;
  private final String name;
  private final Path dir;
  private final ObjectStore store;
  private final ChildExchange exchange;
  private volatile Pod pod;
  private volatile String logTail;
  private volatile boolean released;
  private volatile boolean stopped;

  /**
   * @param index its pod's index in the group's Job
   * @param name what the application calls it ("consumer-1")
   * @param dir its directory on this machine
   */
  public PodChild(PodGroup group, int index, String name, Path dir, ObjectStore store, ChildExchange exchange) {
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

  /** Its pod as {@link #see} last saw it; null before one was created. */
  public Pod pod() {
    return pod;
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
   * Takes {@code latest} as its pod (null: none created yet). An ended pod's log tail is kept at once: its log
   * goes with the Job.
   */
  public void see(Pod latest) {
    if (latest != null && PodStates.ended(latest) && logTail == null) {
      logTail = group.logTail(latest, PodGroup.LOG_TAIL_LINES);
    }
    pod = latest;
  }

  /** The log tail kept when its pod ended, or null. */
  public String keptLogTail() {
    return logTail;
  }

  /** Whether its pod failed: ended other than Succeeded, or stuck for good (a bad image, a missing Secret). */
  public static boolean failed(Pod p) {
    return p != null && (PodStates.ended(p) && !"Succeeded".equals(p.getStatus().getPhase())
        || PodStates.hopeless(p).isPresent());
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

  /** A pod takes no request lines: what it serves is handed over in the object store. */
  @Override
  public void send(String line) throws IOException {
    throw new IOException(name + " runs in a pod: it takes no request lines");
  }

  /** A pod not created yet counts as alive; a pod stuck for good does not. */
  @Override
  public boolean isAlive() {
    Pod p = pod;
    return p == null || !PodStates.ended(p) && PodStates.hopeless(p).isEmpty();
  }

  @Override
  public OptionalInt exitCode() {
    Pod p = pod;
    if (p == null || isAlive()) {
      return OptionalInt.empty();
    }
    return OptionalInt.of(containerExitCode(p).orElse(PodStates.ended(p) && "Succeeded".equals(
        p.getStatus().getPhase()) ? 0 : 1));
  }

  /** No process of this machine: -1. */
  @Override
  public long processId() {
    return -1;
  }

  /**
   * Waits up to {@code timeoutMs} for its pod to end (as {@link #see} last saw it); a pod still running then
   * is reported killed with status -1 (the pods go with their Job when the group closes).
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

  /** Nothing at once: the pods go with their Job when the group closes. */
  @Override
  public void kill() {
  }

  /** Why it failed as far as the cluster tells: its pod's state or waiting reason, and its log's last lines. */
  @Override
  public String stderrTail() {
    Pod p = pod;
    if (p == null) {
      return "no pod of " + group.name() + " index " + index + " was created";
    }
    Optional<String> stuck = PodStates.hopeless(p);
    String why = "pod " + p.getMetadata().getName() + " on " + PodGroup.nodeOf(p) + ": "
        + stuck.orElseGet(() -> PodStates.failure(p));
    String tail = logTail != null ? logTail : group.logTail(p, PodGroup.LOG_TAIL_LINES);
    return why + PodGroup.logTailText(tail);
  }

  private static Optional<Integer> containerExitCode(Pod pod) {
    Collection<ContainerStatus> statuses = pod.getStatus() == null || pod.getStatus().getContainerStatuses() == null
        ? List.of() : pod.getStatus().getContainerStatuses();
    return statuses.stream().map(s -> s.getState() == null ? null : s.getState().getTerminated())
        .filter(Objects::nonNull).map(ContainerStateTerminated::getExitCode).findFirst();
  }
}
