package io.tablestoreycsb.bench.jmh;

import com.alicloud.openservices.tablestore.model.Column;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.aliyun.ots.thirdparty.com.google.protobuf.ByteString;
import io.tablestoreycsb.mock.protocol.PlainBufferCodec;
import io.tablestoreycsb.mock.protocol.PrimaryKeyOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** Mock hot paths: PlainBuffer encoding and decoding of one paper row; primary-key comparison. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
@State(Scope.Thread)
public class MockCodecBench {
  private PrimaryKey key;
  private PrimaryKey sameKey;
  private PrimaryKey otherKey;
  private List<Column> columns;
  private ByteString encoded;

  @Setup
  public void setUp() {
    key = pk("0a1b000000000075bcd1");
    sameKey = pk("0a1b000000000075bcd1");
    otherKey = pk("0a1b000000000075bcd2");
    columns = new ArrayList<>();
    for (int f = 0; f < 5; f++) {
      columns.add(new Column("field" + f, ColumnValue.fromString("x".repeat(100)), 1_700_000_000_000L));
    }
    encoded = PlainBufferCodec.encodeRow(key, columns);
  }

  private static PrimaryKey pk(String value) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("userid", PrimaryKeyValue.fromString(value)).build();
  }

  @Benchmark
  public ByteString encodeRow() {
    return PlainBufferCodec.encodeRow(key, columns);
  }

  @Benchmark
  public Object decodeRow() {
    return PlainBufferCodec.decodeOneRow(encoded, "row");
  }

  /** Equal keys: the full 20 bytes are compared (the skip-list's final step). */
  @Benchmark
  public int compareEqualKeys() {
    return PrimaryKeyOrder.compareKeys(key, sameKey);
  }

  @Benchmark
  public int compareKeysDifferingAtTheEnd() {
    return PrimaryKeyOrder.compareKeys(key, otherKey);
  }
}
