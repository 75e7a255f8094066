package io.tablestoreycsb.mock.persist;

import io.tablestoreycsb.mock.storage.ChangeLog;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * What one record of the write-ahead log ({@link WalWriter}) says, and how it is replayed onto a
 * state file at start. Every record carries a whole value (a row's cells, a table's definition, a
 * tunnel's state, a change-log record by its sequence), never a difference: replaying a record the
 * checkpoint already holds changes nothing, so a checkpoint may copy the state while writes go on
 * and the log is replayed from the position taken before the copy began.
 */
final class WalRecords {
  static final byte ROW_PUT = 1;
  static final byte ROW_DELETE = 2;
  static final byte LOG_APPEND = 3;
  static final byte LOG_TRIM = 4;
  static final byte TABLE = 5;
  static final byte TABLE_DROP = 6;
  static final byte TUNNEL = 7;
  static final byte TUNNEL_DELETE = 8;
  /** In a table record's log starts: the partition has no change log yet. */
  static final long NO_LOG = -1;

  private WalRecords() {}

  /**
   * A row now holding {@code cells}, its payload built by hand: the one record on the hot path
   * (kind, table id, key length, key, cells; the rest are rarer and use {@link Fields}).
   */
  static byte[] rowPut(long tableId, byte[] key, byte[] cells) {
    byte[] out = new byte[1 + 8 + 4 + key.length + cells.length];
    out[0] = ROW_PUT;
    putLong(out, 1, tableId);
    putInt(out, 9, key.length);
    System.arraycopy(key, 0, out, 13, key.length);
    System.arraycopy(cells, 0, out, 13 + key.length, cells.length);
    return out;
  }

  static byte[] rowDelete(long tableId, byte[] key) {
    return new Fields.Writer().longValue(tableId).bytes(key).toBytes(ROW_DELETE);
  }

  static byte[] logAppend(long tableId, int partition, ChangeLog.Record record) {
    return new Fields.Writer().longValue(tableId).intValue(partition).longValue(record.sequence())
        .bytes(LogRecordCodec.encode(record)).toBytes(LOG_APPEND);
  }

  static byte[] logTrim(long tableId, int partition, long firstSequence) {
    return new Fields.Writer().longValue(tableId).intValue(partition).longValue(firstSequence).toBytes(LOG_TRIM);
  }

  /**
   * A table's definition; {@code logStarts} holds, for each partition, its change log's first
   * sequence ({@link #NO_LOG}: none; kept only where the file has none yet), or is null when the
   * stream is off (logs removed).
   */
  static byte[] table(long tableId, byte[] definition, long[] logStarts) {
    Fields.Writer w = new Fields.Writer().longValue(tableId).bytes(definition).bool(logStarts != null);
    if (logStarts != null) {
      w.intValue(logStarts.length);
      for (long start : logStarts) {
        w.longValue(start);
      }
    }
    return w.toBytes(TABLE);
  }

  static byte[] tableDrop(long tableId) {
    return new Fields.Writer().longValue(tableId).toBytes(TABLE_DROP);
  }

  static byte[] tunnel(String tunnelId, byte[] state) {
    return new Fields.Writer().string(tunnelId).bytes(state).toBytes(TUNNEL);
  }

  static byte[] tunnelDelete(String tunnelId) {
    return new Fields.Writer().string(tunnelId).toBytes(TUNNEL_DELETE);
  }

  /** Applies one record to {@code store} as the running mock applied the change (see {@link DurableStorage} before). */
  static void replay(byte[] record, StateStore store) {
    if (record.length == 0) {
      throw new IllegalArgumentException("empty record");
    }
    byte kind = record[0];
    if (kind == ROW_PUT) {
      int keyLength = record.length < 13 ? -1 : getInt(record, 9);
      if (keyLength < 0 || keyLength > record.length - 13) {
        throw new IllegalArgumentException("row record of " + record.length + " bytes with a key of " + keyLength);
      }
      long id = getLong(record, 1);
      byte[] key = Arrays.copyOfRange(record, 13, 13 + keyLength);
      store.rows(id).put(key, Arrays.copyOfRange(record, 13 + keyLength, record.length));
      return;
    }
    Fields.Reader r = new Fields.Reader(record, 1);
    try {
      switch (kind) {
        case ROW_DELETE -> {
          long id = r.longValue();
          store.rows(id).remove(r.bytes());
        }
        case LOG_APPEND -> {
          long id = r.longValue();
          int partition = r.intValue();
          store.log(id, partition).put(r.longValue(), r.bytes());
        }
        case LOG_TRIM -> {
          long id = r.longValue();
          int partition = r.intValue();
          long first = r.longValue();
          store.logStarts.put(StateStore.logStartKey(id, partition), first);
          var log = store.log(id, partition);
          Long oldest;
          while ((oldest = log.firstKey()) != null && oldest < first) {
            log.remove(oldest);
          }
        }
        case TABLE -> {
          long id = r.longValue();
          store.tables.put(id, r.bytes());
          if (!r.bool()) {
            store.removeChangeLogs(id);
          } else {
            int partitions = r.intValue();
            for (int p = 0; p < partitions; p++) {
              long start = r.longValue();
              if (start != NO_LOG) {
                store.logStarts.putIfAbsent(StateStore.logStartKey(id, p), start);
              }
            }
          }
        }
        case TABLE_DROP -> {
          long id = r.longValue();
          store.tables.remove(id);
          store.removeTableData(id);
        }
        case TUNNEL -> {
          String tunnelId = r.string();
          store.tunnels.put(tunnelId, r.bytes());
        }
        case TUNNEL_DELETE -> store.tunnels.remove(r.string());
        default -> throw new IllegalArgumentException("unknown record kind " + kind);
      }
    } catch (UncheckedIOException e) {
      throw new IllegalArgumentException("record of kind " + kind + " ends early", e);
    }
  }

  private static void putLong(byte[] out, int at, long value) {
    for (int i = 7; i >= 0; i--) {
      out[at + i] = (byte) value;
      value >>>= 8;
    }
  }

  private static void putInt(byte[] out, int at, int value) {
    for (int i = 3; i >= 0; i--) {
      out[at + i] = (byte) value;
      value >>>= 8;
    }
  }

  private static long getLong(byte[] in, int at) {
    long value = 0;
    for (int i = 0; i < 8; i++) {
      value = (value << 8) | (in[at + i] & 0xFF);
    }
    return value;
  }

  private static int getInt(byte[] in, int at) {
    int value = 0;
    for (int i = 0; i < 4; i++) {
      value = (value << 8) | (in[at + i] & 0xFF);
    }
    return value;
  }
}
