package io.tablestoreycsb.mock.persist;

import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.tunnel.TunnelService;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;

/**
 * One mock's whole state as a file: {@link #snapshot} writes it, {@link #restore} replaces the
 * state with a file's, and with a data directory the directory is kept in step with a restore.
 * What {@code MockTablestore.snapshot/restore} and the admin routes {@code POST /_mock/snapshot}
 * and {@code POST /_mock/restore} call.
 */
public final class MockState {
  private final Catalog catalog;
  private final TunnelService tunnels;
  /** Null when the state is kept in memory only. */
  private final DataDirectory dataDirectory;
  private final Clock clock;

  public MockState(Catalog catalog, TunnelService tunnels, DataDirectory dataDirectory, Clock clock) {
    this.catalog = catalog;
    this.tunnels = tunnels;
    this.dataDirectory = dataDirectory;
    this.clock = clock;
  }

  /** Writes the whole state to {@code file} (see {@link Snapshots#write}). */
  public void snapshot(Path file) throws IOException {
    Snapshots.write(catalog, tunnels, file);
  }

  /**
   * Replaces every table, row, stream and tunnel with the snapshot's (and, with a data
   * directory, what it keeps, before this returns). A file that is no snapshot is refused
   * ({@link StateFileException}) before anything changes.
   */
  public void restore(Path file) {
    restoreWith(() -> Snapshots.restore(file, catalog, tunnels, clock));
  }

  /** As {@link #restore(Path)}, from a snapshot's bytes (what {@code POST /_mock/snapshot} answers). */
  public void restore(byte[] snapshot) {
    restoreWith(() -> Snapshots.restore(snapshot, catalog, tunnels, clock));
  }

  private synchronized void restoreWith(Runnable restore) {
    if (dataDirectory == null) {
      restore.run();
      return;
    }
    dataDirectory.pause();
    try {
      restore.run();
    } finally {
      dataDirectory.keepCurrentState();
    }
  }

  /** The data directory, or null when the state is kept in memory only. */
  public DataDirectory dataDirectory() {
    return dataDirectory;
  }
}
