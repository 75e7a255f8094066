package io.tablestoreycsb.mock.storage;

/**
 * Told of every change to the stored state, so that a layer outside the storage can keep a copy
 * (the data directory, {@code persist.DataDirectory}). Without one (the default) the storage calls
 * nothing: the in-memory mock pays one null check per write.
 *
 * <p>Row changes and change-log appends are reported inside the step that makes them (under the
 * row's lock, and the change log's when the stream is on), so that for each row the listener sees
 * the changes in the order the row went through them, and after each change is made (a scan
 * started after the listener was told sees it). A listener must therefore be quick and must not
 * call back into the storage.
 */
public interface StorageListener {
  /** The row at {@code key} of {@code table} now holds {@code cells} ({@link Cells}); null: it was deleted. */
  void rowChanged(Table table, byte[] key, byte[] cells);

  /** {@code record} was appended to the change log of partition {@code partition} of {@code table}. */
  void changeLogged(Table table, int partition, ChangeLog.Record record);

  /** The change log of partition {@code partition} of {@code table} now starts at {@code firstSequence}. */
  void changeLogTrimmed(Table table, int partition, long firstSequence);

  /**
   * {@code table} was created, or its settings, stream, definition or indexes changed: what
   * {@link Catalog#restore} needs to make it again is to be kept.
   */
  void tableChanged(Table table);

  /** {@code table} was dropped (a table, or an index's table), with its rows and change logs. */
  void tableDropped(Table table);
}
