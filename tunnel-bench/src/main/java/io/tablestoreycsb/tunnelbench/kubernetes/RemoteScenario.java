package io.tablestoreycsb.tunnelbench.kubernetes;

import io.tablestoreycsb.cluster.launch.ChildGroup;
import io.tablestoreycsb.cluster.launch.ChildState;
import io.tablestoreycsb.cluster.launch.RemoteChild;
import io.tablestoreycsb.cluster.objectstore.AttemptStore;
import io.tablestoreycsb.cluster.objectstore.ObjectStore;
import io.tablestoreycsb.tunnelbench.child.ChildFiles;
import io.tablestoreycsb.tunnelbench.child.RowSegment;
import io.tablestoreycsb.tunnelbench.child.RowSets;
import io.tablestoreycsb.tunnelbench.report.LostConsumer;
import io.tablestoreycsb.tunnelbench.run.BenchProcess;
import io.tablestoreycsb.tunnelbench.run.ChildProcess;
import io.tablestoreycsb.tunnelbench.run.ProcessLauncher;
import io.tablestoreycsb.tunnelbench.run.ScenarioProcesses;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A scenario's pods, seen from the coordinator as local processes are: each is a {@link RemoteChild} of its
 * {@link ChildGroup} (on Kubernetes a Job), and a thread polls the groups' pods and brings what the processes
 * share while they run
 * ({@link ScenarioKeys#LIVE_FILES}) into their local directories, where the scenario runner reads them as it
 * reads a local process's; releasing and stopping a process stores its control file. Once they have ended,
 * {@link #collect()} fetches each pod's result set into its process's directory, so the analysis reads the same
 * files from the same places.
 *
 * <p>A consumer whose pod fails after the consumers were released and before it was asked to stop is
 * lost, not failed: the Tunnel service hands its channels to the other consumers, which resume them from
 * their last checkpoints. Its rows up to the moment it was lost are the ones it stored ahead of every
 * checkpoint ({@link StoredSegments}), which take the place of its final sets.
 */
final class RemoteScenario implements ScenarioProcesses {
  static final long POLL_MS = 1000;

  private final ObjectStore store;
  private final ScenarioKeys keys;
  private final ChildGroup writerJob;
  private final ChildGroup consumerJob;
  private final RemoteChild writer;
  private final List<RemoteChild> consumers = new ArrayList<>();
  /** A consumer's rows so far, as far as read, by its name. */
  private final Map<String, StoredSegments> segments = new LinkedHashMap<>();
  private final List<LostConsumer> lost = new CopyOnWriteArrayList<>();
  private final Thread mirror;
  private volatile boolean closed;
  private volatile String startingState = "";
  /** The consumers' rows so far are read now and then, not every poll. */
  static final long UNION_EVERY_MS = 5000;
  private long unionReadAt;
  private long unionRows;

  RemoteScenario(ObjectStore store, ScenarioKeys keys, ChildGroup writerJob, ChildGroup consumerJob,
      ProcessLauncher.Launch launch) {
    this.store = store;
    this.keys = keys;
    this.writerJob = writerJob;
    this.consumerJob = consumerJob;
    this.writer = child(writerJob, 0, "writer", launch.writerDir());
    for (int k = 0; k < launch.consumerDirs().size(); k++) {
      RemoteChild consumer = child(consumerJob, k, "consumer-" + k, launch.consumerDirs().get(k));
      consumers.add(consumer);
      segments.put(consumer.name(), new StoredSegments(store, keys.rowsSoFar(consumer.name())));
    }
    this.mirror = new Thread(this::mirrorLoop, "mirror-" + launch.name());
    this.mirror.setDaemon(true);
    this.mirror.start();
  }

  private RemoteChild child(ChildGroup group, int index, String name, Path dir) {
    return new RemoteChild(group, index, name, dir, store, keys.exchange(name));
  }

  @Override
  public BenchProcess writer() {
    return new ChildProcess(writer);
  }

  @Override
  public List<BenchProcess> consumers() {
    return consumers.stream().<BenchProcess>map(ChildProcess::new).toList();
  }

  /**
   * Scheduling, an image pull on a fresh node and the JVM's start; a pod that cannot start (a bad image,
   * a missing Secret) fails at once with its reason instead.
   */
  @Override
  public Duration readyTimeout() {
    return Duration.ofSeconds(RemoteLauncher.START_SECONDS);
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

  private List<RemoteChild> all() {
    List<RemoteChild> all = new ArrayList<>(consumers);
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

  /** Polls the pods, brings the files the processes share, notes lost consumers. */
  private synchronized void mirrorOnce() throws IOException {
    Map<Integer, ChildState> writerPods = writerJob.poll();
    Map<Integer, ChildState> consumerPods = consumerJob.poll();
    List<ChildState> pods = new ArrayList<>(writerPods.values());
    pods.addAll(consumerPods.values());
    startingState = "pods: " + ChildState.describe(pods, consumers.size() + 1);
    for (RemoteChild p : all()) {
      ChildState pod = (p == writer ? writerPods : consumerPods).get(p.index());
      p.bringSharedFiles();
      // a lost consumer is listed before its pod is published: whoever sees it ended then finds it listed
      if (p != writer && p.released() && !p.stopped() && pod != null && pod.failed()
          && lost.stream().noneMatch(l -> l.consumer().equals(p.name()))) {
        lost.add(new LostConsumer(p.name(), "pod " + pod.name() + " on " + pod.where() + ", " + pod.failure()));
      }
      p.see(pod);
    }
  }

  /**
   * Every consumer's stored rows so far, as one set; read at most every {@value #UNION_EVERY_MS} ms, each
   * time only the segments stored since.
   */
  @Override
  public synchronized OptionalLong consumedSoFar() throws IOException {
    long now = System.currentTimeMillis();
    if (now - unionReadAt >= UNION_EVERY_MS) {
      BitSet union = new BitSet();
      for (StoredSegments s : segments.values()) {
        s.catchUp();
        union.or(s.rows());
      }
      unionRows = union.cardinality();
      unionReadAt = now;
    }
    return OptionalLong.of(unionRows);
  }

  @Override
  public void collect() throws IOException, InterruptedException {
    mirrorOnce();
    AttemptStore attempts = new AttemptStore(store, ScenarioKeys.COMPLETION);
    ChildGroup.fetchResults(staging -> attempts.download(keys.results(ScenarioKeys.WRITER_GROUP), staging, Map.of()),
        index -> writer.dir());
    Map<Integer, Integer> consumerSets = ChildGroup.fetchResults(staging -> attempts.download(
        keys.results(ScenarioKeys.CONSUMER_GROUP), staging, Map.of()), index -> consumers.get(index).dir());
    for (RemoteChild c : consumers) {
      if (!consumerSets.containsKey(c.index())) {
        // a lost consumer: what it had stored ahead of every checkpoint stands for its final sets
        StoredSegments s = segments.get(c.name());
        s.catchUp();
        Files.createDirectories(c.dir());
        RowSets.writeBits(c.dir().resolve(ChildFiles.CONSUMED), s.rows());
        RowSegment.writePages(c.dir().resolve(ChildFiles.PAGES), s.pages());
        ChildState pod = c.state();
        if (pod != null && pod.host().isPresent()) {
          Files.writeString(c.dir().resolve(ChildFiles.HOST), pod.host().get());
        }
      }
    }
    for (RemoteChild p : all()) {
      String tail = p.keptLogTail();
      if (tail != null && !tail.isBlank()) {
        Files.writeString(p.dir().resolve("pod-log-tail.txt"), tail);
      }
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
}
