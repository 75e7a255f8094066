package io.tablestoreycsb.planner.runner;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * What a runner measured of itself, written to {@link ResultFiles#RESOURCES_FILE} about once a second
 * while it runs and once more as it exits (so a runner killed mid-cell still leaves its last figures).
 *
 * @param host host name the runner ran on
 * @param hostCpus processors available to the runner's JVM
 * @param jvmStartEpochMs when the JVM started
 * @param readyEpochMs when the runner was ready to start (JVM up, classes loaded)
 * @param startAtEpochMs the instant the runner was told to start at
 * @param releasedEpochMs when the runner actually started YCSB (at or after startAt; later when it
 *     became ready after the instant)
 * @param cpuSeconds CPU time (user + system) of the runner's process so far
 * @param peakRssBytes peak resident set size (VmHWM)
 * @param ioReadBytes bytes read through read-type system calls (/proc/self/io rchar)
 * @param ioWriteBytes bytes written through write-type system calls (wchar)
 * @param sampledEpochMs when these figures were sampled
 * @param warmUp the runner's warm-up before this cell's gate ({@link WarmUp#NONE} until it is done)
 */
public record RunnerResources(String host, int hostCpus, long jvmStartEpochMs, long readyEpochMs,
    long startAtEpochMs, long releasedEpochMs, double cpuSeconds, long peakRssBytes, long ioReadBytes,
    long ioWriteBytes, long sampledEpochMs, WarmUp warmUp) {

  public RunnerResources {
    warmUp = warmUp == null ? WarmUp.NONE : warmUp;
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  /** How much later than its start instant the runner started (0 when on time). */
  public long lateMs() {
    return startAtEpochMs > 0 ? Math.max(0, releasedEpochMs - startAtEpochMs) : 0;
  }

  /** Writes atomically: a reader never sees half a file. */
  public void write(Path file) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    JSON.writeValue(tmp.toFile(), this);
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /** The figures in {@code file}, or empty when the runner left none (it never started, or was killed at once). */
  public static Optional<RunnerResources> read(Path file) throws IOException {
    return Files.isRegularFile(file) ? Optional.of(JSON.readValue(file.toFile(), RunnerResources.class))
        : Optional.empty();
  }
}
