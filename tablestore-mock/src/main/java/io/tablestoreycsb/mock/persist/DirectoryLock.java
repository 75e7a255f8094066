package io.tablestoreycsb.mock.persist;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An exclusive lock on a data directory (an OS file lock on its {@code lock} file, released by
 * the OS when the process dies, so a {@code kill -9} leaves no stale lock). The file names the
 * holder's process id and host name, for the message a second mock gets. The host name matters in
 * containers: two containers sharing a volume are two hosts to each other, each mock is process 1
 * in its own, and a container's host name is its short id, the one {@code docker ps} shows.
 */
final class DirectoryLock implements AutoCloseable {
  static final String FILE = "lock";

  private final FileChannel channel;
  private final FileLock lock;

  private DirectoryLock(FileChannel channel, FileLock lock, Path key) {
    this.channel = channel;
    this.lock = lock;
    this.key = key;
  }

  /**
   * The directories this JVM holds. A second mock in the same JVM is refused from here, without
   * opening the lock file: with POSIX locks, closing any descriptor of a file releases every lock
   * the process holds on it, so merely opening and closing the file would free the first mock's lock
   * for other processes.
   */
  private static final Set<Path> HELD_IN_THIS_JVM = ConcurrentHashMap.newKeySet();

  private final Path key;

  static DirectoryLock take(Path dir) {
    Path key = identity(dir);
    if (!HELD_IN_THIS_JVM.add(key)) {
      throw new StateFileException("data directory " + dir + " is in use by another tablestore-mock (process "
          + ProcessHandle.current().pid() + "): stop it first, or use another --data-dir.", null);
    }
    try {
      return take(dir, key);
    } catch (RuntimeException e) {
      HELD_IN_THIS_JVM.remove(key);
      throw e;
    }
  }

  /** The directory as the file system names it (links resolved), so that two spellings of it are one. */
  private static Path identity(Path dir) {
    try {
      return dir.toRealPath();
    } catch (IOException e) {
      return dir.toAbsolutePath().normalize();
    }
  }

  private static DirectoryLock take(Path dir, Path key) {
    Path file = dir.resolve(FILE);
    FileChannel channel;
    try {
      channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
    } catch (AccessDeniedException e) {
      throw StateFileException.notWritable(dir, e);
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
      channel.write(ByteBuffer.wrap(Holder.current().fileText().getBytes(StandardCharsets.UTF_8)));
      channel.force(false);
    } catch (IOException e) {
      // The holder is only for the message a second mock prints; the lock holds without it.
    }
    return new DirectoryLock(channel, lock, key);
  }

  /** " (process N)", " (process N on host H)" when H is not this host, or "" when the file names no holder. */
  private static String holder(Path file) {
    try {
      Optional<Holder> holder = Holder.parse(Files.readString(file, StandardCharsets.UTF_8));
      if (holder.isEmpty()) {
        return "";
      }
      Optional<String> ourHost = Holder.hostName();
      boolean elsewhere = holder.get().host().isPresent() && !holder.get().host().equals(ourHost);
      return " (process " + holder.get().pid()
          + (elsewhere ? " on host " + holder.get().host().get() + ": another container or machine" : "") + ")";
    } catch (IOException | RuntimeException e) {
      return "";
    }
  }

  /** Who holds the lock, as its file records it: {@code pid=N} and {@code host=NAME} lines. */
  record Holder(long pid, Optional<String> host) {
    private static final Path KERNEL_HOST_NAME = Path.of("/proc/sys/kernel/hostname");

    static Holder current() {
      return new Holder(ProcessHandle.current().pid(), hostName());
    }

    String fileText() {
      return "pid=" + pid + "\n" + host.map(h -> "host=" + h + "\n").orElse("");
    }

    static Optional<Holder> parse(String text) {
      Long pid = null;
      String host = null;
      for (String line : text.split("\n")) {
        line = line.strip();
        if (line.startsWith("pid=")) {
          pid = Long.parseLong(line.substring("pid=".length()));
        } else if (line.startsWith("host=")) {
          host = line.substring("host=".length());
        }
      }
      return pid == null ? Optional.empty() : Optional.of(new Holder(pid, Optional.ofNullable(host)));
    }

    /** This machine's (or container's) host name, read from the kernel: no name lookup, no DNS. */
    static Optional<String> hostName() {
      try {
        String name = Files.readString(KERNEL_HOST_NAME, StandardCharsets.UTF_8).strip();
        return name.isEmpty() ? Optional.empty() : Optional.of(name);
      } catch (IOException | RuntimeException e) {
        return Optional.empty(); // not Linux: the message names the process only
      }
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
    HELD_IN_THIS_JVM.remove(key);
  }
}
