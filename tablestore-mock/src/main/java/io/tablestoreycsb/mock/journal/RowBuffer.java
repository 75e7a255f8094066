package io.tablestoreycsb.mock.journal;

import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import io.tablestoreycsb.mock.protocol.OtsException;
import java.util.Arrays;
import java.util.List;

/**
 * The rows of one request as it is served, gathered for its journal entry by the thread executing
 * it: per row its table, the table's key schema, the encoded key (the array storage already made,
 * not a copy) and its own error, if it failed alone. Four parallel arrays rather than an object per
 * row, so a 200-row batch costs a few array copies; the SDK primary keys are decoded only when a
 * test asks for them ({@link RecordedRequest#rows()}).
 */
public final class RowBuffer {
  private String[] tables;
  private Object[] schemas;
  private byte[][] keys;
  private OtsException[] errors;
  /** Each write's condition; made at the first one noted, so reads pay for none. */
  private RecordedCondition[] conditions;
  private int size;

  /** @param expectedRows how many rows the request names, if known (1 otherwise): the arrays' first size */
  public RowBuffer(int expectedRows) {
    int n = Math.max(1, expectedRows);
    tables = new String[n];
    schemas = new Object[n];
    keys = new byte[n][];
  }

  /**
   * Adds a row.
   *
   * @param key the row's key encoded as storage encodes it; null when it could not be decoded
   *     (its table does not exist, its bytes are malformed)
   * @param error the row's own error in a batch, or null
   */
  public void add(String table, List<PrimaryKeySchema> schema, byte[] key, OtsException error) {
    if (size == keys.length) {
      int grown = size * 2;
      tables = Arrays.copyOf(tables, grown);
      schemas = Arrays.copyOf(schemas, grown);
      keys = Arrays.copyOf(keys, grown);
      if (errors != null) {
        errors = Arrays.copyOf(errors, grown);
      }
      if (conditions != null) {
        conditions = Arrays.copyOf(conditions, grown);
      }
    }
    tables[size] = table;
    schemas[size] = schema;
    keys[size] = key;
    if (error != null) {
      if (errors == null) {
        errors = new OtsException[keys.length];
      }
      errors[size] = error;
    }
    size++;
  }

  /** Marks the last row added as failed with {@code error}. */
  public void failLast(OtsException error) {
    if (size == 0) {
      throw new IllegalStateException("no row to fail");
    }
    if (errors == null) {
      errors = new OtsException[keys.length];
    }
    errors[size - 1] = error;
  }

  /** Notes the condition of the last row added (a write's). */
  public void conditionOfLast(RecordedCondition condition) {
    if (size == 0) {
      throw new IllegalStateException("no row to note a condition of");
    }
    if (conditions == null) {
      conditions = new RecordedCondition[keys.length];
    }
    conditions[size - 1] = condition;
  }

  public int size() {
    return size;
  }

  String table(int i) {
    return tables[i];
  }

  @SuppressWarnings("unchecked")
  List<PrimaryKeySchema> schema(int i) {
    return (List<PrimaryKeySchema>) schemas[i];
  }

  byte[] key(int i) {
    return keys[i];
  }

  /** The condition the row's write carried, or null (a read, or a write whose condition was not noted). */
  RecordedCondition condition(int i) {
    return conditions == null ? null : conditions[i];
  }

  /** The row's own error, or null. */
  OtsException error(int i) {
    return errors == null ? null : errors[i];
  }
}
