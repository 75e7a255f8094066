package io.tablestoreycsb.tunnelbench.rows;

import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyColumn;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.StreamRecord;
import com.alicloud.openservices.tablestore.model.TableMeta;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The white paper's rows: four primary-key columns, the first a 4-byte hash (so writes spread evenly
 * over pre-split partitions), and two attributes, about 220 bytes in all:
 *
 * <pre>
 *   hash   BINARY(4)  hash of the row number
 *   writer INTEGER    the writer thread
 *   batch  INTEGER    the BatchWriteRow the row went in (consumers look up its acknowledgement time)
 *   row    INTEGER    the row number, 0.. (the consumed-row check counts these)
 *   sent_us INTEGER   when the writer sent the batch, epoch microseconds
 *   payload STRING    filler up to the row size
 * </pre>
 *
 * Row size is counted as Tablestore counts it: every column's name plus its value (8 bytes for an
 * integer, the bytes of a string or binary).
 */
public final class TunnelRow {
  public static final String HASH = "hash";
  public static final String WRITER = "writer";
  public static final String BATCH = "batch";
  public static final String ROW = "row";
  public static final String SENT = "sent_us";
  public static final String PAYLOAD = "payload";
  /** The paper's row size. */
  public static final int PAPER_ROW_BYTES = 220;
  /** Every column but the payload's value. */
  static final int FIXED_BYTES = HASH.length() + 4 + WRITER.length() + 8 + BATCH.length() + 8 + ROW.length() + 8
      + SENT.length() + 8 + PAYLOAD.length();
  /** The smallest row: a one-character payload. */
  public static final int MIN_ROW_BYTES = FIXED_BYTES + 1;

  private final int rowBytes;
  private final ColumnValue payload;

  public TunnelRow(int rowBytes) {
    if (rowBytes < MIN_ROW_BYTES) {
      throw new IllegalArgumentException("row-bytes must be at least " + MIN_ROW_BYTES + " (four key columns and"
          + " two attributes), got " + rowBytes);
    }
    this.rowBytes = rowBytes;
    char[] filler = new char[rowBytes - FIXED_BYTES];
    for (int i = 0; i < filler.length; i++) {
      filler[i] = (char) ('a' + i % 26);
    }
    this.payload = ColumnValue.fromString(new String(filler));
  }

  public int rowBytes() {
    return rowBytes;
  }

  /** The table's primary key (no attribute schema: Tablestore tables have none). */
  public static TableMeta tableMeta(String table) {
    TableMeta meta = new TableMeta(table);
    meta.addPrimaryKeyColumn(HASH, PrimaryKeyType.BINARY);
    meta.addPrimaryKeyColumn(WRITER, PrimaryKeyType.INTEGER);
    meta.addPrimaryKeyColumn(BATCH, PrimaryKeyType.INTEGER);
    meta.addPrimaryKeyColumn(ROW, PrimaryKeyType.INTEGER);
    return meta;
  }

  /**
   * The {@code partitions - 1} split points that cut the 4-byte hash space into equal ranges, so that
   * partition {@code p} holds the hashes from {@code p * 2^32 / partitions} on.
   */
  public static List<PrimaryKeyValue> splitPoints(int partitions) {
    List<PrimaryKeyValue> points = new ArrayList<>();
    for (int p = 1; p < partitions; p++) {
      points.add(PrimaryKeyValue.fromBinary(partitionStart(p, partitions)));
    }
    return points;
  }

  /** The first hash value of partition {@code p} (inclusive): its split point, and where a range read of it starts. */
  public static byte[] partitionStart(int p, int partitions) {
    return bytes((int) (((long) p << 32) / partitions));
  }

  /** A well-mixed 32-bit hash of the row number (MurmurHash3's finaliser). */
  static int hash(long row) {
    long h = row;
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    h *= 0xc4ceb9fe1a85ec53L;
    h ^= h >>> 33;
    return (int) h;
  }

  private static byte[] bytes(int v) {
    return new byte[] {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v};
  }

  public static PrimaryKey key(int writer, long batch, long row) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder()
        .addPrimaryKeyColumn(HASH, PrimaryKeyValue.fromBinary(bytes(hash(row))))
        .addPrimaryKeyColumn(WRITER, PrimaryKeyValue.fromLong(writer))
        .addPrimaryKeyColumn(BATCH, PrimaryKeyValue.fromLong(batch))
        .addPrimaryKeyColumn(ROW, PrimaryKeyValue.fromLong(row))
        .build();
  }

  /** One row of a batch. */
  public RowPutChange put(String table, int writer, long batch, long row, long sentMicros) {
    RowPutChange put = new RowPutChange(table, key(writer, batch, row));
    put.addColumn(SENT, ColumnValue.fromLong(sentMicros));
    put.addColumn(PAYLOAD, payload);
    return put;
  }

  /**
   * The row number and batch of a record this benchmark wrote, or null for any other record (a row
   * someone else wrote to the table, or a key of another shape).
   */
  public static Written decode(StreamRecord record) {
    PrimaryKey key = record.getPrimaryKey();
    if (key == null || key.size() != 4) {
      return null;
    }
    PrimaryKeyColumn hash = key.getPrimaryKeyColumn(0);
    PrimaryKeyColumn batch = key.getPrimaryKeyColumn(2);
    PrimaryKeyColumn row = key.getPrimaryKeyColumn(3);
    if (!HASH.equals(hash.getName()) || !BATCH.equals(batch.getName()) || !ROW.equals(row.getName())
        || batch.getValue().getType() != PrimaryKeyType.INTEGER || row.getValue().getType() != PrimaryKeyType.INTEGER) {
      return null;
    }
    long rowNumber = row.getValue().asLong();
    if (rowNumber < 0 || !Arrays.equals(hash.getValue().asBinary(), bytes(hash(rowNumber)))) {
      return null;
    }
    return new Written(rowNumber, batch.getValue().asLong());
  }

  /** What a consumer reads back from a record's key. */
  public record Written(long row, long batch) {}
}
