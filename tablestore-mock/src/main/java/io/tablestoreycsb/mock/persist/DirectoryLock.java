package io.tablestoreycsb.mock.persist;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * An exclusive lock on a data directory (an OS file lock on its {@code lock} file, released by
 * the OS when the process dies, so a {@code kill -9} leaves no stale lock). The file names the
 * holder's process id, for the message a second mock gets.
 */
final class DirectoryLock implements AutoCloseable {
  static final String FILE = "lock";

  private final FileChannel channel;
  private final FileLock lock;

  private DirectoryLock(FileChannel channel, FileLock lock) {
    this.channel = channel;
    this.lock = lock;
  }

  static DirectoryLock take(Path dir) {
    Path file = dir.resolve(FILE);
    FileChannel channel;
    try {
      channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
    } catch (IOException e) {
      throw new StateFileException("cannot use data directory " + dir + ": cannot open its lock file " + file + " ("
          + e.getMessage() + ")", e);
    }
    FileLock lock;
    try {
      lock = channel.tryLock();
    } catch (OverlappingFileLockException | IOException e) {
      lock = null;
    }
    if (lock == null) {
      String holder = holder(file);
      close(channel);
      throw new StateFileException("data directory " + dir + " is in use by another tablestore-mock" + holder
          + ": stop it first, or use another --data-dir.", null);
    }
    try {
      channel.truncate(0);
      channel.write(java.nio.ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII)));
      channel.force(false);
    } catch (IOException e) {
      // The pid is only for the message a second mock prints; the lock holds without it.
    }
    return new DirectoryLock(channel, lock);
  }

  private static String holder(Path file) {
    try {
      String pid = Files.readString(file, StandardCharsets.US_ASCII).strip();
      return pid.isEmpty() ? "" : " (process " + pid + ")";
    } catch (IOException e) {
      return "";
    }
  }

  private static void close(FileChannel channel) {
    try {
      channel.close();
    } catch (IOException e) {
      // nothing held
    }
  }

  @Override
  public void close() {
    try {
      lock.release();
    } catch (IOException e) {
      // released with the channel below
    }
    close(channel);
  }
}
