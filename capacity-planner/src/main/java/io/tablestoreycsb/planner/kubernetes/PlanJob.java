package io.tablestoreycsb.planner.kubernetes;

import io.tablestoreycsb.cluster.launch.ChildGroup;
import io.tablestoreycsb.cluster.launch.ChildGroups;
import io.tablestoreycsb.cluster.launch.ChildState;
import io.tablestoreycsb.planner.store.PlanCells;
import java.time.Duration;
import java.util.Map;

/**
 * The running group of a plan's runners ({@link PlanManifests}, a {@link ChildGroup}: on Kubernetes one Job)
 * as the planner drives it: cells handed over one after
 * another ({@link #handOver}), the pods' states, and whether it can serve another cell. A Job that lost a
 * pod or left a cell unfinished is {@link #broken}: the planner closes it and serves the next cell from a
 * new one. {@link #finish} tells the pods that the plan has ended and lets them exit before it deletes the Job;
 * closing deletes it at once (so does the JVM's exit); both delete the session's requests.
 */
final class PlanJob implements AutoCloseable {
  private final PlanManifests manifests;
  /** The plan's runner pods, launched and followed as its executor does any application's children. */
  private final ChildGroup group;
  private final PlanCells cells;
  private int handedOver;
  private boolean broken;

  private PlanJob(PlanManifests manifests, ChildGroup group, PlanCells cells) {
    this.manifests = manifests;
    this.group = group;
    this.cells = cells;
  }

  /** Starts the group (deleting one of its name an interrupted earlier run left). */
  static PlanJob start(ChildGroups groups, PlanManifests manifests, PlanCells cells) {
    return new PlanJob(manifests, groups.start(manifests.group()), cells);
  }

  PlanManifests manifests() {
    return manifests;
  }

  String name() {
    return group.name();
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

  /** The runners' pods, as the group follows them. */
  ChildGroup group() {
    return group;
  }

  /** Whether every pod of the Job is running and has served every cell before (the next starts at once). */
  boolean warm() {
    Map<Integer, ChildState> pods = group.poll();
    return handedOver > 0 && !broken && pods.size() == manifests.runners()
        && pods.values().stream().allMatch(ChildState::running);
  }

  /** Whether a cell of {@code runners} runners can be served by this Job. */
  boolean serves(int runners) {
    return !broken && runners <= manifests.runners() && group.states().values().stream().noneMatch(ChildState::ended);
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
    Map<Integer, ChildState> pods = group.poll();
    return group.finished() || pods.size() == manifests.runners() && pods.values().stream().allMatch(ChildState::ended);
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
