package io.tablestoreycsb.mock.persist;

import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.storage.Table;
import io.tablestoreycsb.mock.tunnel.TunnelService;
import java.nio.file.Path;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Bounds the write-ahead log: once the log written since the last checkpoint outgrows {@link
 * #MIN_LOG_BYTES} and the last checkpoint's size, writes the whole state as a new checkpoint in the
 * background and deletes the log it covers. A checkpoint then costs at most about one more write
 * of each logged byte, and a start replays at most about one state's worth of log.
 *
 * <p>A checkpoint begins a new log segment first, at position P: every change logged before P was
 * applied to the storage before the copy starts, so the copy holds it; changes made while it copies
 * may or may not be in it, and their records, after P, are replayed over it at start (whole values:
 * a record the copy already holds changes nothing).
 */
final class Checkpointer {
  private static final Logger LOG = LoggerFactory.getLogger(Checkpointer.class);
  static final long MIN_LOG_BYTES = 64L << 20;

  private final Path dir;
  private final Path stateFile;
  private final GroupCommit commits;
  private final Catalog catalog;
  private final TunnelService tunnels;
  private final DurableStorage storage;
  private final long minLogBytes;
  /** The log position the current {@code state.mv} starts from. */
  private volatile long checkpointPosition;
  private volatile long stateFileBytes;
  /** After a failed checkpoint: no new attempt before the log reaches this position (not one copy per group write). */
  private volatile long retryAt;
  /** Guards {@link #background} (not the checkpoint's lock: the group commit must never wait for a checkpoint). */
  private final Object backgroundLock = new Object();
  private Thread background;
  /** One checkpoint at a time. */
  private final Object checkpointLock = new Object();

  Checkpointer(Path dir, Path stateFile, GroupCommit commits, Catalog catalog, TunnelService tunnels,
      DurableStorage storage, long checkpointPosition, long stateFileBytes, long minLogBytes) {
    this.dir = dir;
    this.stateFile = stateFile;
    this.commits = commits;
    this.catalog = catalog;
    this.tunnels = tunnels;
    this.storage = storage;
    this.checkpointPosition = checkpointPosition;
    this.stateFileBytes = stateFileBytes;
    this.minLogBytes = minLogBytes;
  }

  /** Called by the group commit after each write: starts a background checkpoint once the log is due one. */
  void logWritten() {
    long logged = commits.logPosition() - checkpointPosition;
    if (logged < Math.max(minLogBytes, stateFileBytes) || commits.logPosition() < retryAt) {
      return;
    }
    synchronized (backgroundLock) {
      if (background != null && background.isAlive()) {
        return;
      }
      background = new Thread(() -> {
        try {
          checkpointLive();
        } catch (RuntimeException e) {
          // The log still holds everything: nothing acknowledged is lost, the log only grows until one succeeds.
          retryAt = commits.logPosition() + minLogBytes;
          LOG.error("Checkpoint of the data directory failed; the log keeps growing until one succeeds", e);
        }
      }, "tablestore-mock-checkpoint");
      background.setDaemon(true);
      background.start();
    }
  }

  /** A checkpoint now under the ids the live tables' records carry. */
  void checkpointLive() {
    checkpoint(table -> storage.ids().find(table));
  }

  /**
   * Writes a checkpoint now and deletes the log before it; {@code idOf} names each table's id in
   * it (the live ids; a restore's fresh ones, with nothing logged meanwhile).
   */
  void checkpoint(Function<Table, Long> idOf) {
    synchronized (checkpointLock) {
      long position = commits.roll();
      stateFileBytes = CheckpointFile.write(stateFile, catalog, tunnels, idOf, position);
      checkpointPosition = position;
      WalSegments.deleteBefore(dir, position);
    }
  }

  /** Waits for a background checkpoint; then, if anything was logged since the last one, writes one (a clean stop). */
  void close() {
    Thread running;
    synchronized (backgroundLock) {
      running = background;
    }
    if (running != null) {
      try {
        running.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (commits.logPosition() > checkpointPosition) {
      checkpointLive();
    }
  }
}
