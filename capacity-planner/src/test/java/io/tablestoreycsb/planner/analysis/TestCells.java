package io.tablestoreycsb.planner.analysis;

import io.tablestoreycsb.planner.matrix.Slo;
import io.tablestoreycsb.planner.runner.CellKey;
import io.tablestoreycsb.planner.runner.CellShape;
import io.tablestoreycsb.kit.resources.ClockReading;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Cells for tests, built from a few named figures over defaults: a closed-loop random-read cell of the
 * instance type "mock" on one partition, 5 runners of 1 thread at 1,000 rows/s, every request 1 ms,
 * bound by the service, a 10 s window.
 */
public final class TestCells {
  private TestCells() {}

  public static Builder cell() {
    return new Builder();
  }

  /**
   * A latency histogram (microseconds, exact to the microsecond below 262 ms) whose median, 95th, 99th and
   * 99.9th percentiles and maximum are the given milliseconds.
   */
  public static Histogram latencyMs(double p50, double p95, double p99, double p999, double max) {
    Histogram h = new Histogram(5);
    // 10,000 requests, each block wide enough that a percentile's rank falls inside it.
    h.recordValueWithCount(us(p50), 5001);
    h.recordValueWithCount(us(p95), 4500);
    h.recordValueWithCount(us(p99), 400);
    h.recordValueWithCount(us(p999), 90);
    h.recordValueWithCount(us(max), 9);
    return h;
  }

  private static long us(double ms) {
    return Math.round(ms * 1000);
  }

  /** A cell under construction. */
  public static final class Builder {
    private String instanceType = "mock";
    private String caseName = "random-read";
    private String sweep = "";
    private int partitions = 1;
    private int runners = 5;
    private int threads = 1;
    private String measure = "READ";
    private double qps = 1000;
    private long requests = 100;
    private double mbPerSecond;
    private double readCuPerSecond;
    private double writeCuPerSecond;
    private Resources resources = new Resources(0, 0, 0, List.of("h"));
    private Histogram latencyUs = TestCells.latencyMs(1, 1, 1, 1, 1);
    private MeasuredWindow window = new MeasuredWindow(0, 10_000, true, 1, 5);
    private ClockReading.Spread clockSpread;
    private Slo slo;
    private OpenLoop openLoop;
    private Verdict verdict = new Verdict.Service();
    private CellStop stop;
    private List<PartitionFigure> partitionFigures = List.of();
    private List<HostCpu> hostCpu = List.of();
    private EndpointView endpoint;

    public Builder instanceType(String value) {
      instanceType = value;
      return this;
    }

    public Builder caseName(String value) {
      caseName = value;
      return this;
    }

    public Builder sweep(String value) {
      sweep = value;
      return this;
    }

    public Builder partitions(int value) {
      partitions = value;
      return this;
    }

    public Builder runners(int value) {
      runners = value;
      return this;
    }

    public Builder threads(int value) {
      threads = value;
      return this;
    }

    public Builder measure(String value) {
      measure = value;
      return this;
    }

    /** Rows (and requests) per second; the identity predicts the same. */
    public Builder qps(double value) {
      qps = value;
      return this;
    }

    public Builder requests(long value) {
      requests = value;
      return this;
    }

    public Builder mbPerSecond(double value) {
      mbPerSecond = value;
      return this;
    }

    public Builder cuPerSecond(double read, double write) {
      readCuPerSecond = read;
      writeCuPerSecond = write;
      return this;
    }

    public Builder resources(double cpuCoresPerRunner, double peakMemMb, double ioMbPerSecond, String host) {
      resources = new Resources(cpuCoresPerRunner, peakMemMb, ioMbPerSecond, List.of(host));
      return this;
    }

    /** The request latency: see {@link TestCells#latencyMs}. */
    public Builder latencyMs(double p50, double p95, double p99, double p999, double max) {
      latencyUs = TestCells.latencyMs(p50, p95, p99, p999, max);
      return this;
    }

    public Builder window(MeasuredWindow value) {
      window = value;
      return this;
    }

    public Builder clockSpread(double ms, double uncertaintyMs) {
      clockSpread = new ClockReading.Spread(ms, uncertaintyMs);
      return this;
    }

    public Builder slo(Slo value) {
      slo = value;
      return this;
    }

    public Builder openLoop(double targetRowsPerSecond, Histogram intendedUs) {
      openLoop = new OpenLoop(targetRowsPerSecond, intendedUs);
      return this;
    }

    public Builder verdict(Verdict value) {
      verdict = value;
      return this;
    }

    public Builder stop(CellStop value) {
      stop = value;
      return this;
    }

    public Builder partitionFigures(List<PartitionFigure> value) {
      partitionFigures = value;
      return this;
    }

    public Builder hostCpu(HostCpu... value) {
      hostCpu = List.of(value);
      return this;
    }

    public Builder endpoint(EndpointView value) {
      endpoint = value;
      return this;
    }

    public CellResult build() {
      return new CellResult(new CellKey(instanceType, caseName, partitions, threads, sweep),
          new CellShape(runners, measure, 1), new CellFigures(new Rates(qps, qps, requests, 0, mbPerSecond,
          readCuPerSecond, writeCuPerSecond), latencyUs, new Prediction(qps, 1), openLoop), window,
          new RunnerSide(resources, clockSpread, hostCpu), new EndpointSide(endpoint, ServiceErrors.NONE,
          partitionFigures), new Judgement(slo, verdict, stop, false));
    }
  }
}
