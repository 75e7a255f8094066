package io.tablestoreycsb.planner.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.kit.child.ParentWatch;
import io.tablestoreycsb.planner.runner.RunnerMain;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A planner killed with -9 in the middle of a ten-minute cell takes its local runner with it: the
 * runner reads end of file on the stdin pipe the planner held, and exits. The same for a warm runner,
 * which reads its cells from that pipe.
 */
class RunnersEndWithThePlannerTest {
  private static final Path WORKLOAD = Path.of("src/test/resources/basicdb-workload").toAbsolutePath();

  @Test
  void aRunnerExitsWithinSecondsOfItsPlannerBeingKilledWithSignal9(@TempDir Path dir) throws Exception {
    runnerEndsWithItsPlanner(dir, "cold", ParentWatch.OPTION);
  }

  @Test
  void aWarmRunnerExitsWithinSecondsOfItsPlannerBeingKilledWithSignal9(@TempDir Path dir) throws Exception {
    runnerEndsWithItsPlanner(dir, "warm", RunnerMain.SERVE_OPTION);
  }

  private static void runnerEndsWithItsPlanner(Path dir, String mode, String runnerOption) throws Exception {
    Process planner = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx128m", "-cp", System.getProperty("java.class.path"), PlannerStandIn.class.getName(),
        dir.toString(), WORKLOAD.toString(), mode)
        .redirectError(dir.resolve("planner.err").toFile())
        .start();
    Optional<ProcessHandle> runner = Optional.empty();
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(planner.getInputStream(), StandardCharsets.UTF_8));
      assertThat(out.readLine()).as("the planner reports its runner running (else see planner.err)").isEqualTo("running");
      List<ProcessHandle> runners = planner.toHandle().children().toList();
      assertThat(runners).hasSize(1);
      runner = Optional.of(runners.get(0));
      String commandLine = Files.readString(Path.of("/proc", Long.toString(runner.get().pid()), "cmdline"),
          StandardCharsets.UTF_8);
      assertThat(commandLine.split("\0")).contains(RunnerMain.class.getName(), runnerOption);

      planner.destroyForcibly(); // SIGKILL: no shutdown hook of the planner runs
      assertThat(planner.waitFor(10, TimeUnit.SECONDS)).isTrue();

      assertThat(runner.get().onExit().completeOnTimeout(runner.get(), 15, TimeUnit.SECONDS).get().isAlive())
          .as("the runner is still running 15 s after its planner was killed (its cell had 10 minutes left)")
          .isFalse();
    } finally {
      planner.destroyForcibly();
      runner.ifPresent(ProcessHandle::destroyForcibly);
    }
  }
}
