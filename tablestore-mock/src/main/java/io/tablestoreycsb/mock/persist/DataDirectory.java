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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A directory that keeps the mock's state across restarts ({@code --data-dir}): tables with
 * their settings and split points, rows with every kept version, secondary indexes, streams
 * (change logs) and tunnel checkpoints. Every change is appended to a write-ahead log, and a write
 * is answered only once its record is in the log, so whatever the mock acknowledged is there after
 * the process is killed; the whole state is written as a checkpoint when the log has grown and at
 * a clean stop ({@link Checkpointer}). A start loads the checkpoint and replays the log after it.
 * Files:
 * <ul>
 *   <li>{@code FORMAT}: one line naming the format version, checked before anything is read;
 *   <li>{@code state.mv}: the last checkpoint, a state file ({@link StateStore}, H2's MVStore);
 *   <li>{@code wal-P.log}: the log from position P on ({@link WalSegments});
 *   <li>{@code lock}: held (OS file lock) while a mock uses the directory.
 * </ul>
 */
public final class DataDirectory implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(DataDirectory.class);
  static final String STATE_FILE = "state.mv";
  static final String FORMAT_FILE = "FORMAT";
  private static final String FORMAT_LINE = "tablestore-mock data directory, format ";
  /**
   * System property: the log size after which a checkpoint is due, if not the default {@link
   * Checkpointer#MIN_LOG_BYTES} (lower: tests that need checkpoints with little data, or a
   * directory that must start quickly after a kill).
   */
  static final String CHECKPOINT_LOG_BYTES_PROPERTY = "tablestore.mock.checkpointLogBytes";

  private final Path dir;
  private final DirectoryLock lock;
  private final boolean sync;
  /** The checkpoint with the log replayed onto it (never committed: the file stays as it was), until {@link #start}. */
  private StateStore loaded;
  private final boolean empty;
  private final long checkpointPosition;
  /** Whether the directory must be written again as this format (a new one, or one of format 1 or 2). */
  private final boolean rewrite;
  private final WalWriter log;
  private GroupCommit commits;
  private DurableStorage storage;
  private Checkpointer checkpointer;
  private Catalog catalog;
  private TunnelService tunnels;

  private DataDirectory(Path dir, DirectoryLock lock, boolean sync, StateStore loaded, long checkpointPosition,
      boolean rewrite, WalWriter log) {
    this.dir = dir;
    this.lock = lock;
    this.sync = sync;
    this.loaded = loaded;
    this.empty = loaded.isEmpty();
    this.checkpointPosition = checkpointPosition;
    this.rewrite = rewrite;
    this.log = log;
  }

  /**
   * Opens {@code dir} (created if missing), taking its lock, and reads its state (the checkpoint,
   * then the log after it); refused with {@link StateFileException} when another mock holds it, it
   * is of another format version, or its log does not check.
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
    StateStore store = null;
    try {
      boolean current = checkFormatFile(dir);
      Path stateFile = dir.resolve(STATE_FILE);
      Files.deleteIfExists(CheckpointFile.partialOf(stateFile)); // a checkpoint a kill interrupted
      boolean hadState = Files.exists(stateFile);
      store = StateStore.open(stateFile, false);
      long position = store.logPosition();
      StateStore replayInto = store;
      WalReader.End end = WalReader.replay(dir, position, record -> WalRecords.replay(record, replayInto));
      WalSegments.deleteBefore(dir, position); // a kill after a checkpoint, before its old log was deleted
      WalWriter log = WalWriter.open(dir, end.segmentStart(), end.validBytes());
      return new DataDirectory(dir, lock, sync, store, position, !current || !hadState, log);
    } catch (AccessDeniedException e) {
      closeQuietly(store);
      lock.close();
      throw StateFileException.notWritable(dir, e);
    } catch (IOException e) {
      closeQuietly(store);
      lock.close();
      throw new StateFileException("cannot use data directory " + dir + ": " + e.getMessage(), e);
    } catch (RuntimeException e) {
      closeQuietly(store);
      lock.close();
      throw e;
    }
  }

  private static void closeQuietly(StateStore store) {
    if (store != null) {
      store.closeWithoutCommit();
    }
  }

  /**
   * Checks the FORMAT file (written for a new directory); returns whether the directory is of the
   * current format (else of an older one this mock reads and writes again as the current one).
   */
  private static boolean checkFormatFile(Path dir) {
    Path format = dir.resolve(FORMAT_FILE);
    String expected = FORMAT_LINE + StateStore.FORMAT_VERSION;
    try {
      if (Files.exists(format)) {
        String line = Files.readString(format, StandardCharsets.UTF_8).strip();
        if (line.equals(expected)) {
          return true;
        }
        for (int older = StateStore.OLDEST_READ_VERSION; older < StateStore.FORMAT_VERSION; older++) {
          if (line.equals(FORMAT_LINE + older)) {
            return false; // marked the current format once its checkpoint is written (start)
          }
        }
        String version = line.startsWith(FORMAT_LINE) ? line.substring(FORMAT_LINE.length()) : "unknown ('" + line + "')";
        throw StateFileException.otherVersion(dir.toString(), version);
      }
      try (var entries = Files.list(dir)) {
        if (entries.anyMatch(p -> !p.getFileName().toString().equals(DirectoryLock.FILE))) {
          throw new StateFileException("data directory " + dir + " is not empty and has no " + FORMAT_FILE
              + " file: it is not a tablestore-mock data directory (nothing was read or changed). Use an empty"
              + " or new directory.", null);
        }
      }
      Files.writeString(format, expected + "\n", StandardCharsets.UTF_8);
      return true;
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

  /** Whether the directory held no table and no tunnel when it was opened (new, or emptied). */
  public boolean isEmpty() {
    return empty;
  }

  /**
   * Loads the kept state into the new mock's empty {@code catalog} and {@code tunnels}, then
   * keeps every change from now on; returns the request handler to serve, which answers a
   * request that changed the state once its changes are in the log.
   */
  public RequestHandler start(Catalog catalog, TunnelService tunnels, RequestHandler tablestore, Clock clock) {
    TableIds ids = StateLoader.load(loaded, catalog, tunnels, clock.millis());
    loaded.closeWithoutCommit();
    loaded = null;
    this.catalog = catalog;
    this.tunnels = tunnels;
    Checkpointer[] due = new Checkpointer[1]; // the group commit tells the checkpointer, made with it
    this.commits = new GroupCommit(log, sync, () -> due[0].logWritten());
    this.storage = new DurableStorage(commits, ids);
    this.checkpointer = new Checkpointer(dir, dir.resolve(STATE_FILE), commits, catalog, tunnels, storage,
        checkpointPosition, sizeOf(dir.resolve(STATE_FILE)), Long.getLong(CHECKPOINT_LOG_BYTES_PROPERTY, Checkpointer.MIN_LOG_BYTES));
    due[0] = checkpointer;
    if (rewrite) {
      checkpointer.checkpoint(ids::find); // a state.mv of this format before FORMAT says so
      writeFormatFile();
    }
    storage.attach(catalog, tunnels);
    return new DurableReplies(tablestore, storage);
  }

  private static long sizeOf(Path file) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      return 0;
    }
  }

  private void writeFormatFile() {
    try {
      Files.writeString(dir.resolve(FORMAT_FILE), FORMAT_LINE + StateStore.FORMAT_VERSION + "\n", StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new StateFileException("cannot use data directory " + dir + ": " + e.getMessage(), e);
    }
  }

  /**
   * Replaces what the directory keeps with the state {@code catalog} and {@code tunnels} hold now
   * (after a restore or a seed was loaded into them): a checkpoint of it, with an empty log after,
   * written before it returns. Call it with no request running.
   */
  public void keepCurrentState() {
    storage.detach(catalog, tunnels);
    try {
      TableIds fresh = new TableIds(0);
      checkpointer.checkpoint(fresh::of);
      storage.useIds(fresh);
    } finally {
      storage.attach(catalog, tunnels);
    }
  }

  /**
   * Writes a checkpoint of the state as it is now and deletes the log before it (after a reset:
   * {@code state.mv} empty, the dropped data's log gone). Requests may run meanwhile: their
   * changes are logged after the checkpoint's position or held by it.
   */
  public void checkpoint() {
    checkpointer.checkpointLive();
  }

  /** Stops keeping changes (a restore is being loaded); {@link #keepCurrentState()} resumes. */
  public void pause() {
    storage.detach(catalog, tunnels);
  }

  /** Writes what is left, a last checkpoint ({@code state.mv} is then the whole state), and releases the lock. */
  @Override
  public void close() {
    try {
      if (storage != null) {
        storage.detach(catalog, tunnels);
        commits.close();
        try {
          checkpointer.close();
        } catch (RuntimeException e) {
          // The log holds every acknowledged write: the next start replays it.
          LOG.warn("Last checkpoint of data directory {} failed; the next start replays its log", dir, e);
        }
      } else if (loaded != null) {
        loaded.closeWithoutCommit();
      }
      log.close();
    } finally {
      lock.close();
    }
  }
}
