package io.tablestoreycsb.tunnelbench;

import io.fabric8.kubernetes.client.utils.Serialization;
import io.tablestoreycsb.cluster.kubernetes.KubernetesGroups;
import io.tablestoreycsb.cluster.kubernetes.KubernetesSettings;
import io.tablestoreycsb.cluster.kubernetes.SecretTemplate;
import io.tablestoreycsb.cluster.options.Executor;
import io.tablestoreycsb.cluster.options.KubernetesOptions;
import io.tablestoreycsb.tunnelbench.kubernetes.RemoteLauncher;
import io.tablestoreycsb.tunnelbench.kubernetes.ScenarioManifests;
import io.tablestoreycsb.tunnelbench.run.ScenarioRunner;
import io.tablestoreycsb.tunnelbench.scenario.BenchPlan;
import io.tablestoreycsb.tunnelbench.scenario.Scenario;
import io.tablestoreycsb.tunnelbench.scenario.ScenarioParser;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code tunnel-bench render --executor kubernetes ...}: the manifests a Kubernetes run creates (the
 * Secret's template, then per scenario its consumers' Job and its writer Job), without a cluster, for
 * review. The tunnel id and the scenario's start are only known once the run has created the tunnel, so
 * the rendered consumers carry placeholders for them; and the pods wait at their start gate for the
 * coordinator's release through the object store: applied by hand, they do not run a scenario.
 */
@Command(name = "render", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Write the Kubernetes manifests of a run (Secret template, each scenario's consumers' and writer"
        + " Jobs) to a directory, without a cluster.")
final class RenderCommand implements Callable<Integer> {
  /** The consumers' tunnel id in rendered manifests: the run creates the tunnel. */
  static final String TUNNEL_ID_PLACEHOLDER = "TUNNEL-ID-CREATED-BY-THE-RUN";

  @Option(names = "--executor", required = true, paramLabel = "kubernetes", description = "Only kubernetes renders.")
  String executor;

  @Option(names = "--quick", description = "Render " + TunnelBenchCli.QUICK_SCENARIOS + ".")
  boolean quick;

  @Option(names = "--scenarios", paramLabel = "FILE",
      description = "Scenarios file (default: " + TunnelBenchCli.PAPER_SCENARIOS + ").")
  String scenarios;

  @Option(names = "--out", required = true, paramLabel = "DIR", description = "Directory for the manifests (new or empty).")
  Path out;

  @Option(names = "--child-jvm-opts", paramLabel = "OPTS", defaultValue = TunnelBenchCli.DEFAULT_CHILD_JVM_OPTS,
      description = "JVM options of the writer and consumer pods; default: ${DEFAULT-VALUE}")
  String childJvmOpts;

  @CommandLine.Mixin
  KubernetesOptions kubernetes = new KubernetesOptions();

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    if (!(Executor.parse(executor, kubernetes) instanceof Executor.Kubernetes onKubernetes)) {
      throw new IllegalArgumentException("--executor '" + executor + "': only kubernetes has manifests to render");
    }
    if (quick && scenarios != null) {
      throw new IllegalArgumentException("give --quick or --scenarios, not both");
    }
    if (Files.isDirectory(out)) {
      try (var entries = Files.list(out)) {
        if (entries.findAny().isPresent()) {
          throw new IllegalArgumentException("--out " + out + " is not empty; give a new directory");
        }
      }
    }
    KubernetesSettings settings = onKubernetes.settings();
    BenchPlan plan = ScenarioParser.parse(TunnelBenchCli.resolve(scenarios != null ? scenarios
        : quick ? TunnelBenchCli.QUICK_SCENARIOS : TunnelBenchCli.PAPER_SCENARIOS));
    List<String> jvmOptions = Arrays.stream(childJvmOpts.trim().split("\\s+")).filter(s -> !s.isEmpty()).toList();
    Files.createDirectories(out);
    Files.writeString(out.resolve("00-secret-template.yaml"), Serialization.asYaml(SecretTemplate.of(settings)));
    String run = "tunnel-bench/" + out.toAbsolutePath().normalize().getFileName();
    List<Scenario> list = plan.scenarios();
    for (int i = 0; i < list.size(); i++) {
      Scenario s = list.get(i);
      String name = ScenarioRunner.dirName(i + 1, s);
      long seconds = s.settings().writeTime().toSeconds() + s.settings().drainTimeout().toSeconds();
      ScenarioManifests manifests = RemoteLauncher.manifests(settings.results(), run, jvmOptions, seconds,
          ScenarioRunner.launch(s, Path.of(name), plan.tableOf(s), TUNNEL_ID_PLACEHOLDER, 0));
      Files.writeString(out.resolve(String.format(Locale.ROOT, "%02d-%s.yaml", i + 1, name)),
          Serialization.asYaml(KubernetesGroups.manifest(settings, manifests.consumerGroup()))
          + Serialization.asYaml(KubernetesGroups.manifest(settings, manifests.writerGroup())));
    }
    PrintWriter terminal = spec.commandLine().getOut();
    terminal.printf("wrote the Secret template and the Jobs of %d scenarios of %s to %s; fill in %s and apply it;"
        + " bin/tunnel-bench --executor kubernetes creates the Jobs itself (it creates each scenario's tunnel and"
        + " releases and stops the pods)%n", list.size(), plan.name(), out.toAbsolutePath(),
        out.resolve("00-secret-template.yaml"));
    terminal.flush();
    return 0;
  }
}
