package io.tablestoreycsb.planner;

import io.tablestoreycsb.cluster.kubernetes.ClusterAccess;
import io.tablestoreycsb.cluster.kubernetes.KubernetesSettings;
import io.tablestoreycsb.cluster.launch.ChildLauncher;
import io.tablestoreycsb.cluster.options.Executor;
import io.tablestoreycsb.planner.kubernetes.KubernetesCellExecutor;
import io.tablestoreycsb.planner.store.ResultStore;
import io.tablestoreycsb.planner.local.LocalCellExecutor;
import io.tablestoreycsb.planner.runner.CellExecutor;
import io.tablestoreycsb.planner.runner.RunnerRecord;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The planner's cell executor of each {@link Executor}: warm runner JVMs the executor's {@link ChildLauncher}
 * starts ({@link LocalCellExecutor}), or the pods of a plan's Indexed Job (the cluster from the usual
 * kubeconfig rules or in-cluster, the object store's key from the environment).
 */
final class CellExecutors implements Executor.Launchers<CellExecutor> {
  private final Path outDir;

  /** @param outDir the plan's output directory (the local runners' logs go below it) */
  CellExecutors(Path outDir) {
    this.outDir = outDir;
  }

  @Override
  public CellExecutor children(ChildLauncher children) {
    return new LocalCellExecutor(children, Duration.ZERO).keepingRunnersWarm(outDir.resolve(Planner.RUNNER_LOGS_DIR));
  }

  @Override
  public CellExecutor kubernetes(KubernetesSettings settings) {
    ClusterAccess access = ClusterAccess.fromEnvironment();
    ResultStore store = new ResultStore(access.s3().apply(settings.results()), settings.results().location(),
        RunnerRecord.FILE_NAME);
    return new KubernetesCellExecutor(access.client(), settings, store, access.logs());
  }
}
