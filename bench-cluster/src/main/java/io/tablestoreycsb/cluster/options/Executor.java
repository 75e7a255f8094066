package io.tablestoreycsb.cluster.options;

import io.tablestoreycsb.cluster.kubernetes.ClusterAccess;
import io.tablestoreycsb.cluster.kubernetes.KubernetesGroups;
import io.tablestoreycsb.cluster.kubernetes.KubernetesSettings;
import io.tablestoreycsb.cluster.launch.ChildGroups;
import io.tablestoreycsb.cluster.launch.ChildLauncher;
import io.tablestoreycsb.cluster.launch.LocalChildLauncher;

/**
 * Where an application's runners run, as {@code --executor} chose it: parsed once ({@link #parse}), then a value
 * each application turns into what launches its runners through its {@link Launchers}. An executor is one of two
 * kinds, each a seam both applications launch through:
 * <ul>
 *   <li>children whose directories this machine reads and writes: a {@link ChildLauncher}
 *       ({@link Launchers#children}; the local executor's is {@link LocalChildLauncher});
 *   <li>children that run where this machine's directories are not: a {@link ChildGroups} starting groups of
 *       children ({@link io.tablestoreycsb.cluster.launch.ChildGroup}) that exchange their files and results
 *       through an object store ({@link Launchers#groups}; Kubernetes' is {@link KubernetesGroups}, a group the
 *       pods of one Indexed Job).
 * </ul>
 *
 * <p>A new executor is a record here whose {@link #launcher} hands its implementation of one of the two to its
 * method of {@link Launchers}, and its name in {@link #parse} and {@link #NAMES}: the applications need no change.
 */
public sealed interface Executor permits Executor.Local, Executor.Kubernetes {
  /** Runner JVMs on this machine. */
  Executor LOCAL = new Local();

  /** The names {@link #parse} takes, as both applications' {@code --executor} help shows them. */
  String NAMES = "local|kubernetes";

  /**
   * The executor {@code name} chooses; {@code kubernetes} takes its settings from {@code options} (checked: a
   * missing results location is named).
   */
  static Executor parse(String name, KubernetesOptions options) {
    return switch (name) {
      case "local" -> LOCAL;
      case "kubernetes" -> new Kubernetes(options.settings());
      default -> throw new IllegalArgumentException("--executor '" + name + "': use one of " + NAMES);
    };
  }

  /** What launches the runners here, made by the factory of this kind. */
  <T> T launcher(Launchers<T> launchers) throws Exception;

  /** Whether the runners run on this machine (and reach what listens on its 127.0.0.1). */
  boolean onThisMachine();

  /**
   * An application's factories of what launches its runners, one per kind of executor.
   *
   * @param <T> what launches them (the planner's cell executor, tunnel-bench's process launcher)
   */
  interface Launchers<T> {
    /**
     * The launcher of children {@code children} starts, whose directories this machine reads and writes (the
     * start gate, stop and result files of {@link io.tablestoreycsb.cluster.launch.LaunchedChild#dir}).
     */
    T children(ChildLauncher children) throws Exception;

    /** The launcher of children in groups {@code groups} starts elsewhere, their files through an object store. */
    T groups(ChildGroups groups) throws Exception;

    /** Who launches, as a message about a child someone else removed names it ("this planner"). */
    String parent();

    /** How the Kubernetes executor reaches the cluster and the object store (tests hand their own). */
    default ClusterAccess clusterAccess() {
      return ClusterAccess.fromEnvironment();
    }
  }

  /** Runner JVMs on this machine. */
  record Local() implements Executor {
    @Override
    public <T> T launcher(Launchers<T> launchers) throws Exception {
      return launchers.children(LocalChildLauncher.ofThisJvm());
    }

    @Override
    public boolean onThisMachine() {
      return true;
    }
  }

  /**
   * Runner pods of Kubernetes Jobs, their results through object storage.
   *
   * @param settings where and how the pods run and where their results go
   */
  record Kubernetes(KubernetesSettings settings) implements Executor {
    @Override
    public <T> T launcher(Launchers<T> launchers) throws Exception {
      return launchers.groups(new KubernetesGroups(launchers.clusterAccess(), settings, launchers.parent()));
    }

    @Override
    public boolean onThisMachine() {
      return false;
    }
  }
}
