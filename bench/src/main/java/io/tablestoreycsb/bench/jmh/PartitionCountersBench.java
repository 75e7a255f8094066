package io.tablestoreycsb.bench.jmh;

import io.tablestoreycsb.binding.config.KeyFormat;
import io.tablestoreycsb.binding.stats.PartitionCounters;
import io.tablestoreycsb.binding.stats.PartitionMap;
import io.tablestoreycsb.binding.stats.RunStats;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the binding's per-partition counters add to one single-row request, as a YCSB thread pays it:
 * the key's partition, the request with its latency, and its row, on counters that two threads share
 * (as every DB instance of a run does; two, one per core of the reference machine, so that on an idle
 * machine the average time per call is its CPU time). {@code partitions} 1 is a table that was not pre-split (no key
 * is looked at), 16 the white paper's pre-split table. Compare with a request's whole client CPU
 * (about 55 to 60 us for a GetRow of a paper row, docs/performance.md).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
@Threads(2)
@State(Scope.Benchmark)
public class PartitionCountersBench {
  @Param({"1", "16"})
  public int partitions;

  private PartitionCounters counters;

  @Setup
  public void setUp() {
    PartitionMap map = new PartitionMap(partitions == 1 ? List.of() : KeyFormat.splitPoints(partitions));
    counters = new RunStats().partitions("usertable", map);
  }

  /** Each thread's keys: the paper's format, cycled. */
  @State(Scope.Thread)
  public static class Keys {
    private final String[] keys = new String[1024];
    private int next;

    @Setup
    public void setUp() {
      for (int i = 0; i < keys.length; i++) {
        keys[i] = KeyFormat.key(i * 7919L);
      }
    }

    String next() {
      next = (next + 1) & (keys.length - 1);
      return keys[next];
    }
  }

  /** A GetRow's counting: partition of the key, the answered request with its latency, one row read. */
  @Benchmark
  public int countRead(Keys keys) {
    int partition = counters.partitionOf(keys.next());
    counters.answered(partition, 55_000);
    counters.rowsRead(partition, 1);
    return partition;
  }
}
