package io.tablestoreycsb.tunnelbench.kubernetes;

import io.tablestoreycsb.tunnelbench.report.LostConsumer;
import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.tablestoreycsb.cluster.kubernetes.PodLogs;
import io.tablestoreycsb.cluster.kubernetes.PodStates;
import io.tablestoreycsb.cluster.kubernetes.RunningJob;
import io.tablestoreycsb.cluster.objectstore.AttemptStore;
import io.tablestoreycsb.cluster.objectstore.ObjectStore;
import io.tablestoreycsb.kit.child.StartGate;
import io.tablestoreycsb.tunnelbench.child.ChildFiles;
import io.tablestoreycsb.tunnelbench.run.BenchProcess;
import io.tablestoreycsb.tunnelbench.run.ProcessLauncher;
import io.tablestoreycsb.tunnelbench.run.ScenarioProcesses;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

/**
 * A scenario's pods, seen from the coordinator as local processes are: a thread polls the Jobs' pods and
 * brings what the processes share while they run ({@link ScenarioKeys#LIVE_FILES}) into their local
 * directories, where the scenario runner reads them as it reads a local process's; releasing and stopping
 * a process stores its control file. Once they have ended, {@link #collect()} downloads each pod's result
 * set into its process's directory, so the analysis reads the same files from the same places.
 *
 * <p>A consumer whose pod fails after the consumers were released and before it was asked to stop is
 * lost, not failed: the Tunnel service hands its channels to the other consumers, which resume them from
 * their last checkpoints. Its rows up to the moment it was lost are the ones it stored ahead of every
 * checkpoint ({@link StoredSegments}), which take the place of its final sets.
 */
final class KubernetesScenario implements ScenarioProcesses {
  static final long POLL_MS = 1000;
  private static final int LOG_TAIL_LINES = 15;

  private final ObjectStore store;
  private final ScenarioKeys keys;
  private final RunningJob writerJob;
  private final RunningJob consumerJob;
  private final PodLogs logs;
  private final PodProcess writer;
  private final List<PodProcess> consumers = new ArrayList<>();
  private final List<LostConsumer> lost = new CopyOnWriteArrayList<>();
  private final Thread mirror;
  private volatile boolean closed;
  private volatile String startingState = "";
  /** The consumers' rows so far are read now and then, not every poll. */
  static final long UNION_EVERY_MS = 5000;
  private long unionReadAt;
  private long unionRows;

  KubernetesScenario(ObjectStore store, ScenarioKeys keys, RunningJob writerJob, RunningJob consumerJob,
      ProcessLauncher.Launch launch, PodLogs logs) {
    this.store = store;
    this.keys = keys;
    this.writerJob = writerJob;
    this.consumerJob = consumerJob;
    this.logs = logs;
    this.writer = new PodProcess("writer", writerJob, 0, launch.writerDir());
    for (int k = 0; k < launch.consumerDirs().size(); k++) {
      consumers.add(new PodProcess("consumer-" + k, consumerJob, k, launch.consumerDirs().get(k)));
    }
    this.mirror = new Thread(this::mirrorLoop, "mirror-" + launch.name());
    this.mirror.setDaemon(true);
    this.mirror.start();
  }

  @Override
  public BenchProcess writer() {
    return writer;
  }

  @Override
  public List<BenchProcess> consumers() {
    return List.copyOf(consumers);
  }

  /**
   * Scheduling, an image pull on a fresh node and the JVM's start; a pod that cannot start (a bad image,
   * a missing Secret) fails at once with its reason instead.
   */
  @Override
  public java.time.Duration readyTimeout() {
    return java.time.Duration.ofSeconds(KubernetesLauncher.START_SECONDS);
  }

  /** Two exchange rounds: the coordinator's store write and the pod's read of it (every 0.5 s). */
  @Override
  public long releaseLeadMs() {
    return 2000;
  }

  @Override
  public String startingState() {
    return startingState;
  }

  @Override
  public List<LostConsumer> lostConsumers() {
    return List.copyOf(lost);
  }

  private List<PodProcess> all() {
    List<PodProcess> all = new ArrayList<>(consumers);
    all.add(writer);
    return all;
  }

  private void mirrorLoop() {
    while (!closed) {
      try {
        mirrorOnce();
      } catch (IOException | RuntimeException e) {
        // the next round tries again; a cluster or store that stays away shows in the runner's time-outs
        System.err.println("tunnel-bench: could not read the pods' state or files: " + e);
      }
      try {
        Thread.sleep(POLL_MS);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  /** Polls the pods, notes lost consumers, brings the files the processes share. */
  private synchronized void mirrorOnce() throws IOException {
    Map<Integer, Pod> writerPods = writerJob.poll();
    Map<Integer, Pod> consumerPods = consumerJob.poll();
    List<Pod> pods = new ArrayList<>(writerPods.values());
    pods.addAll(consumerPods.values());
    startingState = "pods: " + PodStates.describe(pods, consumers.size() + 1);
    for (PodProcess p : all()) {
      Pod pod = (p == writer ? writerPods : consumerPods).get(p.index);
      // files first, then the pod's state: a process seen ended has its last files in place
      for (String file : ScenarioKeys.LIVE_FILES) {
        Path local = p.dir.resolve(file);
        if (ScenarioKeys.WRITE_ONCE.contains(file) && Files.exists(local)) {
          continue;
        }
        Files.createDirectories(p.dir);
        store.get(keys.live(p.name, file), local);
      }
      if (pod != null && PodStates.ended(pod) && p.logTail == null) {
        p.logTail = logs.tail(pod, LOG_TAIL_LINES); // before the Job goes: its pods' logs go with it
      }
      // a lost consumer is listed before its pod is published: whoever sees it ended then finds it listed
      if (p != writer && p.released && !p.stopped && PodProcess.failed(pod)
          && lost.stream().noneMatch(l -> l.consumer().equals(p.name))) {
        lost.add(new LostConsumer(p.name, "pod " + pod.getMetadata().getName() + " on " + nodeOf(pod) + ", "
            + PodStates.failure(pod)));
      }
      p.pod = pod;
    }
  }

  private static String nodeOf(Pod pod) {
    return pod.getSpec() == null || pod.getSpec().getNodeName() == null ? "no node" : pod.getSpec().getNodeName();
  }

  /**
   * Every consumer's stored rows so far, as one set; read at most every {@value #UNION_EVERY_MS} ms, each
   * time only the segments stored since.
   */
  @Override
  public synchronized java.util.OptionalLong consumedSoFar() throws IOException {
    long now = System.currentTimeMillis();
    if (now - unionReadAt >= UNION_EVERY_MS) {
      java.util.BitSet union = new java.util.BitSet();
      for (PodProcess c : consumers) {
        c.segments.catchUp();
        union.or(c.segments.rows());
      }
      unionRows = union.cardinality();
      unionReadAt = now;
    }
    return java.util.OptionalLong.of(unionRows);
  }

  @Override
  public void collect() throws IOException, InterruptedException {
    mirrorOnce();
    Path staging = Files.createTempDirectory("tunnel-bench-results");
    try {
      AttemptStore attempts = new AttemptStore(store, ScenarioKeys.COMPLETION);
      Map<Integer, Integer> writers = attempts.download(keys.results(ScenarioKeys.WRITER_GROUP),
          staging.resolve(ScenarioKeys.WRITER_GROUP), Map.of());
      Map<Integer, Integer> consumerSets = attempts.download(keys.results(ScenarioKeys.CONSUMER_GROUP),
          staging.resolve(ScenarioKeys.CONSUMER_GROUP), Map.of());
      if (writers.containsKey(0)) {
        moveFiles(staging.resolve(ScenarioKeys.WRITER_GROUP).resolve("runner-0"), writer.dir);
      }
      for (PodProcess c : consumers) {
        if (consumerSets.containsKey(c.index)) {
          moveFiles(staging.resolve(ScenarioKeys.CONSUMER_GROUP).resolve("runner-" + c.index), c.dir);
        } else {
          // a lost consumer: what it had stored ahead of every checkpoint stands for its final sets
          c.segments.catchUp();
          Files.createDirectories(c.dir);
          io.tablestoreycsb.tunnelbench.child.RowSets.writeBits(c.dir.resolve(ChildFiles.CONSUMED), c.segments.rows());
          io.tablestoreycsb.tunnelbench.child.RowSegment.writePages(c.dir.resolve(ChildFiles.PAGES),
              c.segments.pages());
          if (c.pod != null && c.pod.getSpec() != null && c.pod.getSpec().getNodeName() != null) {
            Files.writeString(c.dir.resolve(ChildFiles.HOST), c.pod.getSpec().getNodeName());
          }
        }
      }
      for (PodProcess p : all()) {
        if (p.logTail != null && !p.logTail.isBlank()) {
          Files.writeString(p.dir.resolve("pod-log-tail.txt"), p.logTail);
        }
      }
    } finally {
      deleteRecursively(staging);
    }
  }

  @Override
  public void close() {
    closed = true;
    mirror.interrupt();
    try {
      mirror.join(5000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    writerJob.close();
    consumerJob.close();
  }

  private static void moveFiles(Path from, Path to) throws IOException {
    Files.createDirectories(to);
    try (Stream<Path> files = Files.list(from)) {
      for (Path f : files.toList()) {
        Files.move(f, to.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
      }
    }
  }

  private static void deleteRecursively(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  /** The writer or a consumer in its pod, as the scenario runner sees a process. */
  private final class PodProcess implements BenchProcess {
    final String name;
    final RunningJob job;
    final int index;
    final Path dir;
    volatile Pod pod;
    volatile String logTail;
    volatile boolean released;
    volatile boolean stopped;
    /** A consumer's rows so far, as far as read. */
    final StoredSegments segments;

    PodProcess(String name, RunningJob job, int index, Path dir) {
      this.segments = new StoredSegments(store, keys.rowsSoFar(name));
      this.name = name;
      this.job = job;
      this.index = index;
      this.dir = dir;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public boolean isReady() {
      return Files.isRegularFile(dir.resolve(StartGate.READY_FILE));
    }

    @Override
    public boolean isAlive() {
      Pod p = pod;
      return p == null || !PodStates.ended(p) && PodStates.hopeless(p).isEmpty();
    }

    static boolean failed(Pod p) {
      return p != null && (PodStates.ended(p) && !"Succeeded".equals(p.getStatus().getPhase())
          || PodStates.hopeless(p).isPresent());
    }

    @Override
    public void release(long epochMs) throws IOException {
      Path file = Files.createTempFile("release", "");
      try {
        StartGate.writeInstant(file, epochMs);
        store.put(keys.control(name, StartGate.RELEASE_FILE), file);
      } finally {
        Files.deleteIfExists(file);
      }
      released = true;
    }

    @Override
    public void stop() {
      stopped = true;
      store.putString(keys.control(name, io.tablestoreycsb.kit.child.ChildJvm.STOP_FILE),
          Long.toString(System.currentTimeMillis()));
    }

    @Override
    public int finish(long timeoutMs) throws InterruptedException {
      long deadline = System.currentTimeMillis() + timeoutMs;
      while (isAlive() && System.currentTimeMillis() < deadline) {
        Thread.sleep(POLL_MS / 2);
      }
      Pod p = pod;
      if (p == null || isAlive()) {
        return -1;
      }
      return exitCode(p).orElse(PodStates.ended(p) && "Succeeded".equals(p.getStatus().getPhase()) ? 0 : 1);
    }

    @Override
    public void kill() {
      // the pods go with their Jobs (close)
    }

    @Override
    public String failureText() {
      Pod p = pod;
      if (p == null) {
        return "no pod of " + job.name() + " index " + index + " was created";
      }
      Optional<String> stuck = PodStates.hopeless(p);
      String why = "pod " + p.getMetadata().getName() + " on " + nodeOf(p) + ": "
          + stuck.orElseGet(() -> PodStates.failure(p));
      String tail = logTail != null ? logTail : logs.tail(p, LOG_TAIL_LINES);
      return tail.isBlank() ? why : why + "\nlast log lines of the pod:\n" + tail.strip();
    }
  }

  private static Optional<Integer> exitCode(Pod pod) {
    Collection<ContainerStatus> statuses = pod.getStatus() == null || pod.getStatus().getContainerStatuses() == null
        ? List.of() : pod.getStatus().getContainerStatuses();
    return statuses.stream().map(s -> s.getState() == null ? null : s.getState().getTerminated())
        .filter(java.util.Objects::nonNull).map(ContainerStateTerminated::getExitCode).findFirst();
  }
}
