package io.tablestoreycsb.bench.jmh;

import io.tablestoreycsb.binding.KeyFormat;
import io.tablestoreycsb.binding.RowCodec;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import site.ycsb.ByteIterator;
import site.ycsb.RandomByteIterator;

/** Binding hot paths: building the paper's 20-byte key, and a YCSB record into an SDK row change. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
@State(Scope.Thread)
public class KeyFormatBench {
  private long keyNumber = 123_456_789L;
  private final RowCodec codec = new RowCodec("userid");
  private static final String[] FIELDS = {"field0", "field1", "field2", "field3", "field4"};

  @Benchmark
  public String key() {
    return KeyFormat.key(keyNumber++);
  }

  /** YCSB's value generation alone (5 x RandomByteIterator(100), read out as the binding does). */
  @Benchmark
  public Object generateValues() {
    Map<String, ByteIterator> fresh = freshValues();
    int n = 0;
    for (ByteIterator v : fresh.values()) {
      n += v.toString().length();
    }
    return n;
  }

  /** Value generation + the binding's conversion into an SDK RowPutChange (subtract generateValues). */
  @Benchmark
  public Object generateValuesAndPutChange() {
    return codec.putChange("usertable", "0a1b000000000075bcd1", freshValues());
  }

  private static Map<String, ByteIterator> freshValues() {
    Map<String, ByteIterator> fresh = new HashMap<>(8);
    for (int f = 0; f < 5; f++) {
      fresh.put(FIELDS[f], new RandomByteIterator(100));
    }
    return fresh;
  }
}
