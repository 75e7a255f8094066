package io.tablestoreycsb.planner;

import io.tablestoreycsb.planner.kubernetes.PlannerRole;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.tablestoreycsb.planner.matrix.MatrixParser;
import io.tablestoreycsb.planner.plan.CellFilter;
import io.tablestoreycsb.planner.plan.CellOrder;
import io.tablestoreycsb.planner.plan.PlannedCell;
import io.tablestoreycsb.planner.kubernetes.CellHandover;
import io.tablestoreycsb.planner.store.PlanCells;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code capacity-plan render --executor kubernetes} for the paper's high-performance matrix. */
class RenderCommandTest {
  private static final Path MATRIX = Path.of("..", "workloads", "matrix", "high-performance");

  @Test
  void theHighPerformanceMatrixRendersAsOneIndexedJobAndACellRequestPerLoadAndCell(@TempDir Path dir)
      throws Exception {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = CapacityPlanCli.run(new String[] {"render", "--executor", "kubernetes", "--matrix", MATRIX.toString(),
        "--out", dir.toString(), "--image", "registry.example/tsy/runner:1", "--namespace", "bench",
        "--results", "s3://bench-results/plans", "--node-selector", "pool=bench"},
        new PrintWriter(out, true), new PrintWriter(err, true));
    assertThat(exit).as(err.toString()).isZero();

    var matrix = MatrixParser.parse(MATRIX);
    List<PlannedCell> planned = CellOrder.of(matrix, CellFilter.ALL, null);
    int cells = planned.size();
    long loads = planned.stream().map(c -> c.key().partitions()).distinct().count();
    List<HasMetadata> objects = new ArrayList<>();
    List<Path> files;
    try (Stream<Path> listing = Files.list(dir)) {
      files = listing.filter(Files::isRegularFile).sorted().toList();
    }
    assertThat(files).hasSize(3);
    assertThat(files.get(0).getFileName().toString()).isEqualTo("00-secret-template.yaml");
    assertThat(files.get(2).getFileName().toString()).isEqualTo("02-planner-role.yaml");
    for (Path file : files) {
      String yaml = Files.readString(file);
      for (String doc : yaml.split("(?m)^---$")) {
        if (!doc.isBlank()) {
          objects.add(Serialization.unmarshal(doc));
        }
      }
    }
    List<Job> jobs = objects.stream().filter(Job.class::isInstance).map(Job.class::cast).toList();
    assertThat(jobs).hasSize(1);
    assertThat(objects.stream().filter(ConfigMap.class::isInstance)).isEmpty();
    assertThat(objects.stream().filter(Secret.class::isInstance)).hasSize(1);
    // the planner's least privilege: its Job, the Job's pods and their logs, the Job controller's events
    io.fabric8.kubernetes.api.model.rbac.Role role = objects.stream()
        .filter(io.fabric8.kubernetes.api.model.rbac.Role.class::isInstance)
        .map(io.fabric8.kubernetes.api.model.rbac.Role.class::cast).findFirst().orElseThrow();
    assertThat(role.getMetadata().getNamespace()).isEqualTo("bench");
    assertThat(role.getRules()).extracting(r -> r.getResources() + " " + r.getVerbs()).containsExactly(
        "[jobs] [create, get, delete]", "[pods] [list]", "[pods/log] [get]", "[events] [list]");
    assertThat(objects.stream().filter(io.fabric8.kubernetes.api.model.rbac.RoleBinding.class::isInstance)
        .map(io.fabric8.kubernetes.api.model.rbac.RoleBinding.class::cast)).singleElement()
        .satisfies(b -> assertThat(b.getSubjects().get(0).getName()).isEqualTo(PlannerRole.NAME));
    assertThat(jobs).allSatisfy(job -> {
      assertThat(job.getSpec().getCompletionMode()).isEqualTo("Indexed");
      assertThat(job.getSpec().getCompletions()).isEqualTo(matrix.runners());
      assertThat(job.getSpec().getParallelism()).isEqualTo(matrix.runners());
      assertThat(job.getMetadata().getNamespace()).isEqualTo("bench");
      var container = job.getSpec().getTemplate().getSpec().getContainers().get(0);
      assertThat(container.getResources().getLimits().get("cpu").toString()).isEqualTo("8");
      assertThat(container.getResources().getLimits().get("memory").toString()).isEqualTo("8Gi");
      assertThat(job.getSpec().getTemplate().getSpec().getNodeSelector()).containsEntry("pool", "bench");
    });
    // the cell requests in run order (loads first), each with its own cell, then the end marker
    List<CellHandover> requests = new ArrayList<>();
    for (int seq = 1; Files.exists(dir.resolve("cells").resolve(PlanCells.requestName(seq))); seq++) {
      requests.add(CellHandover.fromJson(Files.readString(dir.resolve("cells").resolve(PlanCells.requestName(seq)))));
    }
    assertThat(requests).hasSize((int) loads + cells);
    assertThat(requests).allSatisfy(r -> {
      assertThat(r.startAtEpochMs()).isZero();
      assertThat(r.specs()).hasSize(matrix.runners());
    });
    assertThat(requests.stream().map(CellHandover::resultCell).distinct()).hasSize(requests.size());
    assertThat(requests.get((int) loads).resultCell()).isEqualTo(planned.get(0).key().relativeDir());
    assertThat(dir.resolve("cells").resolve(PlanCells.END)).exists();
    String job = jobs.get(0).getSpec().getTemplate().getSpec().getContainers().get(0).getCommand().toString();
    assertThat(out.toString()).contains("wrote the plan's Job and " + requests.size() + " cell requests")
        .contains("s3://bench-results/plans/" + matrix.name() + "/cells/rendered-");
    assertThat(job).contains(matrix.name() + "/cells/rendered-");
    // the matrix's stop = steady needs the planner: applied with kubectl its cells run their full duration
    assertThat(out.toString()).contains("note: " + cells + " cells have stop = steady");
  }

  @Test
  void reportFromAnS3LocationNeedsAnOutputDirectoryAndCredentials(@TempDir Path dir) {
    StringWriter err = new StringWriter();
    assertThat(CapacityPlanCli.run(new String[] {"report", "s3://bench-results/plans"},
        new PrintWriter(new StringWriter()), new PrintWriter(err, true))).isEqualTo(2);
    assertThat(err.toString()).contains("--out DIR is required when the first source is an s3:// location");
    org.junit.jupiter.api.Assumptions.assumeTrue(System.getenv("AWS_ACCESS_KEY_ID") == null
        && System.getenv("OSS_ACCESS_KEY_ID") == null, "object store credentials in this environment");
    err.getBuffer().setLength(0);
    assertThat(CapacityPlanCli.run(new String[] {"report", "s3://bench-results/plans", "--out", dir.toString(),
        "--results-endpoint", "http://127.0.0.1:9"}, new PrintWriter(new StringWriter()), new PrintWriter(err, true)))
        .isEqualTo(2);
    assertThat(err.toString()).contains("no object store credentials: set AWS_ACCESS_KEY_ID");
  }

  @Test
  void renderNeedsTheKubernetesExecutorAndAResultsLocation(@TempDir Path dir) {
    StringWriter err = new StringWriter();
    assertThat(CapacityPlanCli.run(new String[] {"render", "--executor", "local", "--matrix", MATRIX.toString(),
        "--out", dir.toString()}, new PrintWriter(new StringWriter()), new PrintWriter(err, true))).isEqualTo(2);
    assertThat(err.toString()).contains("only kubernetes has manifests to render");
    err.getBuffer().setLength(0);
    assertThat(CapacityPlanCli.run(new String[] {"render", "--executor", "kubernetes", "--matrix", MATRIX.toString(),
        "--out", dir.toString(), "--image", "x"}, new PrintWriter(new StringWriter()), new PrintWriter(err, true)))
        .isEqualTo(2);
    assertThat(err.toString()).contains("--results s3://BUCKET/PREFIX is required");
  }
}
