package io.tablestoreycsb.planner;

import io.tablestoreycsb.planner.runner.RunnerMain;
import java.util.List;

/**
 * Runner JVM options for tests of a plan's mechanics (pods, uploads, merges, report files), which
 * judge no rate: the runners' warm-up is switched off, since it would only add its seconds to every
 * cell. Only for cells long enough to absorb a cold runner's first requests on a loaded machine: a
 * pod's first BatchWriteRow took 4.6 s at a load average of 14 and left an 8 s cell of KubernetesPlanTest
 * without a completed request, so the Kubernetes plan tests keep the warm-up. The warm-up has its own
 * tests (RunnerWarmUpMockTest, WarmRunnersMockTest), and the command line tests and the distribution's
 * quickstart test run with it as a user does.
 */
public final class MechanicsRunners {
  private MechanicsRunners() {}

  /** A runner of {@code maxHeap} (e.g. {@code 256m}) without the warm-up. */
  public static List<String> withoutWarmUp(String maxHeap) {
    return List.of("-Xmx" + maxHeap, "-D" + RunnerMain.WARM_UP_PROPERTY + "=" + RunnerMain.WARM_UP_OFF);
  }
}
