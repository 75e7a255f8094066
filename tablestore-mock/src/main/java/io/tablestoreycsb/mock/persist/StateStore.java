package io.tablestoreycsb.mock.persist;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.MVStoreException;
import org.h2.mvstore.type.ByteArrayDataType;
import org.h2.mvstore.type.LongDataType;
import org.h2.mvstore.type.StringDataType;

/**
 * The mock's state in one MVStore file: the file of a data directory and a snapshot alike. Its
 * maps:
 * <ul>
 *   <li>{@code info}: {@code format} = {@link #FORMAT_VERSION}; in a data directory's checkpoint, {@code
 *       log} = the write-ahead log's position its state starts from ({@link WalReader});
 *   <li>{@code tables}: table id to its definition ({@link TableCodec});
 *   <li>{@code rows/ID}: a table's rows, encoded key ({@code RowKey}) to cells ({@code Cells});
 *   <li>{@code log/ID/P}: the change log of partition P, sequence to record ({@link LogRecordCodec});
 *   <li>{@code logstart}: {@code ID/P} to the change log's first sequence;
 *   <li>{@code tunnels}: tunnel id to its state ({@link TunnelCodec}).
 * </ul>
 * A table id names one table's life: a table dropped and created again gets a new id, so a late
 * write to the old one cannot land in the new one's rows.
 */
final class StateStore implements AutoCloseable {
  /**
   * The layout above; a file of another version is refused, never read as this one. Format 3 is
   * format 2 with the {@code log} position: a format-3 data directory also holds a write-ahead log
   * that an older mock would not replay, so it must refuse the directory and its checkpoints.
   */
  static final int FORMAT_VERSION = 3;
  /**
   * The oldest version still read: format 1 is this layout with rows' cells in {@code Cells}'
   * legacy layout, which loading turns into the current one ({@code Table.restoreRow}); format 2
   * is this layout without a log position (a data directory of format 1 or 2 is the state file
   * alone). A data directory of either is written again as format 3 when it is opened ({@link
   * DataDirectory}), never changed in place.
   */
  static final int OLDEST_READ_VERSION = 1;
  static final String FORMAT_KEY = "format";
  private static final String LOG_POSITION_KEY = "log";
  private static final int PAGE_SPLIT_BYTES = 4096;

  private final MVStore store;
  private final MVMap<String, String> info;
  final MVMap<Long, byte[]> tables;
  final MVMap<String, Long> logStarts;
  final MVMap<String, byte[]> tunnels;
  /** The open row and log maps (opening one by name looks it up in the store's layout each time). */
  private final java.util.Map<Long, MVMap<byte[], byte[]>> rowMaps = new java.util.concurrent.ConcurrentHashMap<>();
  private final java.util.Map<String, MVMap<Long, byte[]>> logMaps = new java.util.concurrent.ConcurrentHashMap<>();

  private StateStore(MVStore store) {
    this.store = store;
    this.info = store.openMap("info", new MVMap.Builder<String, String>().keyType(StringDataType.INSTANCE)
        .valueType(StringDataType.INSTANCE));
    this.tables = store.openMap("tables", new MVMap.Builder<Long, byte[]>().keyType(LongDataType.INSTANCE)
        .valueType(ByteArrayDataType.INSTANCE));
    this.logStarts = store.openMap("logstart", new MVMap.Builder<String, Long>().keyType(StringDataType.INSTANCE)
        .valueType(LongDataType.INSTANCE));
    this.tunnels = store.openMap("tunnels", new MVMap.Builder<String, byte[]>().keyType(StringDataType.INSTANCE)
        .valueType(ByteArrayDataType.INSTANCE));
  }

  /**
   * Opens (or creates) the state file {@code file}; a file of another format version, or not a
   * state file at all, is refused with {@link StateFileException} naming it.
   *
   * @param background whether MVStore's own thread may commit and compact in the background (a
   *     data directory); a snapshot being written or read is committed once, by its writer
   */
  static StateStore open(Path file, boolean background) {
    return open(file, file.toString(), background);
  }

  /**
   * As {@link #open(Path, boolean)}, its errors naming the file {@code shownAs} (a snapshot is read from a
   * temporary copy: the errors name the snapshot, or "the request body", not the copy).
   */
  static StateStore open(Path file, String shownAs, boolean background) {
    // Pages split at 4 KB (not 16): a commit rewrites the leaf of each changed row, and a leaf of
    // paper rows (about 600 B each) is then 6 rows, not 27 (a quarter of the bytes written a commit).
    MVStore.Builder builder = new MVStore.Builder().fileName(file.toString()).pageSplitSize(PAGE_SPLIT_BYTES);
    if (!background) {
      builder.autoCommitDisabled();
    }
    MVStore store;
    try {
      store = builder.open();
    } catch (MVStoreException e) {
      throw StateFileException.cannotOpen(file, shownAs, e);
    }
    // Space of chunks no longer referenced is reused at once, not after MVStore's default 45 s: with
    // a commit per group of writes, 45 s of superseded chunks made the file 10 to 25 times the data
    // (measured: 8 KB per 600-byte row after loading 20,000 rows). What that 45 s guards against is a
    // machine crash with write-back reordering (the chunk a crash falls back to overwritten before the
    // newer one reached the disk); a killed process loses nothing the OS was given, and with
    // --sync-writes every commit is on the disk before the next one can reuse space.
    store.setRetentionTime(0);
    try {
      StateStore opened = new StateStore(store);
      opened.checkFormat(shownAs);
      return opened;
    } catch (RuntimeException e) {
      store.closeImmediately();
      throw e instanceof MVStoreException m ? StateFileException.cannotOpen(file, shownAs, m) : e;
    }
  }

  /** Refuses a file of a version not read; a new file is marked this version (written by its writer's commit). */
  private void checkFormat(String shownAs) {
    String format = info.get(FORMAT_KEY);
    if (format == null) {
      if (!tables.isEmpty() || !tunnels.isEmpty() || store.getMapNames().stream().anyMatch(n -> n.startsWith("rows/"))) {
        throw StateFileException.notOurs(shownAs);
      }
      info.put(FORMAT_KEY, Integer.toString(FORMAT_VERSION));
      return;
    }
    for (int version = OLDEST_READ_VERSION; version <= FORMAT_VERSION; version++) {
      if (format.equals(Integer.toString(version))) {
        return;
      }
    }
    throw StateFileException.otherVersion(shownAs, format);
  }

  /** The write-ahead log's position this checkpoint's state starts from (0: the file of a new, or older, directory). */
  long logPosition() {
    String position = info.get(LOG_POSITION_KEY);
    return position == null ? 0 : Long.parseLong(position);
  }

  void setLogPosition(long position) {
    info.put(LOG_POSITION_KEY, Long.toString(position));
  }

  MVMap<byte[], byte[]> rows(long tableId) {
    return rowMaps.computeIfAbsent(tableId, id -> store.openMap("rows/" + id,
        new MVMap.Builder<byte[], byte[]>().keyType(ByteArrayDataType.INSTANCE).valueType(ByteArrayDataType.INSTANCE)));
  }

  MVMap<Long, byte[]> log(long tableId, int partition) {
    return logMaps.computeIfAbsent(logName(tableId, partition), name -> store.openMap(name,
        new MVMap.Builder<Long, byte[]>().keyType(LongDataType.INSTANCE).valueType(ByteArrayDataType.INSTANCE)));
  }

  private void removeMap(String name) {
    store.removeMap(name);
    logMaps.remove(name);
    if (name.startsWith("rows/")) {
      rowMaps.remove(Long.parseLong(name.substring("rows/".length())));
    }
  }

  static String logName(long tableId, int partition) {
    return "log/" + tableId + "/" + partition;
  }

  static String logStartKey(long tableId, int partition) {
    return tableId + "/" + partition;
  }

  /** Removes a table's rows and change logs (its definition is removed by the caller). */
  void removeTableData(long tableId) {
    String rows = "rows/" + tableId;
    String logs = "log/" + tableId + "/";
    for (String name : new ArrayList<>(store.getMapNames())) {
      if (name.equals(rows) || name.startsWith(logs)) {
        removeMap(name);
      }
    }
    List<String> starts = new ArrayList<>();
    for (String key : logStarts.keySet()) {
      if (key.startsWith(tableId + "/")) {
        starts.add(key);
      }
    }
    starts.forEach(logStarts::remove);
  }

  /** Removes the change logs of a table whose stream was turned off. */
  void removeChangeLogs(long tableId) {
    String logs = "log/" + tableId + "/";
    for (String name : new ArrayList<>(store.getMapNames())) {
      if (name.startsWith(logs)) {
        removeMap(name);
      }
    }
    List<String> starts = new ArrayList<>();
    for (String key : logStarts.keySet()) {
      if (key.startsWith(tableId + "/")) {
        starts.add(key);
      }
    }
    starts.forEach(logStarts::remove);
  }

  /** Removes everything but the format (a restore replaces the whole state). */
  void clear() {
    for (String name : new ArrayList<>(store.getMapNames())) {
      if (name.startsWith("rows/") || name.startsWith("log/")) {
        removeMap(name);
      }
    }
    tables.clear();
    logStarts.clear();
    tunnels.clear();
  }

  /** The ids of the tables whose rows maps exist (some may have lost their definition in a crash). */
  List<Long> rowMapIds() {
    List<Long> ids = new ArrayList<>();
    for (String name : store.getMapNames()) {
      if (name.startsWith("rows/")) {
        ids.add(Long.parseLong(name.substring("rows/".length())));
      }
    }
    return ids;
  }

  boolean hasMap(String name) {
    return store.hasMap(name);
  }

  boolean isEmpty() {
    return tables.isEmpty() && tunnels.isEmpty();
  }

  /** Writes what changed since the last commit to the file (the OS has it: it survives the process). */
  void commit() {
    store.commit();
  }

  /** Forces the file to the disk (it survives the machine). */
  void sync() {
    store.sync();
  }

  @Override
  public void close() {
    store.close();
  }

  /** Closes without writing what is not committed (a process that dies does the same). */
  void closeWithoutCommit() {
    store.closeImmediately();
  }
}
