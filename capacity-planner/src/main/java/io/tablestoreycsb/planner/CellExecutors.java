package io.tablestoreycsb.planner;

import io.tablestoreycsb.cluster.launch.ChildGroups;
import io.tablestoreycsb.cluster.launch.ChildLauncher;
import io.tablestoreycsb.cluster.options.Executor;
import io.tablestoreycsb.planner.kubernetes.RemoteCellExecutor;
import io.tablestoreycsb.planner.local.LocalCellExecutor;
import io.tablestoreycsb.planner.runner.CellExecutor;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The planner's cell executor of each kind of {@link Executor}: warm runner JVMs the executor's
 * {@link ChildLauncher} starts ({@link LocalCellExecutor}), or one group of runner pods per plan its
 * {@link ChildGroups} start (on Kubernetes a plan's Indexed Job).
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
  public CellExecutor groups(ChildGroups groups) {
    return new RemoteCellExecutor(groups);
  }

  @Override
  public String parent() {
    return "this planner";
  }
}
