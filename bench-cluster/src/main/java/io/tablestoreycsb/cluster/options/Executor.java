package io.tablestoreycsb.cluster.options;

import io.tablestoreycsb.cluster.kubernetes.KubernetesSettings;

/**
 * Where an application's runners run, as {@code --executor} chose it: parsed once ({@link #parse}), then a value
 * each application turns into what launches its runners through its {@link Launchers}. A new executor (say
 * runners over SSH) is a record here, its name in {@link #parse} and a method in {@link Launchers}, which every
 * application then implements.
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
    T local() throws Exception;

    T kubernetes(KubernetesSettings settings) throws Exception;
  }

  /** Runner JVMs on this machine. */
  record Local() implements Executor {
    @Override
    public <T> T launcher(Launchers<T> launchers) throws Exception {
      return launchers.local();
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
