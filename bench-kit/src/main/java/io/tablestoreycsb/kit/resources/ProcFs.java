package io.tablestoreycsb.kit.resources;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;

/** Reads from Linux's /proc: CPU time of a process and of its threads, and its peak resident memory. */
public final class ProcFs {
  /** USER_HZ: Linux reports utime/stime in clock ticks of 1/100 s on every mainstream platform. */
  public static final long TICKS_PER_SECOND = 100;

  private ProcFs() {
  }

  /** User + system CPU time of process {@code pid}, in clock ticks (see {@link #TICKS_PER_SECOND}). */
  public static long cpuTicks(long pid) throws IOException {
    return cpuTicksOfStat(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
  }

  /**
   * User + system CPU ticks of each thread of process {@code pid} whose name (/proc/PID/task/TID/comm,
   * which Linux cuts to 15 characters) starts with {@code namePrefix}, by thread id. A thread that
   * ends while it is read is left out.
   */
  public static Map<Long, Long> threadCpuTicks(long pid, String namePrefix) throws IOException {
    return threadCpuTicks(pid, name -> name.startsWith(namePrefix));
  }

  /** As {@link #threadCpuTicks(long, String)}, for the threads whose name {@code named} accepts. */
  public static Map<Long, Long> threadCpuTicks(long pid, Predicate<String> named) throws IOException {
    Map<Long, Long> ticks = new HashMap<>();
    threads(pid, named).forEach((tid, thread) -> ticks.put(tid, thread.ticks()));
    return ticks;
  }

  /**
   * Whether a thread of that name (comm, cut to 15 characters) is one of HotSpot's JIT compiler threads:
   * "C1 CompilerThread0", "C2 CompilerThread1", ...
   */
  public static boolean isJitCompilerThread(String name) {
    return name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre");
  }

  /** One thread's name (comm, at most 15 characters) and its user + system CPU ticks. */
  public record ThreadTicks(String name, long ticks) {}

  /** Every thread of process {@code pid}, by thread id (see {@link #threadCpuTicks}). */
  public static Map<Long, ThreadTicks> threads(long pid) throws IOException {
    return threads(pid, name -> true);
  }

  private static Map<Long, ThreadTicks> threads(long pid, Predicate<String> named) throws IOException {
    Map<Long, ThreadTicks> ticks = new HashMap<>();
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "task"))) {
      for (Path task : tasks) {
        try {
          String name = Files.readString(task.resolve("comm")).strip();
          if (named.test(name)) {
            ticks.put(Long.parseLong(task.getFileName().toString()),
                new ThreadTicks(name, cpuTicksOfStat(Files.readString(task.resolve("stat")))));
          }
        } catch (NoSuchFileException e) {
          // the thread ended between listing and opening its files
        } catch (IOException e) {
          // ... or while they were read: Linux then answers ESRCH ("No such process")
          if (Files.exists(task)) {
            throw e;
          }
        }
      }
    }
    return ticks;
  }

  /** Peak resident set size (VmHWM) of process {@code pid}, in kB. */
  public static long peakRssKb(long pid) throws IOException {
    return peakRssKbOfStatus(Files.readString(Path.of("/proc", Long.toString(pid), "status")));
  }

  /**
   * utime + stime (fields 14 and 15) of a /proc/PID/stat line. The command name (field 2) is in
   * parentheses and may itself contain spaces and ')', so fields are counted after the LAST ')'.
   */
  static long cpuTicksOfStat(String stat) {
    int close = stat.lastIndexOf(')');
    if (close < 0) {
      throw new IllegalArgumentException("not a /proc/PID/stat line (no ')'): " + abbreviate(stat));
    }
    String[] fields = stat.substring(close + 1).trim().split("\\s+");
    // fields[0] is field 3 (state), so field N is fields[N - 3].
    if (fields.length < 13) {
      throw new IllegalArgumentException("/proc/PID/stat line has too few fields: " + abbreviate(stat));
    }
    return Long.parseLong(fields[14 - 3]) + Long.parseLong(fields[15 - 3]);
  }

  /** The VmHWM value (kB) of a /proc/PID/status text. */
  static long peakRssKbOfStatus(String status) {
    for (String line : status.split("\n")) {
      if (line.startsWith("VmHWM:")) {
        String[] parts = line.substring("VmHWM:".length()).trim().split("\\s+");
        if (parts.length != 2 || !parts[1].equals("kB")) {
          throw new IllegalArgumentException("unexpected VmHWM line: " + line);
        }
        return Long.parseLong(parts[0]);
      }
    }
    throw new IllegalArgumentException("no VmHWM line in /proc/PID/status");
  }

  private static String abbreviate(String s) {
    return s.length() <= 80 ? s : s.substring(0, 80) + "...";
  }
}
