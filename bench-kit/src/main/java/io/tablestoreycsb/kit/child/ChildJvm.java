package io.tablestoreycsb.kit.child;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A benchmark process started as a JVM of its own (a planner's YCSB runner, tunnel-bench's writer,
 * consumers and scanner), and the files parent and child exchange in the child's directory:
 *
 * <ul>
 *   <li>{@link StartGate#READY_FILE}: the child is at its start gate ({@link #isReady});</li>
 *   <li>{@link StartGate#RELEASE_FILE}: the instant every child of a run starts at ({@link #release});</li>
 *   <li>{@link #STOP_FILE}: the parent asks the child to end its run now ({@link #stop}).</li>
 * </ul>
 *
 * <p>The child's stdin is a pipe this JVM holds open: the child, started with
 * {@link ParentWatch#OPTION}, exits when it closes, which the kernel does when this JVM ends, however
 * it ends ({@code kill -9} included). A child that serves requests one after another (a capacity
 * planner's warm runner) reads them from the same pipe, one line each ({@link #send}). Its stdout goes to a file; its stderr is copied line by line to a
 * file while the last lines are kept for a failure message.
 */
public final class ChildJvm {
  /** Written by the parent: the child ends its run now (its result is what it did until then). */
  public static final String STOP_FILE = "stop";
  private static final int STDERR_TAIL_LINES = 15;
  /** The launcher's logging set-up, which a child started with {@link #launcherProperties} inherits. */
  private static final List<String> LAUNCHER_PROPERTIES = List.of("log4j2.configurationFile",
      "java.net.preferIPv4Stack", "java.awt.headless");

  private final String name;
  private final Path dir;
  private final Process process;
  private final Predicate<String> statusLine;
  private final Thread stderrPump;
  private final Deque<String> stderrTail = new ArrayDeque<>();

  private ChildJvm(String name, Path dir, Process process, Path stderrFile, Predicate<String> statusLine) {
    this.name = name;
    this.dir = dir;
    this.process = process;
    this.statusLine = statusLine;
    this.stderrPump = new Thread(() -> pumpStderr(stderrFile), name + "-stderr");
    this.stderrPump.setDaemon(true);
    this.stderrPump.start();
  }

  /** The java executable of this JVM: a child runs on the same JDK. */
  public static String thisJava() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** The class path of this JVM: a child loads exactly what its parent loaded. */
  public static String thisClassPath() {
    return System.getProperty("java.class.path");
  }

  /** {@code -D} options repeating this JVM's logging set-up (warnings to stderr), for its children. */
  public static List<String> launcherProperties() {
    List<String> options = new ArrayList<>();
    for (String property : LAUNCHER_PROPERTIES) {
      String value = System.getProperty(property);
      if (value != null) {
        options.add("-D" + property + "=" + value);
      }
    }
    return options;
  }

  /**
   * The command line that runs {@code mainClass} with {@code args}, the main class told to exit with
   * its parent ({@link ParentWatch#OPTION}, which the main class takes as a picocli mixin).
   */
  public static List<String> command(String javaExecutable, List<String> jvmOptions, String classPath,
      String mainClass, List<String> args) {
    List<String> command = new ArrayList<>();
    command.add(javaExecutable);
    command.addAll(jvmOptions);
    command.addAll(List.of("-cp", classPath, mainClass, ParentWatch.OPTION));
    command.addAll(args);
    return command;
  }

  /**
   * Starts {@code command} in {@code dir} (created, and emptied of an earlier run's ready, release and
   * stop files).
   *
   * @param statusLine sees every stderr line; true for a progress line, which is kept out of
   *     {@link #stderrTail} (the tail is for errors)
   */
  public static ChildJvm start(String name, Path dir, List<String> command, Path stdoutFile, Path stderrFile,
      Predicate<String> statusLine) throws IOException {
    Files.createDirectories(dir);
    for (String f : List.of(StartGate.READY_FILE, StartGate.HOLDING_FILE, StartGate.RELEASE_FILE, STOP_FILE)) {
      Files.deleteIfExists(dir.resolve(f));
    }
    Process process = new ProcessBuilder(command).directory(dir.toFile())
        // Held open: the child exits when it closes (ParentWatch); a serving child reads its requests here.
        .redirectInput(ProcessBuilder.Redirect.PIPE)
        .redirectOutput(stdoutFile.toFile())
        .start();
    return new ChildJvm(name, dir, process, stderrFile, statusLine);
  }

  private void pumpStderr(Path stderrFile) {
    try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getErrorStream(),
        StandardCharsets.UTF_8));
         PrintWriter out = new PrintWriter(Files.newBufferedWriter(stderrFile))) {
      String line;
      while ((line = in.readLine()) != null) {
        out.println(line);
        if (statusLine.test(line)) {
          continue;
        }
        synchronized (stderrTail) {
          stderrTail.addLast(line);
          if (stderrTail.size() > STDERR_TAIL_LINES) {
            stderrTail.removeFirst();
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public String name() {
    return name;
  }

  public Path dir() {
    return dir;
  }

  /** True once the child is waiting at its start gate. */
  public boolean isReady() {
    return Files.isRegularFile(dir.resolve(StartGate.READY_FILE));
  }

  /** Lets the child start at {@code epochMs} (at once when it is already past). */
  public void release(long epochMs) throws IOException {
    StartGate.writeInstant(dir.resolve(StartGate.RELEASE_FILE), epochMs);
  }

  /**
   * Writes one line to the child's stdin, for a child that reads its requests there; the other
   * children ignore what arrives on stdin.
   *
   * @throws IOException when the child has exited (the pipe is closed)
   */
  public void send(String line) throws IOException {
    if (line.indexOf('\n') >= 0) {
      throw new IllegalArgumentException("one line at a time: " + line);
    }
    synchronized (process) {
      OutputStream stdin = process.getOutputStream();
      stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      stdin.flush();
    }
  }

  /** The child's exit status, or empty while it runs. */
  public OptionalInt exitCode() {
    return process.isAlive() ? OptionalInt.empty() : OptionalInt.of(process.exitValue());
  }

  /** The child's process id. */
  public long pid() {
    return process.pid();
  }

  /** Asks the child to end its run now; the file holds when it was asked. */
  public void stop() throws IOException {
    Files.writeString(dir.resolve(STOP_FILE), Long.toString(System.currentTimeMillis()));
  }

  /** True once the parent has asked the child in {@code dir} to stop: what the child polls. */
  public static boolean stopRequested(Path dir) {
    return Files.exists(dir.resolve(STOP_FILE));
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  public void kill() {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
  }

  /**
   * Waits up to {@code timeoutMs} for the exit, kills the process if it is still running, and waits
   * for its stderr to be copied.
   */
  public Exit finish(long timeoutMs) throws InterruptedException {
    boolean exited = process.waitFor(timeoutMs, TimeUnit.MILLISECONDS);
    if (!exited) {
      kill();
      process.waitFor();
    }
    stderrPump.join(5000);
    return new Exit(process.exitValue(), !exited);
  }

  /** The last lines of its stderr that were not status lines, for a failure message. */
  public String stderrTail() {
    if (!process.isAlive()) {
      // An exited child's last lines may still be in the pipe: they are the ones that say why.
      try {
        stderrPump.join(1000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    synchronized (stderrTail) {
      return String.join("\n", List.copyOf(stderrTail));
    }
  }

  /**
   * How a child ended.
   *
   * @param code its exit status
   * @param killed true when it had not exited in time and was killed
   */
  public record Exit(int code, boolean killed) {}
}
