package io.tablestoreycsb.cluster.launch;

import java.io.IOException;

/**
 * Where an {@link io.tablestoreycsb.cluster.options.Executor} whose children share this machine's directories
 * starts an application's child JVMs (a planner's runners, tunnel-bench's writer and consumers): the seam both
 * applications launch such children through (children that run where this machine's directories are not are
 * started in groups, {@link ChildGroups}). What a child
 * runs and when the children start is the application's; this only starts them and hands back what their parent
 * asks of them. A child's directory ({@link ChildSpec#dir}) is one this machine reads and writes: its parent
 * finds the ready file and the results there and writes the release and stop files there. A new executor of
 * this kind implements this ({@link LocalChildLauncher} is the local one).
 */
public interface ChildLauncher {
  /** Starts the child {@code spec} describes. */
  LaunchedChild start(ChildSpec spec) throws IOException;
}
