package io.tablestoreycsb.tunnelbench.run;

import io.tablestoreycsb.tunnelbench.report.ResultTables;
import io.tablestoreycsb.tunnelbench.report.ScenarioResult;
import io.tablestoreycsb.tunnelbench.scenario.BenchPlan;
import io.tablestoreycsb.tunnelbench.scenario.Scenario;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Runs a plan's scenarios one after the other, each in a directory of its own, printing a line per finished one. */
public final class ScenarioPlanRun {
  private ScenarioPlanRun() {}

  /** An error's first line, with the next when the first only announces it ("writer exited with 1:"). */
  static String headline(String error) {
    List<String> lines = error.lines().limit(2).toList();
    return lines.isEmpty() ? "" : lines.get(0).endsWith(":") && lines.size() > 1 ? lines.get(0) + " "
        + lines.get(1) : lines.get(0);
  }

  /** "; consumer-1 lost (pod ...), its channels taken over by the others", or "". */
  private static String lost(ScenarioResult r) {
    StringBuilder text = new StringBuilder();
    r.lostConsumers().forEach(l -> text.append("; ").append(l.consumer()).append(" lost (").append(l.why())
        .append("), its channels taken over by the others"));
    return text.toString();
  }

  public static List<ScenarioResult> run(Coordinator co, ProcessLauncher launcher, BenchPlan plan, Path out)
      throws IOException, InterruptedException {
    List<Scenario> scenarios = plan.scenarios();
    ScenarioRunner runner = new ScenarioRunner(co, plan, launcher);
    List<ScenarioResult> results = new ArrayList<>();
    PrintWriter terminal = co.progress().out();
    for (int i = 0; i < scenarios.size(); i++) {
      Scenario s = scenarios.get(i);
      double remainingWrite = 0;
      for (Scenario later : scenarios.subList(i + 1, scenarios.size())) {
        remainingWrite += later.settings().writeTime().toMillis() / 1000.0;
      }
      Path dir = out.resolve(ScenarioRunner.dirName(i + 1, s));
      ScenarioResult r = runner.run(s, i + 1, scenarios.size(), dir, remainingWrite, scenarios.size() - i - 1);
      results.add(r);
      terminal.printf(Locale.ROOT, "[scenario %d/%d] %s: %,.0f rows/s steady (peak %,.0f), consumer CPU %.2f cores,"
          + " lag p99 %,.0f ms; %s%s%n", i + 1, scenarios.size(), r.label(), r.rates().steady(), r.rates().peak(),
          r.consumerCpuCores(), r.lag().lagP99Ms(), r.check().summary() + lost(r), r.errors().isEmpty() ? ""
          : "; FAILED: " + headline(r.errors().get(0)));
      terminal.flush();
    }
    terminal.println();
    terminal.print(ResultTables.terminal(results));
    terminal.flush();
    return results;
  }
}
