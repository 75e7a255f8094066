package io.tablestoreycsb.bench.jmh;

import com.alicloud.openservices.tablestore.model.Column;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.Row;
import io.tablestoreycsb.binding.client.RowCodec;
import io.tablestoreycsb.binding.config.KeyFormat;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
import site.ycsb.ByteIterator;
import site.ycsb.RandomByteIterator;

/** Binding hot paths: the paper's 20-byte key, a YCSB record into an SDK row change, an SDK row into a YCSB record. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
@State(Scope.Thread)
public class BindingHotPathsBench {
  private long keyNumber = 123_456_789L;
  private final RowCodec codec = new RowCodec("userid");
  private Row row;

  /** A decoded row as the SDK hands it over: each value keeps the UTF-8 bytes it was decoded from. */
  @Setup
  public void setUp() {
    PrimaryKey pk = PrimaryKeyBuilder.createPrimaryKeyBuilder()
        .addPrimaryKeyColumn("userid", PrimaryKeyValue.fromString("0a1b000000000075bcd1")).build();
    List<Column> columns = new ArrayList<>();
    for (int f = 0; f < 5; f++) {
      String value = "v".repeat(100);
      columns.add(new Column(FIELDS[f], ColumnValue.fromString(value, value.getBytes(StandardCharsets.UTF_8)), 1L));
    }
    row = new Row(pk, columns);
  }

  /** The binding's read path: an SDK row into YCSB's result map (all fields). */
  @Benchmark
  public Object decodeRow() {
    Map<String, ByteIterator> result = new HashMap<>();
    codec.decode(row, null, result);
    return result;
  }

  private static final String[] FIELDS = {"field0", "field1", "field2", "field3", "field4"};

  /** The primary key of every request (GetRow, PutRow, UpdateRow, DeleteRow; a scan's start). */
  @Benchmark
  public PrimaryKey primaryKey() {
    return codec.primaryKey("0a1b000000000075bcd1");
  }

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
