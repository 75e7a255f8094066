package io.tablestoreycsb.planner;

import io.tablestoreycsb.cluster.options.Executor;
import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.matrix.Slo;
import io.tablestoreycsb.planner.plan.CellFilter;
import io.tablestoreycsb.planner.plan.EstimateAssumptions;
import io.tablestoreycsb.planner.plan.Sweep;
import io.tablestoreycsb.planner.report.MachineSizing;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What a plan is asked to do, as a command parsed it: which matrix and which of its cells, what the runners
 * run against and where, where the output goes, what the estimate assumes and what the report judges by. A
 * value, made by its {@link #builder}.
 *
 * @param matrix the matrix as it runs: shrunk by --quick, with the --slo override
 * @param quick whether --quick shrank it (recorded in plan.json)
 * @param only the cells to run
 * @param sweep the write cases' sweep, or null
 * @param command the planner command that starts the plan, as plan.json records it (run, quickstart, ...)
 * @param endpointProperties the endpoint properties file every runner gets with -P; null when the matrix's
 *     DB needs none, and for an embedded mock (whose file the plan writes)
 * @param embeddedMock the mock the plan starts in this JVM for its runners, or null for the endpoint of
 *     {@code endpointProperties}
 * @param out the output directory (kept cells are resumed)
 * @param runners where the runners run and with which JVM options
 * @param assumptions what the estimate assumes and its prices
 * @param sloOverride the latency objective the report judges every cell by, or null for the matrix's
 * @param progressInterval time between progress lines
 */
public record PlanOptions(Matrix matrix, boolean quick, CellFilter only, Sweep sweep, String command,
    Path endpointProperties, EmbeddedMock embeddedMock, Path out, Runners runners,
    EstimateAssumptions assumptions, Slo sloOverride, Duration progressInterval) {

  /**
   * The mock a plan starts in the planner's JVM (quickstart, compare): a fresh one per plan, so that every
   * plan starts from empty tables and idle partitions.
   *
   * @param partitionCapacity rows per second each partition serves; 0 = unlimited
   */
  public record EmbeddedMock(double partitionCapacity, MachineSizing sizing) {
    /** A mock of the capacity given. */
    public static EmbeddedMock of(double partitionCapacity) {
      return new EmbeddedMock(partitionCapacity, null);
    }

    /** A mock sized to this machine ({@code sizing}); the plan's matrix is to run {@code sizing.runners()}. */
    public static EmbeddedMock sized(MachineSizing sizing) {
      return new EmbeddedMock(sizing.partitionCapacity(), sizing);
    }
  }

  /**
   * Where a plan's runners run and with which JVM options.
   *
   * @param executor local runner processes or Kubernetes pods
   * @param jvmOptions JVM options of each runner process
   */
  public record Runners(Executor executor, List<String> jvmOptions) {
    public Runners {
      jvmOptions = List.copyOf(jvmOptions);
    }
  }

  /** JVM options of each runner process. */
  public List<String> runnerJvmOptions() {
    return runners.jvmOptions();
  }

  /** Where the runners run. */
  public Executor executor() {
    return runners.executor();
  }

  /**
   * Options for every cell of {@code matrix} (as parsed) into {@code out}, started by {@code command}: local
   * runners with the JVM's defaults, no endpoint properties, the default estimate assumptions, progress
   * every 10 s, until the builder says otherwise.
   */
  public static Builder builder(String command, Matrix matrix, Path out) {
    return new Builder(command, matrix, out);
  }

  /** Builds {@link PlanOptions}; {@link #build} applies --quick and --slo to the matrix. */
  public static final class Builder {
    private final String command;
    private final Matrix matrix;
    private final Path out;
    private boolean quick;
    private Slo sloOverride;
    private CellFilter only = CellFilter.ALL;
    private Sweep sweep;
    private Path endpointProperties;
    private EmbeddedMock embeddedMock;
    private List<String> runnerJvmOptions = List.of();
    private Executor executor = Executor.LOCAL;
    private EstimateAssumptions assumptions = new EstimateAssumptions(EstimateAssumptions.DEFAULT_LATENCY_MS,
        EstimateAssumptions.DEFAULT_PARTITION_ROWS_PER_SECOND, Double.NaN, Double.NaN);
    private Duration progressInterval = Duration.ofSeconds(10);

    private Builder(String command, Matrix matrix, Path out) {
      this.command = command;
      this.matrix = matrix;
      this.out = out;
    }

    /** Shrinks the matrix by its [quick] section when {@code shrink}. */
    public Builder quick(boolean shrink) {
      quick = shrink;
      return this;
    }

    /** Judges every cell by this objective; null: the matrix's own. */
    public Builder slo(Slo objective) {
      sloOverride = objective;
      return this;
    }

    public Builder only(CellFilter filter) {
      only = filter;
      return this;
    }

    /** The write cases once per value of this sweep; null: none. */
    public Builder sweep(Sweep writeSweep) {
      sweep = writeSweep;
      return this;
    }

    public Builder endpointProperties(Path file) {
      endpointProperties = file;
      return this;
    }

    /** Against a mock the plan starts with this per-partition capacity (rows/s, 0 = unlimited). */
    public Builder embeddedMock(double partitionCapacity) {
      return embeddedMock(EmbeddedMock.of(partitionCapacity));
    }

    public Builder embeddedMock(EmbeddedMock mock) {
      embeddedMock = mock;
      return this;
    }

    public Builder runnerJvmOptions(List<String> options) {
      runnerJvmOptions = options;
      return this;
    }

    /** Where the runners run (default: local runner processes). */
    public Builder executor(Executor where) {
      executor = where;
      return this;
    }

    public Builder assumptions(EstimateAssumptions estimateAssumptions) {
      assumptions = estimateAssumptions;
      return this;
    }

    public Builder progressInterval(Duration interval) {
      progressInterval = interval;
      return this;
    }

    public PlanOptions build() {
      Matrix runs = quick ? matrix.quickened() : matrix;
      return new PlanOptions(sloOverride == null ? runs : runs.withSlo(sloOverride), quick, only, sweep, command,
          endpointProperties, embeddedMock, out, new Runners(executor, runnerJvmOptions), assumptions, sloOverride,
          progressInterval);
    }
  }

  /**
   * The JVM options of a {@code --runner-jvm-opts} value (space-separated), plus this JVM's log4j
   * configuration so that runners log as the planner does.
   */
  public static List<String> runnerJvmOptions(String option) {
    List<String> list = new ArrayList<>();
    if (!option.isBlank()) {
      list.addAll(Arrays.asList(option.strip().split("\\s+")));
    }
    String log4j = System.getProperty("log4j2.configurationFile");
    if (log4j != null) {
      list.add("-Dlog4j2.configurationFile=" + log4j);
    }
    return list;
  }
}
