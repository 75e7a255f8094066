package io.tablestoreycsb.bench.jmh;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * CPU time of the benchmark's worker threads per operation ({@code -prof
 * io.tablestoreycsb.bench.jmh.ThreadCpuProfiler}, result {@code cpu.ns/op}). JMH's own score is wall
 * time: on a machine whose other jobs keep the cores busy it counts the time the worker waited
 * for a core (at a load average of 14 on 2 cores, ten times the CPU figure). CPU time is charged
 * to the thread that ran, whatever else runs. It leaves out the compiler and collector threads:
 * compare it with the score on a quiet machine to see what they add.
 */
public final class ThreadCpuProfiler implements InternalProfiler {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private long before;

  @Override
  public String getDescription() {
    return "CPU time of the benchmark's worker threads per operation";
  }

  @Override
  public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
    before = workersCpuNanos();
  }

  @Override
  public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
      IterationResult result) {
    long cpu = workersCpuNanos() - before;
    long ops = Math.max(1, result.getMetadata().getAllOps()); // every call the workers made in the iteration
    return List.of(new ScalarResult("cpu.ns/op", (double) cpu / ops, "ns/op", AggregationPolicy.AVG));
  }

  /** Summed CPU time of the live JMH worker threads (named {@code ...-jmh-worker-N}). */
  private static long workersCpuNanos() {
    long sum = 0;
    long[] ids = THREADS.getAllThreadIds();
    for (ThreadInfo info : THREADS.getThreadInfo(ids)) {
      if (info != null && info.getThreadName().contains("jmh-worker")) {
        long cpu = THREADS.getThreadCpuTime(info.getThreadId());
        if (cpu > 0) {
          sum += cpu;
        }
      }
    }
    return sum;
  }
}
