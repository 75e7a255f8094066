package io.tablestoreycsb.planner;

import io.fabric8.kubernetes.client.utils.Serialization;
import io.tablestoreycsb.planner.kubernetes.CellHandover;
import io.tablestoreycsb.planner.kubernetes.PlanManifests;
import io.tablestoreycsb.planner.kubernetes.PlannerRole;
import io.tablestoreycsb.planner.store.PlanCells;
import io.tablestoreycsb.cluster.kubernetes.KubernetesGroups;
import io.tablestoreycsb.cluster.kubernetes.KubernetesSettings;
import io.tablestoreycsb.cluster.options.Executor;
import io.tablestoreycsb.cluster.options.KubernetesOptions;
import io.tablestoreycsb.cluster.kubernetes.SecretTemplate;
import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.plan.PlannedCell;
import io.tablestoreycsb.planner.plan.RunnerSpecFactory;
import io.tablestoreycsb.planner.runner.CellKey;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code capacity-plan render --executor kubernetes --matrix FILE --out DIR ...}: what a run would create
 * (Secret template, the plan's one Indexed Job, and the cell requests its pods serve in run order, load
 * steps first, with the end marker), for users who apply with kubectl or GitOps and upload the requests
 * themselves. Rendered cells carry no start instant: each pod starts a cell as soon as it is ready, and
 * the report shows the resulting start skew.
 */
@Command(name = "render", mixinStandardHelpOptions = true,
    description = "Write the Kubernetes manifests of a plan (Secret template, one Indexed Job) and its cell requests"
        + " to a directory.")
final class RenderCommand implements Callable<Integer> {
  /** The directory of the rendered cell requests below {@code --out}. */
  static final String CELLS_DIR = "cells";
  /** Rendered cells have no planner to set the instant: pods start when ready. */
  private static final long NO_START_INSTANT = 0;

  @Option(names = "--executor", required = true, paramLabel = "kubernetes", description = "Only kubernetes renders.")
  String executor;

  @CommandLine.Mixin
  MatrixOptions matrixOptions = new MatrixOptions();

  @Option(names = "--out", required = true, paramLabel = "DIR", description = "Directory for the manifests.")
  Path out;

  @Option(names = "--runner-jvm-opts", paramLabel = "OPTS", defaultValue = "", description = "JVM options of each runner.")
  String runnerJvmOpts;

  @CommandLine.Mixin
  KubernetesOptions kubernetes = new KubernetesOptions();

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    OutputDirectory.check(out);
    if (!(Executor.parse(executor, kubernetes) instanceof Executor.Kubernetes onKubernetes)) {
      throw new IllegalArgumentException("--executor '" + executor + "': only kubernetes has manifests to render");
    }
    KubernetesSettings settings = onKubernetes.settings();
    PlanOptions options = matrixOptions.plan("render", out).runnerJvmOptions(PlanOptions.runnerJvmOptions(runnerJvmOpts))
        .executor(onKubernetes).build();
    Matrix matrix = options.matrix();
    List<PlannedCell> cells = Planner.cells(options);
    // In the pod the endpoint properties come from the Secret; only whether there are any matters here.
    Path endpoint = matrix.usesTablestore() ? Path.of("endpoint.properties") : null;
    RunnerSpecFactory runners = new RunnerSpecFactory(matrix, endpoint, options.runnerJvmOptions());
    Files.createDirectories(out);
    Path scratch = Files.createTempDirectory("render");
    List<CellHandover> requests = new ArrayList<>();
    for (int partitions : new TreeSet<>(cells.stream().map(c -> c.key().partitions()).toList())) {
      CellKey key = new CellKey(matrix.instanceType(), CellKey.LOAD_CASE, partitions, matrix.loadThreads(), "");
      requests.add(CellHandover.of(requests.size() + 1, NO_START_INSTANT, 365L * 24 * 3600,
          runners.load(key, scratch.resolve("load-p" + partitions))));
    }
    for (PlannedCell cell : cells) {
      requests.add(CellHandover.of(requests.size() + 1, NO_START_INSTANT, cell.spec().duration().toSeconds(),
          runners.cell(cell, scratch.resolve(cell.key().relativeDir()))));
    }
    int pods = requests.stream().mapToInt(r -> r.specs().size()).max().orElseThrow();
    PlanManifests plan = new PlanManifests(settings.results(), matrix.name(), pods, 1, "rendered-" + System.currentTimeMillis(),
        endpoint != null);
    write(out.resolve("00-secret-template.yaml"), Serialization.asYaml(SecretTemplate.of(settings)));
    write(out.resolve("01-" + plan.jobName() + ".yaml"), Serialization.asYaml(KubernetesGroups.manifest(settings, plan.group())));
    String namespace = settings.namespace() == null ? "default" : settings.namespace();
    write(out.resolve("02-planner-role.yaml"), PlannerRole.objects(namespace).stream().map(Serialization::asYaml)
        .collect(Collectors.joining()));
    Path cellsDir = out.resolve(CELLS_DIR);
    for (CellHandover request : requests) {
      Path file = cellsDir.resolve(PlanCells.requestName(request.seq()));
      Files.createDirectories(file.getParent());
      write(file, request.toJson());
    }
    write(cellsDir.resolve(PlanCells.END), "end of plan " + matrix.name() + "\n");
    String target = settings.results().location() + "/" + PlanCells.directory(plan.plan(), plan.session()) + "/";
    PrintWriter terminal = spec.commandLine().getOut();
    terminal.printf("wrote the plan's Job and %d cell requests (%d cells, %d loads) of plan %s to %s%n"
        + "fill in %s, kubectl apply -f it and %s, then upload %s/ to %s (e.g. aws s3 cp --recursive %s %s):"
        + " the Job's %d pods serve the cells in order and end after the last%n",
        requests.size(), cells.size(), requests.size() - cells.size(), matrix.name(), out.toAbsolutePath(),
        out.resolve("00-secret-template.yaml"), out.resolve("01-" + plan.jobName() + ".yaml"), cellsDir, target,
        cellsDir, target, pods);
    terminal.printf("%s: the ServiceAccount and Role bin/capacity-plan run needs in %s, and no more%n",
        out.resolve("02-planner-role.yaml"), namespace);
    long steady = cells.stream().filter(c -> c.spec().stop().steady()).count();
    if (steady > 0) {
      terminal.printf("note: %d cells have stop = steady; applied with kubectl they run their full duration (only"
          + " bin/capacity-plan run judges a cell's rate and ends it early)%n", steady);
    }
    long searched = cells.stream().filter(c -> c.spec().search() != null).count();
    if (searched > 0) {
      terminal.printf("note: %d cells belong to threads = auto searches; all are rendered (bin/capacity-plan run"
          + " skips the thread points past a case's knee)%n", searched);
    }
    return 0;
  }

  private static void write(Path file, String yaml) throws IOException {
    Files.writeString(file, yaml);
  }
}
