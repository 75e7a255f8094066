package io.tablestoreycsb.tunnelbench;

import io.tablestoreycsb.cluster.kubernetes.ClusterAccess;
import java.io.PrintWriter;
import java.util.function.Supplier;

/** The command with the test cluster in place of the kubeconfig's (for tests of other packages). */
public final class TunnelBenchCliAccess {
  private TunnelBenchCliAccess() {
  }

  public static int run(String[] args, PrintWriter out, PrintWriter err, Supplier<ClusterAccess> cluster) {
    return TunnelBenchCli.run(args, out, err, cluster);
  }
}
