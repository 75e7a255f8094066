package io.tablestoreycsb.kit.child;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.OptionalLong;

/**
 * Where a child JVM (a runner, a writer, a consumer) waits until every child of its run can start at
 * one instant, so that their measured windows overlap: children whose JVMs came up 2 s apart would
 * otherwise each measure a different stretch of time, and the first ones would have the service to
 * themselves for a while.
 *
 * <p>Two ways to learn the instant: a fixed {@code startAt} epoch millisecond (a parent that cannot
 * watch its children become ready, e.g. pods on other machines, sets it far enough ahead), or a release
 * file the parent writes once every child has announced itself ready in its ready file
 * ({@link ChildJvm}). Either way the child then sleeps until the instant, so children started by one
 * release begin within a few milliseconds of each other. A child that reaches the gate after the
 * instant starts at once; the instant it was given and the one it started at tell how late it was.
 *
 * @param startAtEpochMs the instant, or 0 when it comes from the release file
 * @param readyFile written when the child reaches the gate, or null
 * @param releaseFile holds the instant once the parent has released the run, or null
 * @param timeout how long to wait for the release file before giving up
 */
public record StartGate(long startAtEpochMs, Path readyFile, Path releaseFile, Duration timeout) {
  /** Written by the child in its directory when it reaches the gate. */
  public static final String READY_FILE = "ready";
  /**
   * Written by the child in its directory before its ready file when it goes on working until the release and needs
   * a moment to stop then (a runner's warm-up still sending): the parent leaves more time before the instant.
   */
  public static final String HOLDING_FILE = "holding";
  /**
   * How far ahead of the instant the parent releases a child that holds: it stops what it holds when it sees the
   * release. (A runner's held warm-up ends once its requests in flight are answered: 33 to 51 ms after being told
   * in a quickstart, 0.5 to 0.75 s with 12 requests queued at a partition 3 runners saturated, at load 10.)
   */
  public static final long HOLD_MARGIN_MS = 1_000;
  /** Written by the parent in the child's directory: the epoch millisecond to start at. */
  public static final String RELEASE_FILE = "release";
  /** How often a waiting child looks for the release file. */
  public static final long POLL_MS = 5;

  public StartGate {
    if (startAtEpochMs <= 0 && releaseFile == null) {
      throw new IllegalArgumentException("a start gate needs a start instant or a release file");
    }
  }

  /** The gate of a child started by {@link ChildJvm} in {@code dir}: ready and release files there. */
  public static StartGate inDirectory(Path dir, Duration timeout) {
    return new StartGate(0, dir.resolve(READY_FILE), dir.resolve(RELEASE_FILE), timeout);
  }

  /** A gate with no waiting at all: starts now (a child started by hand). */
  public static StartGate now() {
    return new StartGate(System.currentTimeMillis(), null, null, Duration.ZERO);
  }

  /**
   * Announces readiness, waits for the instant and returns it.
   *
   * @throws IOException when the release file did not appear within the time-out
   */
  public long await() throws IOException, InterruptedException {
    long startAt = awaitRelease();
    sleepUntil(startAt);
    return startAt;
  }

  /**
   * Tells the parent, before {@link #awaitRelease} announces readiness, that this child works on until the release
   * and stops then ({@link #HOLDING_FILE}); nothing for a gate without a ready file.
   */
  public void announceHolding() throws IOException {
    if (readyFile != null) {
      writeInstant(readyFile.resolveSibling(HOLDING_FILE), System.currentTimeMillis());
    }
  }

  /**
   * Announces readiness and waits for the instant without sleeping until it: a child that has something to end
   * first (a warm-up still sending) ends it, then {@link #sleepUntil}s the instant.
   *
   * @throws IOException when the release file did not appear within the time-out
   */
  public long awaitRelease() throws IOException, InterruptedException {
    if (readyFile != null) {
      writeInstant(readyFile, System.currentTimeMillis());
    }
    long startAt = startAtEpochMs;
    if (startAt <= 0) {
      long deadline = System.nanoTime() + timeout.toNanos();
      OptionalLong released;
      while ((released = readInstant(releaseFile)).isEmpty()) {
        if (System.nanoTime() > deadline) {
          throw new IOException("no start signal in " + releaseFile + " within " + timeout.toSeconds() + " s");
        }
        Thread.sleep(POLL_MS);
      }
      startAt = released.getAsLong();
    }
    return startAt;
  }

  /** Sleeps until the epoch millisecond {@code startAt} (not at all when it has passed). */
  public static void sleepUntil(long startAt) throws InterruptedException {
    long wait = startAt - System.currentTimeMillis();
    if (wait > 0) {
      Thread.sleep(wait);
    }
  }

  /** Writes an epoch millisecond atomically (a poller never reads half a number). */
  public static void writeInstant(Path file, long epochMs) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.writeString(tmp, Long.toString(epochMs));
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /** The epoch millisecond in {@code file}, or empty while it does not exist. */
  public static OptionalLong readInstant(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(Long.parseLong(Files.readString(file).strip()));
  }
}
