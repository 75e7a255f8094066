package io.tablestoreycsb.planner;

import io.tablestoreycsb.cluster.options.ObjectStoreOptions;
import io.tablestoreycsb.kit.cli.ToolVersion;
import io.tablestoreycsb.planner.gate.Gate;
import io.tablestoreycsb.planner.matrix.Slo;
import io.tablestoreycsb.planner.threshold.Threshold;
import io.tablestoreycsb.cluster.objectstore.ObjectStoreCredentials;
import io.tablestoreycsb.cluster.objectstore.ObjectStoreSettings;
import io.tablestoreycsb.planner.store.ResultStore;
import io.tablestoreycsb.cluster.objectstore.S3Clients;
import io.tablestoreycsb.planner.runner.RunnerRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import software.amazon.awssdk.services.s3.S3Client;

/** {@code capacity-plan report DIR|s3://BUCKET/PREFIX... [--out DIR]}. */
@Command(name = "report", mixinStandardHelpOptions = true, versionProvider = ToolVersion.class,
    description = {"Merge the runner outputs found under the directories or S3 prefixes (from any machines)"
        + " and write the report with its charts:", "report.html, report.md, report.csv and report.json."})
final class ReportCommand implements Callable<Integer> {
  @Parameters(arity = "1..*", paramLabel = "LOCATION",
      description = "Output directories of 'run' (searched recursively), or the --results location of a "
          + "Kubernetes run (the latest complete attempt of each runner is downloaded).")
  List<String> sources;

  @Option(names = "--out", paramLabel = "DIR", description = "Where to write the report (default: the first DIR; "
      + "required when the first source is s3://).")
  Path out;

  @Option(names = "--slo", paramLabel = "OBJECTIVE",
      description = "Judge every cell by this latency objective, e.g. \"p99 < 10ms\" (default: the one each plan"
          + " recorded from its matrix or run --slo).")
  String slo;

  @CommandLine.Mixin
  ThresholdOptions thresholds = new ThresholdOptions();

  @CommandLine.Mixin
  ObjectStoreOptions store = new ObjectStoreOptions();

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    OutputDirectory.check(out);
    Slo override = parseSlo(slo);
    List<Threshold> failIf = thresholds.thresholds();
    Gate.checkSinglePlan(failIf, "--fail-if");
    if (out == null && sources.get(0).startsWith("s3://")) {
      throw new IllegalArgumentException("--out DIR is required when the first source is an s3:// location");
    }
    List<Path> dirs = new ArrayList<>();
    for (String source : sources) {
      dirs.add(source.startsWith("s3://") ? download(source) : Path.of(source));
    }
    return new Planner(spec.commandLine().getOut()).report(dirs, out == null ? dirs.get(0) : out, override, failIf);
  }

  /** The objective of a --slo option, or null without one. */
  static Slo parseSlo(String option) {
    if (option == null) {
      return null;
    }
    try {
      return Slo.parse(option);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--slo: " + e.getMessage());
    }
  }

  /** Downloads the result sets below an s3:// location into {@code --out}/results/; credentials from the environment. */
  private Path download(String location) throws java.io.IOException {
    ObjectStoreSettings settings = store.settings(location);
    ObjectStoreCredentials credentials = ObjectStoreCredentials.fromEnvironment(System.getenv());
    Path target = out.resolve("results").resolve(settings.location().bucket() + "-"
        + settings.location().prefix().replace('/', '_'));
    try (S3Client s3 = S3Clients.create(settings, credentials)) {
      List<String> cells = new ResultStore(s3, settings.location(), RunnerRecord.FILE_NAME).downloadAll(target);
      spec.commandLine().getOut().printf("%s: downloaded %d cells to %s%n", location, cells.size(), target);
    }
    return target;
  }
}
