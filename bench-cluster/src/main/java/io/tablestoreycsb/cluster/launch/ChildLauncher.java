package io.tablestoreycsb.cluster.launch;

import java.io.IOException;

/**
 * Where an {@link io.tablestoreycsb.cluster.options.Executor} starts an application's child JVMs (a planner's
 * runners, tunnel-bench's writer and consumers): the one seam both applications launch through. What a child
 * runs and when the children start is the application's; this only starts them and hands back what their parent
 * asks of them. An executor's implementation of this is what a new executor adds.
 */
public interface ChildLauncher {
  /** Starts the child {@code spec} describes. */
  LaunchedChild start(ChildSpec spec) throws IOException;
}
