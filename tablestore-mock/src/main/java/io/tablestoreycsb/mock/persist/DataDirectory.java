package io.tablestoreycsb.mock.persist;

import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.transport.RequestHandler;
import io.tablestoreycsb.mock.tunnel.TunnelService;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;

/**
 * A directory that keeps the mock's state across restarts ({@code --data-dir}): tables with
 * their settings and split points, rows with every kept version, secondary indexes, streams
 * (change logs) and tunnel checkpoints, in one state file ({@link StateStore}, H2's MVStore).
 * A write is answered only once it is in the file, so whatever the mock acknowledged is there
 * after the process is killed. Files:
 * <ul>
 *   <li>{@code FORMAT}: one line naming the format version, checked before anything is read;
 *   <li>{@code state.mv}: the state file;
 *   <li>{@code lock}: held (OS file lock) while a mock uses the directory.
 * </ul>
 */
public final class DataDirectory implements AutoCloseable {
  static final String STATE_FILE = "state.mv";
  static final String FORMAT_FILE = "FORMAT";
  private static final String FORMAT_LINE = "tablestore-mock data directory, format ";

  private final Path dir;
  private final DirectoryLock lock;
  private final StateStore store;
  private final boolean sync;
  private DurableStorage storage;
  private Catalog catalog;
  private TunnelService tunnels;

  private DataDirectory(Path dir, DirectoryLock lock, StateStore store, boolean sync) {
    this.dir = dir;
    this.lock = lock;
    this.store = store;
    this.sync = sync;
  }

  /**
   * Opens {@code dir} (created if missing), taking its lock; refused with {@link
   * StateFileException} when another mock holds it or it is of another format version.
   *
   * @param sync also force each group commit to the disk (survives the machine, not only the process)
   */
  public static DataDirectory open(Path dir, boolean sync) {
    try {
      Files.createDirectories(dir);
    } catch (AccessDeniedException e) {
      throw StateFileException.notWritable(dir, e);
    } catch (IOException e) {
      throw new StateFileException("cannot create data directory " + dir + ": " + e.getMessage(), e);
    }
    DirectoryLock lock = DirectoryLock.take(dir);
    try {
      checkFormatFile(dir);
      StateStore store = StateStore.open(dir.resolve(STATE_FILE), true);
      return new DataDirectory(dir, lock, store, sync);
    } catch (RuntimeException e) {
      lock.close();
      throw e;
    }
  }

  private static void checkFormatFile(Path dir) {
    Path format = dir.resolve(FORMAT_FILE);
    String expected = FORMAT_LINE + StateStore.FORMAT_VERSION;
    try {
      if (Files.exists(format)) {
        String line = Files.readString(format, StandardCharsets.UTF_8).strip();
        if (line.equals(FORMAT_LINE + StateStore.UPGRADED_VERSION)) { // read as it is, marked as it will be (StateStore)
          Files.writeString(format, expected + "\n", StandardCharsets.UTF_8);
          return;
        }
        if (!line.equals(expected)) {
          String version = line.startsWith(FORMAT_LINE) ? line.substring(FORMAT_LINE.length()) : "unknown ('" + line + "')";
          throw StateFileException.otherVersion(dir.toString(), version);
        }
        return;
      }
      try (var entries = Files.list(dir)) {
        if (entries.anyMatch(p -> !p.getFileName().toString().equals(DirectoryLock.FILE))) {
          throw new StateFileException("data directory " + dir + " is not empty and has no " + FORMAT_FILE
              + " file: it is not a tablestore-mock data directory (nothing was read or changed). Use an empty"
              + " or new directory.", null);
        }
      }
      Files.writeString(format, expected + "\n", StandardCharsets.UTF_8);
    } catch (AccessDeniedException e) {
      throw StateFileException.notWritable(dir, e);
    } catch (IOException e) {
      throw new StateFileException("cannot use data directory " + dir + ": " + e.getMessage(), e);
    }
  }

  /** Whether {@code dir} is a data directory a mock has used (it holds the FORMAT file), without opening it. */
  public static boolean isDataDirectory(Path dir) {
    return Files.isRegularFile(dir.resolve(FORMAT_FILE));
  }

  public Path path() {
    return dir;
  }

  /** Whether the directory holds no table and no tunnel (new, or emptied). */
  public boolean isEmpty() {
    return store.isEmpty();
  }

  /**
   * Loads the kept state into the new mock's empty {@code catalog} and {@code tunnels}, then
   * keeps every change from now on; returns the request handler to serve, which answers a
   * request that changed the state once its changes are in the file.
   */
  public RequestHandler start(Catalog catalog, TunnelService tunnels, RequestHandler tablestore, Clock clock) {
    TableIds ids = StateLoader.load(store, catalog, tunnels, clock.millis());
    store.commit();
    this.catalog = catalog;
    this.tunnels = tunnels;
    this.storage = new DurableStorage(store, ids, sync);
    storage.attach(catalog, tunnels);
    return new DurableReplies(tablestore, storage);
  }

  /**
   * Replaces what the directory keeps with the state {@code catalog} and {@code tunnels} hold now
   * (after a restore or a seed was loaded into them), committed before it returns. Call it with no
   * request running.
   */
  public void keepCurrentState() {
    storage.detach(catalog, tunnels);
    try {
      storage.replaceWith(catalog, tunnels);
    } finally {
      storage.attach(catalog, tunnels);
    }
  }

  /** Stops keeping changes (a restore is being loaded); {@link #keepCurrentState()} resumes. */
  public void pause() {
    storage.detach(catalog, tunnels);
  }

  /** Commits what is left, closes the file and releases the lock. */
  @Override
  public void close() {
    try {
      if (storage != null) {
        storage.detach(catalog, tunnels);
        storage.close();
      }
      store.close();
    } finally {
      lock.close();
    }
  }
}
