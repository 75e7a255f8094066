package io.tablestoreycsb.cluster.options;

import io.tablestoreycsb.cluster.kubernetes.KubernetesSettings;
import io.tablestoreycsb.cluster.launch.ChildLauncher;
import io.tablestoreycsb.cluster.launch.LocalChildLauncher;

/**
 * Where an application's runners run, as {@code --executor} chose it: parsed once ({@link #parse}), then a value
 * each application turns into what launches its runners through its {@link Launchers}. The local executor hands
 * the applications a {@link ChildLauncher} ({@link Launchers#children}), the seam both start their child JVMs
 * through; the Kubernetes executor hands over its settings ({@link Launchers#kubernetes}), from which each
 * application builds its own Jobs (the planner's plan Job serving cells, tunnel-bench's Jobs per scenario) and
 * launches and follows their pods through {@link io.tablestoreycsb.cluster.kubernetes.PodGroup}, each pod a
 * {@link io.tablestoreycsb.cluster.launch.LaunchedChild} ({@link io.tablestoreycsb.cluster.kubernetes.PodChild}).
 *
 * <p>A new executor whose children's directories this machine sees (say JVMs over SSH on a shared mount) is a
 * record here whose {@link #launcher} calls {@link Launchers#children} with its {@link ChildLauncher}
 * implementation, and its name in {@link #parse}: the applications need no change.
 */
public sealed interface Executor permits Executor.Local, Executor.Kubernetes {
  /** Runner JVMs on this machine. */
  Executor LOCAL = new Local();

  /**
   * The executor {@code name} chooses; {@code kubernetes} takes its settings from {@code options} (checked: a
   * missing results location is named).
   */
  static Executor parse(String name, KubernetesOptions options) {
    return switch (name) {
      case "local" -> LOCAL;
      case "kubernetes" -> new Kubernetes(options.settings());
      default -> throw new IllegalArgumentException("--executor '" + name + "': use local or kubernetes");
    };
  }

  /** What launches the runners here, made by the factory of this kind. */
  <T> T launcher(Launchers<T> launchers) throws Exception;

  /** Whether the runners run on this machine (and reach what listens on its 127.0.0.1). */
  boolean onThisMachine();

  /**
   * An application's factories of what launches its runners, one per executor.
   *
   * @param <T> what launches them (the planner's cell executor, tunnel-bench's process launcher)
   */
  interface Launchers<T> {
    /**
     * The launcher of children {@code children} starts, whose directories this machine reads and writes (the
     * start gate, stop and result files of {@link io.tablestoreycsb.cluster.launch.LaunchedChild#dir}).
     */
    T children(ChildLauncher children) throws Exception;

    T kubernetes(KubernetesSettings settings) throws Exception;
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
      return launchers.kubernetes(settings);
    }

    @Override
    public boolean onThisMachine() {
      return false;
    }
  }
}
