package io.tablestoreycsb.planner.kubernetes;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.tablestoreycsb.cluster.kubernetes.PodGroup;
import io.tablestoreycsb.cluster.kubernetes.PodLogs;
import io.tablestoreycsb.cluster.kubernetes.PodStates;
import io.tablestoreycsb.cluster.kubernetes.RunningJob;
import io.tablestoreycsb.planner.store.PlanCells;
import java.time.Duration;
import java.util.Map;

/**
 * The running Job of a plan ({@link PlanManifests}) as the planner drives it: cells handed over one after
 * another ({@link #handOver}), the pods' states, and whether it can serve another cell. A Job that lost a
 * pod or left a cell unfinished is {@link #broken}: the planner closes it and serves the next cell from a
 * new one. {@link #finish} tells the pods that the plan has ended and lets them exit before it deletes the Job;
 * closing deletes it at once (so does the JVM's exit); both delete the session's requests.
 */
final class PlanJob implements AutoCloseable {
  private final PlanManifests manifests;
  /** The plan's runner pods, launched and followed as the Kubernetes executor does any application's. */
  private final PodGroup group;
  private final RunningJob job;
  private final PlanCells cells;
  private int handedOver;
  private boolean broken;

  private PlanJob(PlanManifests manifests, PodGroup group, PlanCells cells) {
    this.manifests = manifests;
    this.group = group;
    this.job = group.job();
    this.cells = cells;
  }

  /**
   * Creates the Job (deleting one of its name an interrupted earlier run left).
   *
   * @param logs where the pods' logs are read
   */
  static PlanJob start(KubernetesClient client, String namespace, PlanManifests manifests, PlanCells cells,
      PodLogs logs) {
    return new PlanJob(manifests, PodGroup.start(client, namespace, manifests.job(), logs), cells);
  }

  PlanManifests manifests() {
    return manifests;
  }

  String name() {
    return job.name();
  }

  /** The next cell's number in this Job's session. */
  int nextSeq() {
    return handedOver + 1;
  }

  /** Stores the cell's request: every pod of the Job takes it once it has served the ones before. */
  void handOver(CellHandover cell) {
    if (cell.seq() != handedOver + 1) {
      throw new IllegalArgumentException("cell " + cell.seq() + " handed over after cell " + handedOver);
    }
    cells.put(cell.seq(), cell.toJson());
    handedOver = cell.seq();
  }

  Map<Integer, Pod> poll() {
    return job.poll();
  }

  Map<Integer, Pod> pods() {
    return job.pods();
  }

  RunningJob running() {
    return job;
  }

  /** A failed pod's log's last lines as the end of its runner's error, or "". */
  String logTailText(Pod pod) {
    return group.logTailText(pod);
  }

  /** Whether every pod of the Job is running and has served every cell before (the next starts at once). */
  boolean warm() {
    Map<Integer, Pod> pods = job.poll();
    return handedOver > 0 && !broken && pods.size() == manifests.runners()
        && pods.values().stream().allMatch(PodStates::running);
  }

  /** Whether a cell of {@code runners} runners can be served by this Job. */
  boolean serves(int runners) {
    return !broken && runners <= manifests.runners() && job.ended() == 0;
  }

  boolean broken() {
    return broken;
  }

  /** A pod of the Job ended or left a cell unfinished: the next cell needs a new Job. */
  void markBroken() {
    broken = true;
  }

  /**
   * Tells the pods the plan has ended and lets them exit by themselves (the runner JVMs closed, the pods
   * {@code Completed}, exit code 0) for up to {@code wait}, then deletes the Job. Deleting it at once would
   * kill every pod of a good plan with SIGTERM (exit code 143), and {@code kubectl get pods} would show a
   * good plan as failed pods. A broken Job, or one that served no cell, is deleted at once.
   */
  void finish(Duration wait) throws InterruptedException {
    boolean ended = storeEnd();
    if (ended && !broken && handedOver > 0) {
      long deadline = System.nanoTime() + wait.toNanos();
      while (System.nanoTime() < deadline && !allPodsEnded()) {
        Thread.sleep(500);
      }
    }
    deleteJob();
  }

  private boolean allPodsEnded() {
    Map<Integer, Pod> pods = job.poll();
    return job.finished() || pods.size() == manifests.runners() && pods.values().stream().allMatch(PodStates::ended);
  }

  /** Tells the pods the plan has ended and deletes the Job at once (an interrupted or broken plan). */
  @Override
  public void close() {
    storeEnd();
    deleteJob();
  }

  private boolean storeEnd() {
    try {
      cells.end();
      return true;
    } catch (RuntimeException e) {
      System.err.println("capacity-plan: could not store the plan's end marker (the Job is deleted anyway): " + e);
      return false;
    }
  }

  private void deleteJob() {
    group.close();
    try {
      cells.delete();
    } catch (RuntimeException e) {
      System.err.println("capacity-plan: could not delete the plan's cell requests (no result is among them): " + e);
    }
  }
}
