package io.tablestoreycsb.planner.kubernetes;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.tablestoreycsb.cluster.kubernetes.PodStates;
import io.tablestoreycsb.cluster.kubernetes.RunningJob;
import io.tablestoreycsb.planner.results.PlanCells;
import java.util.List;
import java.util.Map;

/**
 * The running Job of a plan ({@link PlanManifests}) as the planner drives it: cells handed over one after
 * another ({@link #handOver}), the pods' states, and whether it can serve another cell. A Job that lost a
 * pod or left a cell unfinished is {@link #broken}: the planner closes it and serves the next cell from a
 * new one. Closing tells the pods that the plan has ended, then deletes the Job and its pods (so does the
 * JVM's exit) and the session's requests.
 */
final class PlanJob implements AutoCloseable {
  private final PlanManifests manifests;
  private final RunningJob job;
  private final PlanCells cells;
  private int handedOver;
  private boolean broken;

  private PlanJob(PlanManifests manifests, RunningJob job, PlanCells cells) {
    this.manifests = manifests;
    this.job = job;
    this.cells = cells;
  }

  /** Creates the Job (deleting one of its name an interrupted earlier run left). */
  static PlanJob start(KubernetesClient client, String namespace, PlanManifests manifests, PlanCells cells) {
    return new PlanJob(manifests, RunningJob.start(client, namespace, manifests.job(), List.of()), cells);
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

  @Override
  public void close() {
    try {
      cells.end();
    } catch (RuntimeException e) {
      System.err.println("capacity-plan: could not store the plan's end marker (the Job is deleted anyway): " + e);
    }
    job.close();
    try {
      cells.delete();
    } catch (RuntimeException e) {
      System.err.println("capacity-plan: could not delete the plan's cell requests (no result is among them): " + e);
    }
  }
}
