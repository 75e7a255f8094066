package io.tablestoreycsb.planner.kubernetes;

import io.tablestoreycsb.planner.CapacityPlanCli;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * The planner as a user runs it: a separate process, as bin/capacity-plan starts it, that sees only the
 * environment given (no KUBECONFIG or object store key of the test's own environment).
 */
final class PlannerProcess {
  private PlannerProcess() {
  }

  /** A finished planner: its exit status and everything it printed. */
  record Result(int exit, String output) {}

  /** Runs the planner with {@code args} up to {@code limit} (then kills it), its output in a log under {@code dir}. */
  static Result run(Path dir, Map<String, String> env, Duration limit, String... args)
      throws IOException, InterruptedException {
    Path log = dir.resolve("planner-" + System.nanoTime() + ".log");
    Process p = start(log, env, args);
    if (!p.waitFor(limit.toSeconds(), TimeUnit.SECONDS)) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
    }
    return new Result(p.waitFor(), Files.readString(log, StandardCharsets.UTF_8));
  }

  /** Starts the planner with {@code args}, its output (stdout and stderr) to {@code log}. */
  static Process start(Path log, Map<String, String> env, String... args) throws IOException {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), CapacityPlanCli.class.getName()));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
    pb.environment().remove("KUBECONFIG");
    pb.environment().remove("AWS_ACCESS_KEY_ID");
    pb.environment().remove("AWS_SECRET_ACCESS_KEY");
    pb.environment().putAll(env);
    return pb.start();
  }

  /** The cells of a report.csv: instance type, case, partitions and threads of each row. */
  static Set<String> cells(List<String> csv) {
    List<String> header = List.of(csv.get(0).split(","));
    Set<String> cells = new TreeSet<>();
    for (String row : csv.subList(1, csv.size())) {
      String[] v = row.split(",");
      cells.add(String.join("/", v[header.indexOf("instance_type")], v[header.indexOf("case")],
          v[header.indexOf("partitions")], v[header.indexOf("threads")]));
    }
    return cells;
  }
}
