package io.tablestoreycsb.bench.jmh;

import com.alicloud.openservices.tablestore.model.Column;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.aliyun.ots.thirdparty.com.google.protobuf.ByteString;
import io.tablestoreycsb.mock.protocol.PlainBufferCodec;
import io.tablestoreycsb.mock.protocol.PlainBufferWriter;
import io.tablestoreycsb.mock.protocol.PrimaryKeyOrder;
import io.tablestoreycsb.mock.storage.CellCursor;
import io.tablestoreycsb.mock.storage.RowBuilder;
import io.tablestoreycsb.mock.storage.RowKey;
import java.nio.charset.StandardCharsets;
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

/**
 * Mock hot paths: PlainBuffer encoding of one paper row (the SDK's encoder from SDK objects, and the
 * mock's writer from a stored row's bytes), decoding it (the mock's reader, checksums verified);
 * primary-key comparison (SDK objects through PrimaryKeyOrder, as the row map compared them
 * before, and the encoded keys it compares now) and key encoding.
 */
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
  private byte[] encodedKey;
  private byte[] encodedSameKey;
  private byte[] encodedOtherKey;
  private byte[] storedCells;
  private byte[] keyName;

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
    encodedKey = RowKey.encode(key);
    encodedSameKey = RowKey.encode(sameKey);
    encodedOtherKey = RowKey.encode(otherKey);
    RowBuilder row = RowBuilder.empty();
    for (Column c : columns) {
      row.put(c.getName().getBytes(StandardCharsets.UTF_8),
          RowBuilder.Version.of(c.getTimestamp(), (byte) 3, c.getValue().asStringInBytes()), 1);
    }
    storedCells = row.build();
    keyName = "userid".getBytes(StandardCharsets.UTF_8);
  }

  private static PrimaryKey pk(String value) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("userid", PrimaryKeyValue.fromString(value)).build();
  }

  /** The SDK's encoder from SDK objects (the mock used it for every response before it stored bytes). */
  @Benchmark
  public ByteString encodeRow() {
    return PlainBufferCodec.encodeRow(key, columns);
  }

  /** The mock's reader (PlainBufferCodec), checksums verified, as every row change is read. */
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

  /** The row map's comparison: encoded keys, one unsigned array compare (equal 20-byte keys). */
  @Benchmark
  public int compareEncodedEqualKeys() {
    return RowKey.compare(encodedKey, encodedSameKey);
  }

  @Benchmark
  public int compareEncodedKeysDifferingAtTheEnd() {
    return RowKey.compare(encodedKey, encodedOtherKey);
  }

  /** What each request pays once to get its key into the row map's form. */
  @Benchmark
  public byte[] encodeKey() {
    return RowKey.encode(key);
  }

  /** A stored paper row (encoded key + packed cells) into a PlainBuffer response, as GetRow answers it. */
  @Benchmark
  public ByteString encodeStoredRow() {
    PlainBufferWriter writer = new PlainBufferWriter(64 + encodedKey.length + storedCells.length + 48 * 5);
    writer.header();
    writer.startRow();
    RowKey.Reader reader = new RowKey.Reader(encodedKey);
    reader.next();
    writer.primaryKeyBytes(keyName, false, reader.bytes());
    writer.startData();
    CellCursor cursor = new CellCursor(storedCells);
    while (cursor.nextColumn()) {
      cursor.nextVersion();
      writer.attribute(storedCells, cursor.nameOffset(), cursor.nameLength(), cursor.type(), storedCells, cursor.valueOffset(),
          cursor.valueLength(), cursor.timestamp());
    }
    writer.endRow();
    return writer.toByteString();
  }
}
