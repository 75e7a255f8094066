package io.tablestoreycsb.planner.plan;

import io.tablestoreycsb.binding.config.KeyFormat;
import io.tablestoreycsb.mock.protocol.CapacityUnits;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

/**
 * The row a case writes or reads, as the runners will see it (the workload file with the matrix's
 * overrides), and what it costs in capacity units.
 *
 * <p>Size for capacity units (tablestore-protocol.md, "Capacity units"): primary key name + key value
 * + every attribute's name + value. The key value is 20 bytes (the white paper's {@code userid}, as
 * the binding's {@link KeyFormat} makes it), so the paper's row (five 100-byte
 * fields named field0..field4) is 6 + 20 + 5 x 106 = 556 bytes. The payload ({@link #payloadBytes})
 * leaves the names out: it is what the report's MB/s counts.
 *
 * @param primaryKeyName the key column's name ({@code tablestore.primarykey}, default userid)
 * @param fieldCount YCSB's fieldcount (default 10)
 * @param fieldLength YCSB's fieldlength (default 100; the largest value when the length varies)
 * @param fieldNamePrefix YCSB's fieldnameprefix (default field)
 * @param batchSize the binding's tablestore.batchsize (default 1: one PutRow a row)
 */
public record RowShape(String primaryKeyName, int fieldCount, int fieldLength, String fieldNamePrefix,
    int batchSize) {

  /** Bytes of a key value ({@link KeyFormat}). */
  public static final int KEY_BYTES = KeyFormat.KEY_LENGTH;

  /** The shape a runner of {@code workload} gets with the properties {@code overrides} on top. */
  public static RowShape of(Path workload, Map<String, String> overrides) {
    Properties p = WorkloadFiles.load(workload);
    overrides.forEach(p::setProperty);
    return new RowShape(p.getProperty("tablestore.primarykey", "userid").strip(),
        intProperty(p, "fieldcount", 10), intProperty(p, "fieldlength", 100),
        p.getProperty("fieldnameprefix", "field").strip(), intProperty(p, "tablestore.batchsize", 1));
  }

  private static int intProperty(Properties p, String name, int fallback) {
    String v = p.getProperty(name);
    if (v == null) {
      return fallback;
    }
    try {
      return Integer.parseInt(v.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " = '" + v + "' is not a whole number");
    }
  }

  /** Key plus field values: the payload a row carries. */
  public int payloadBytes() {
    return KEY_BYTES + fieldCount * fieldLength;
  }

  /** The row's size as capacity units count it: names and values of the key and every field. */
  public long capacityBytes() {
    long names = 0;
    for (int i = 0; i < fieldCount; i++) {
      names += (fieldNamePrefix + i).length();
    }
    return primaryKeyName.length() + KEY_BYTES + names + (long) fieldCount * fieldLength;
  }

  /** Write CUs of one row written (PutRow or a row of a batch; the binding's puts have no condition). */
  public int writeCuPerRow() {
    return CapacityUnits.forRow(capacityBytes());
  }

  /** Read CUs of one GetRow of the whole row (a missing row costs one too). */
  public int readCuPerRow() {
    return CapacityUnits.forRow(capacityBytes());
  }

  /** Read CUs of one GetRange returning {@code rows} rows: their bytes together, 4 KB units rounded up. */
  public int readCuPerScan(int rows) {
    return CapacityUnits.forScan(capacityBytes() * rows);
  }
}
