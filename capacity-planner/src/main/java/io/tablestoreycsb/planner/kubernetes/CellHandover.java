package io.tablestoreycsb.planner.kubernetes;

import io.tablestoreycsb.planner.runner.YcsbCall;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tablestoreycsb.planner.runner.RunnerSpec;
import io.tablestoreycsb.cluster.kubernetes.SecretKeys;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One cell as the planner hands it to the pods serving a plan ({@link io.tablestoreycsb.planner.store.PlanCells}):
 * pod {@code i} runs {@code specs[i]} (a pod whose index the cell does not use skips it) with the cell's
 * workload, released at the start instant, and uploads its result set below {@code resultCell}.
 *
 * @param seq the cell's number in the order the pods serve them (from 1)
 * @param startAtEpochMs the instant every runner of the cell starts at; 0: each as soon as it is ready
 *     (a rendered plan, which has no planner to set one)
 * @param expectedSeconds how long a runner should run once started
 * @param resultCell the cell's path in the result store, below the plan
 * @param workload the workload file's text (the specs name where the pod writes it)
 * @param specs the cell's runners in index order, paths as seen in the pod
 */
public record CellHandover(int seq, long startAtEpochMs, long expectedSeconds, String resultCell, String workload,
    List<RunnerSpec> specs) {
  private static final ObjectMapper JSON = new ObjectMapper();

  public CellHandover {
    specs = List.copyOf(specs);
    if (seq < 1 || specs.isEmpty()) {
      throw new IllegalArgumentException("a cell handover needs a number from 1 and at least one runner, got " + seq
          + " and " + specs.size());
    }
  }

  /**
   * The handover of a cell the planner made {@code specs} for (index order, its own paths): the specs
   * name the pod's paths (workload and endpoint properties; {@link PodRunner} puts the result directory
   * of each cell where it wants it), and carry the workload's text.
   */
  public static CellHandover of(int seq, long startAtEpochMs, long expectedSeconds, List<RunnerSpec> specs)
      throws IOException {
    List<RunnerSpec> podSpecs = new ArrayList<>();
    for (int i = 0; i < specs.size(); i++) {
      RunnerSpec s = specs.get(i);
      if (s.runnerIndex() != i) {
        throw new IllegalArgumentException("runner specs must be in index order: position " + i + " holds runner "
            + s.runnerIndex());
      }
      YcsbCall y = s.ycsb();
      podSpecs.add(new RunnerSpec(s.key(), s.shape(), s.plan(), s.runnerIndex(), new YcsbCall(y.db(),
          Path.of(PodLayout.RESULT_DIR, PodLayout.WORKLOAD_FILE),
          y.endpointProperties() == null ? null : Path.of(PodLayout.ENDPOINT_DIR, SecretKeys.ENDPOINT_PROPERTIES),
          y.properties(), y.threads(), y.phaseFlag()), s.rowBytes(), s.slice(), Path.of(PodLayout.RESULT_DIR),
          podJvmOptions(s.jvmOptions())));
    }
    return new CellHandover(seq, startAtEpochMs, expectedSeconds, specs.get(0).key().relativeDir(),
        Files.readString(specs.get(0).ycsb().workload(), StandardCharsets.UTF_8), podSpecs);
  }

  private static final String LOG4J_OPTION = "-Dlog4j2.configurationFile=";

  /** The planner's Log4j configuration path means nothing in the pod: the image has its own. */
  private static List<String> podJvmOptions(List<String> options) {
    return options.stream().map(o -> o.startsWith(LOG4J_OPTION) ? LOG4J_OPTION + PodLayout.IMAGE_LOG4J_CONFIG : o)
        .toList();
  }

  /** The plan's name (every spec's). */
  public String plan() {
    return specs.get(0).plan();
  }

  public String toJson() {
    try {
      return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(this);
    } catch (IOException e) {
      throw new IllegalStateException("cannot write a cell handover as JSON", e);
    }
  }

  public static CellHandover fromJson(String json) throws IOException {
    return JSON.readValue(json, CellHandover.class);
  }
}
