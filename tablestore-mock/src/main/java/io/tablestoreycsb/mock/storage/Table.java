package io.tablestoreycsb.mock.storage;

import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.UnaryOperator;

/**
 * A table: fixed name, primary-key schema and split points; settings that UpdateTable may change;
 * and N+1 partitions for N split points. Partition i holds the rows whose first primary-key value
 * v satisfies {@code split[i-1] <= v < split[i]}.
 */
public final class Table {
  /** An encoded key that sorts after every row key (INF_MAX): an open upper bound for partition scans. */
  public static final byte[] KEY_AFTER_ALL = RowKey.encode(PrimaryKeyValue.INF_MAX);

  private final String name;
  private final List<PrimaryKeySchema> schema;
  private final List<PrimaryKeyValue> splitPoints;
  /** The split points encoded as one-column keys ({@link RowKey}): a key's partition by byte compare. */
  private final byte[][] encodedSplitPoints;
  /** The primary key column names, UTF-8, in schema order (for billing and response encoding). */
  private final byte[][] primaryKeyNames;
  private final int primaryKeyNamesDataSize;
  private final Partition[] partitions;
  private final long creationTimeSeconds;
  private final AutoIncrementSequence autoIncrement;
  private volatile TableSettings settings;
  private volatile StreamSettings stream = StreamSettings.DISABLED;
  private volatile TableDefinition definition = TableDefinition.PLAIN;
  /** The table's secondary indexes (replaced whole when one is added or dropped). */
  private volatile List<SecondaryIndex> indexes = List.of();
  /** For an index table, the table it indexes; else null. */
  private volatile Table indexedTable;
  /**
   * On a table with indexes, a write of a row and the index writes it causes run under the lock
   * of the row's stripe, so that two writes of one row update the index in the order they
   * changed the row.
   */
  private final Object[] writeStripes = new Object[16];
  private final StorageHook hook;
  /** Whether the table is one of its catalog's (an index's table joins it after it is made, see Catalog.addIndex). */
  volatile boolean listed;

  Table(String name, List<PrimaryKeySchema> schema, List<PrimaryKeyValue> splitPoints, TableSettings settings,
      MemoryBudget budget, StorageHook hook, long creationTimeSeconds) {
    this.name = name;
    this.schema = List.copyOf(schema);
    this.splitPoints = List.copyOf(splitPoints);
    this.encodedSplitPoints = new byte[splitPoints.size()][];
    for (int i = 0; i < encodedSplitPoints.length; i++) {
      encodedSplitPoints[i] = RowKey.encode(splitPoints.get(i));
    }
    this.primaryKeyNames = new byte[schema.size()][];
    int namesSize = 0;
    for (int i = 0; i < primaryKeyNames.length; i++) {
      primaryKeyNames[i] = schema.get(i).getName().getBytes(StandardCharsets.UTF_8);
      namesSize += primaryKeyNames[i].length;
    }
    this.primaryKeyNamesDataSize = namesSize;
    this.settings = settings;
    this.creationTimeSeconds = creationTimeSeconds;
    this.autoIncrement = new AutoIncrementSequence(creationTimeSeconds);
    for (int i = 0; i < writeStripes.length; i++) {
      writeStripes[i] = new Object();
    }
    this.hook = hook;
    this.partitions = new Partition[splitPoints.size() + 1];
    for (int i = 0; i < partitions.length; i++) {
      partitions[i] = new Partition(budget, hook, this, i);
    }
  }

  public String name() {
    return name;
  }

  public List<PrimaryKeySchema> schema() {
    return schema;
  }

  public List<PrimaryKeyValue> splitPoints() {
    return splitPoints;
  }

  public TableSettings settings() {
    return settings;
  }

  public void updateSettings(TableSettings newSettings) {
    this.settings = newSettings;
    notifyChanged();
  }

  /** Predefined columns and encryption, as CreateTable declared them. */
  public TableDefinition definition() {
    return definition;
  }

  /** Set once, by CreateTable, before the table is used. */
  public void define(TableDefinition newDefinition) {
    this.definition = newDefinition;
    notifyChanged();
  }

  public StreamSettings stream() {
    return stream;
  }

  /**
   * Turns the stream on or off. Enabling starts an empty change log on every partition (writes
   * before it are not in the stream); disabling drops the logs and their memory.
   */
  public synchronized void updateStream(StreamSettings newStream) {
    for (Partition p : partitions) {
      if (newStream.enabled()) {
        p.enableChangeLog(newStream.expirationMillis());
      } else {
        p.disableChangeLog();
      }
    }
    this.stream = newStream;
    notifyChanged();
  }

  public long creationTimeSeconds() {
    return creationTimeSeconds;
  }

  /** The secondary indexes, in creation order. */
  public List<SecondaryIndex> indexes() {
    return indexes;
  }

  synchronized void addIndex(SecondaryIndex index) {
    List<SecondaryIndex> more = new ArrayList<>(indexes);
    more.add(index);
    indexes = List.copyOf(more);
  }

  synchronized SecondaryIndex removeIndex(String indexName) {
    List<SecondaryIndex> fewer = new ArrayList<>(indexes);
    SecondaryIndex removed = null;
    for (SecondaryIndex index : indexes) {
      if (index.name().equals(indexName)) {
        removed = index;
        fewer.remove(index);
      }
    }
    indexes = List.copyOf(fewer);
    return removed;
  }

  /** For an index table, the table it indexes; null for a table of its own. */
  public Table indexedTable() {
    return indexedTable;
  }

  void markAsIndexOf(Table base) {
    this.indexedTable = base;
  }

  /**
   * Changes the row at {@code key} in partition {@code partition} as {@link Partition#compute(byte[],
   * UnaryOperator, Partition.LoggedChange)} does ({@code logged} null: nothing is logged), and
   * brings the table's secondary indexes in step with the change.
   */
  public StoredRow write(int partition, byte[] key, UnaryOperator<StoredRow> change, Partition.LoggedChange logged) {
    List<SecondaryIndex> now = indexes;
    if (now.isEmpty()) {
      return logged == null ? partitions[partition].compute(key, change)
          : partitions[partition].compute(key, change, logged);
    }
    synchronized (writeStripes[Math.floorMod(Arrays.hashCode(key), writeStripes.length)]) {
      StoredRow[] before = new StoredRow[1];
      UnaryOperator<StoredRow> remembering = stored -> {
        before[0] = stored;
        return change.apply(stored);
      };
      StoredRow after = logged == null ? partitions[partition].compute(key, remembering)
          : partitions[partition].compute(key, remembering, logged);
      for (SecondaryIndex index : now) {
        index.update(this, before[0], after);
      }
      return after;
    }
  }

  /** The values of the auto-increment primary key column, when the schema has one. */
  public AutoIncrementSequence autoIncrement() {
    return autoIncrement;
  }

  public int partitionCount() {
    return partitions.length;
  }

  public Partition partition(int index) {
    return partitions[index];
  }

  /** The index of the partition holding rows whose first primary-key value is {@code value}. */
  public int partitionIndexOf(PrimaryKeyValue value) {
    return partitionIndexOf(RowKey.encode(value));
  }

  public int partitionIndexOf(PrimaryKey key) {
    return partitionIndexOf(key.getPrimaryKeyColumn(0).getValue());
  }

  /**
   * The index of the partition holding {@code key} (encoded, {@link RowKey}; a key or a range
   * bound). A split point's encoding is its first column's, so comparing it with the whole key
   * orders the key's first column against the split point, and a key that starts with the split
   * point sorts after it.
   */
  public int partitionIndexOf(byte[] key) {
    int lo = 0;
    int hi = encodedSplitPoints.length;
    while (lo < hi) { // first split point greater than the key's first column
      int mid = (lo + hi) >>> 1;
      if (RowKey.compare(encodedSplitPoints[mid], key) <= 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** The primary key column names as UTF-8, in schema order. Do not modify. */
  public byte[][] primaryKeyNames() {
    return primaryKeyNames;
  }

  /** An encoded key back as an SDK primary key with this table's column names. */
  public PrimaryKey decodeKey(byte[] key) {
    return RowKey.decode(key, schema);
  }

  /** The billed size of a stored row's primary key: column names plus values (as {@code RowSizes.primaryKey}). */
  public long primaryKeyDataSize(byte[] key) {
    long size = primaryKeyNamesDataSize;
    RowKey.Reader reader = new RowKey.Reader(key);
    while (reader.next()) {
      size += reader.dataSize();
    }
    return size;
  }

  /**
   * Rows from {@code start} (inclusive) to {@code end} (exclusive), both encoded, across
   * partitions, ascending when {@code forward}, else descending (then {@code start >= end}).
   * Weakly consistent.
   */
  public Iterator<StoredRow> scan(byte[] start, byte[] end, boolean forward) {
    int first = partitionIndexOf(start);
    int last = partitionIndexOf(end);
    List<Iterator<StoredRow>> parts = new ArrayList<>();
    if (forward) {
      for (int i = first; i <= last; i++) {
        parts.add(partitions[i].ascending(start, end));
      }
    } else {
      for (int i = first; i >= last; i--) {
        parts.add(partitions[i].descending(start, end));
      }
    }
    return concat(parts);
  }

  /** Every row of the table in key order (weakly consistent), for ComputeSplitPointsBySize. */
  public Iterator<StoredRow> allRows() {
    List<Iterator<StoredRow>> parts = new ArrayList<>();
    for (Partition p : partitions) {
      parts.add(p.all());
    }
    return concat(parts);
  }

  /**
   * Puts a kept row back (a restart on a data directory, a restore): stored as it was, without
   * conditions, change log or index updates (index tables are kept and put back themselves).
   */
  public void restoreRow(byte[] key, byte[] cells) {
    StoredRow row = new StoredRow(key, Cells.current(cells)); // a format-1 data directory kept the legacy layout
    partitions[partitionIndexOf(key)].compute(key, current -> row);
  }

  /** Puts a kept change log back into partition {@code partition} (see {@link Partition#restoreChangeLog}). */
  public void restoreChangeLog(int partition, long firstSequence, List<ChangeLog.Record> records) {
    partitions[partition].restoreChangeLog(firstSequence, records);
  }

  /** Whether the table is one of its catalog's now (not yet, for an index's table being made; no more, once dropped). */
  public boolean inCatalog() {
    return listed;
  }

  /** Tells the storage's listener, if any, that what defines this table changed. */
  void notifyChanged() {
    StorageListener listener = hook.listener;
    if (listener != null && listed) {
      listener.tableChanged(this);
    }
  }

  void release() {
    for (Partition p : partitions) {
      p.release();
    }
  }

  private static Iterator<StoredRow> concat(List<Iterator<StoredRow>> parts) {
    return new Iterator<>() {
      private int index;

      @Override
      public boolean hasNext() {
        while (index < parts.size()) {
          if (parts.get(index).hasNext()) {
            return true;
          }
          index++;
        }
        return false;
      }

      @Override
      public StoredRow next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        return parts.get(index).next();
      }
    };
  }

  @Override
  public String toString() {
    return "Table{" + name + ", partitions=" + partitions.length + "}";
  }
}
