package io.tablestoreycsb.planner;

import io.fabric8.kubernetes.client.utils.Serialization;
import io.tablestoreycsb.planner.kubernetes.CellManifests;
import io.tablestoreycsb.cluster.kubernetes.KubernetesSettings;
import io.tablestoreycsb.cluster.kubernetes.SecretTemplate;
import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.report.ReportData;
import io.tablestoreycsb.planner.run.PlannedCell;
import io.tablestoreycsb.planner.run.RunnerSpecFactory;
import io.tablestoreycsb.planner.runner.CellKey;
import io.tablestoreycsb.planner.runner.RunnerSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code capacity-plan render --executor kubernetes --matrix FILE --out DIR ...}: the manifests a run
 * would create (Secret template, one ConfigMap + Indexed Job per load step and cell, in run order), for
 * users who apply with kubectl or GitOps. Rendered Jobs carry no start instant: each pod starts as soon
 * as it is ready, and the report shows the resulting start skew.
 */
@Command(name = "render", mixinStandardHelpOptions = true,
    description = "Write the Kubernetes manifests of a plan (Secret template, one Indexed Job per cell) to a directory.")
final class RenderCommand implements Callable<Integer> {
  /** Rendered Jobs have no planner to set the instant: pods start when ready. */
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
    if (!executor.equals("kubernetes")) {
      throw new IllegalArgumentException("--executor '" + executor + "': only kubernetes has manifests to render");
    }
    KubernetesSettings settings = kubernetes.settings();
    PlanOptions plan = matrixOptions.plan("render", out).runnerJvmOptions(PlanOptions.runnerJvmOptions(runnerJvmOpts))
        .kubernetes(settings).build();
    Matrix matrix = plan.matrix();
    List<PlannedCell> cells = Planner.cells(plan);
    // In the pod the endpoint properties come from the Secret; only whether there are any matters here.
    Path endpoint = matrix.usesTablestore() ? Path.of("endpoint.properties") : null;
    RunnerSpecFactory runners = new RunnerSpecFactory(matrix, endpoint, plan.runnerJvmOptions());
    Files.createDirectories(out);
    Path scratch = Files.createTempDirectory("render");
    int file = 0;
    write(out.resolve(String.format(Locale.ROOT, "%02d-secret-template.yaml", file++)),
        Serialization.asYaml(SecretTemplate.of(settings)));
    for (int partitions : new TreeSet<>(cells.stream().map(c -> c.key().partitions()).toList())) {
      CellKey key = new CellKey(matrix.instanceType(), ReportData.LOAD_CASE, partitions, matrix.loadThreads(), "");
      file = writeCell(settings, runners.load(key, scratch.resolve("load-p" + partitions)), 365L * 24 * 3600, file);
    }
    for (PlannedCell cell : cells) {
      file = writeCell(settings, runners.cell(cell, scratch.resolve(cell.key().relativeDir())),
          cell.spec().duration().toSeconds(), file);
    }
    PrintWriter terminal = spec.commandLine().getOut();
    terminal.printf("wrote %d manifests for %d cells of plan %s to %s; fill in %s, then kubectl apply -f in order%n",
        file, cells.size(), matrix.name(), out.toAbsolutePath(), out.resolve("00-secret-template.yaml"));
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

  private int writeCell(KubernetesSettings settings, List<RunnerSpec> specs, long seconds, int file) throws IOException {
    CellManifests manifests = new CellManifests(settings, specs, NO_START_INSTANT, seconds,
        io.tablestoreycsb.planner.kubernetes.KubernetesCellExecutor.activeDeadlineSeconds(settings, seconds));
    write(out.resolve(String.format(Locale.ROOT, "%02d-%s.yaml", file, manifests.jobName())),
        Serialization.asYaml(manifests.configMap()) + Serialization.asYaml(manifests.job()));
    return file + 1;
  }

  private static void write(Path file, String yaml) throws IOException {
    Files.writeString(file, yaml);
  }
}
