package io.tablestoreycsb.mock.storage;

import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import io.tablestoreycsb.mock.protocol.PrimaryKeyOrder;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * A table: fixed name, primary-key schema and split points; settings that UpdateTable may change;
 * and N+1 partitions for N split points. Partition i holds the rows whose first primary-key value
 * v satisfies {@code split[i-1] <= v < split[i]}.
 */
public final class Table {
  private final String name;
  private final List<PrimaryKeySchema> schema;
  private final List<PrimaryKeyValue> splitPoints;
  private final Partition[] partitions;
  private final long creationTimeSeconds;
  private volatile TableSettings settings;

  Table(String name, List<PrimaryKeySchema> schema, List<PrimaryKeyValue> splitPoints, TableSettings settings,
      MemoryBudget budget, long creationTimeSeconds) {
    this.name = name;
    this.schema = List.copyOf(schema);
    this.splitPoints = List.copyOf(splitPoints);
    this.settings = settings;
    this.creationTimeSeconds = creationTimeSeconds;
    this.partitions = new Partition[splitPoints.size() + 1];
    for (int i = 0; i < partitions.length; i++) {
      partitions[i] = new Partition(budget);
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
  }

  public long creationTimeSeconds() {
    return creationTimeSeconds;
  }

  public int partitionCount() {
    return partitions.length;
  }

  public Partition partition(int index) {
    return partitions[index];
  }

  /** The index of the partition holding rows whose first primary-key value is {@code value}. */
  public int partitionIndexOf(PrimaryKeyValue value) {
    int lo = 0;
    int hi = splitPoints.size();
    while (lo < hi) { // first split point greater than value
      int mid = (lo + hi) >>> 1;
      if (PrimaryKeyOrder.compareValues(splitPoints.get(mid), value) <= 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  public int partitionIndexOf(PrimaryKey key) {
    return partitionIndexOf(key.getPrimaryKeyColumn(0).getValue());
  }

  public Partition partitionOf(PrimaryKey key) {
    return partitions[partitionIndexOf(key)];
  }

  /**
   * Rows from {@code start} (inclusive) to {@code end} (exclusive) across partitions, ascending
   * when {@code forward}, else descending (then {@code start >= end}). Weakly consistent.
   */
  public Iterator<StoredRow> scan(PrimaryKey start, PrimaryKey end, boolean forward) {
    int first = partitionIndexOf(start);
    int last = partitionIndexOf(end);
    List<Iterator<StoredRow>> parts = new ArrayList<>();
    if (forward) {
      for (int i = first; i <= last; i++) {
        parts.add(partitions[i].ascending(start, end).values().iterator());
      }
    } else {
      for (int i = first; i >= last; i--) {
        parts.add(partitions[i].descending(start, end).values().iterator());
      }
    }
    return concat(parts);
  }

  /** Every row of the table in key order (weakly consistent), for ComputeSplitPointsBySize. */
  public Iterator<StoredRow> allRows() {
    List<Iterator<StoredRow>> parts = new ArrayList<>();
    for (Partition p : partitions) {
      parts.add(p.all().values().iterator());
    }
    return concat(parts);
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
