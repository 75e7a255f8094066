package io.tablestoreycsb.tunnelbench.run;

import io.tablestoreycsb.kit.child.ParentWatch;
import io.tablestoreycsb.kit.child.StartGate;
import io.tablestoreycsb.tunnelbench.child.ChildFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A benchmark process (consumer, writer or scanner) started as a JVM of its own with this JVM's java
 * and class path, like the planner's runners: its stdout and stderr go to files in its directory, it
 * announces itself ready at its start gate and starts when {@link #release} writes the instant.
 */
public final class ChildJvm {
  private final String name;
  private final Path dir;
  private final Process process;

  private ChildJvm(String name, Path dir, Process process) {
    this.name = name;
    this.dir = dir;
    this.process = process;
  }

  /**
   * Starts {@code mainClass} with {@code args} in {@code dir} (created, and emptied of an earlier
   * run's gate files).
   */
  public static ChildJvm start(String name, Path dir, List<String> jvmOptions, Class<?> mainClass, List<String> args)
      throws IOException {
    Files.createDirectories(dir);
    for (String f : List.of(ChildFiles.READY, ChildFiles.RELEASE, ChildFiles.STOP, ChildFiles.CLIENT_ID)) {
      Files.deleteIfExists(dir.resolve(f));
    }
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmOptions);
    // The launcher's logging set-up (warnings to stderr) reaches the children too.
    for (String property : List.of("log4j2.configurationFile", "java.net.preferIPv4Stack", "java.awt.headless")) {
      String value = System.getProperty(property);
      if (value != null) {
        command.add("-D" + property + "=" + value);
      }
    }
    command.addAll(Arrays.asList("-cp", System.getProperty("java.class.path"), mainClass.getName()));
    command.add(ParentWatch.OPTION);
    command.addAll(args);
    Process p = new ProcessBuilder(command).directory(dir.toFile())
        // Held open, never written: the child exits when it closes, as it does when this JVM ends
        // (kill -9 included).
        .redirectInput(ProcessBuilder.Redirect.PIPE)
        .redirectOutput(dir.resolve(ChildFiles.STDOUT).toFile())
        .redirectError(dir.resolve(ChildFiles.STDERR).toFile())
        .start();
    return new ChildJvm(name, dir, p);
  }

  public String name() {
    return name;
  }

  public Path dir() {
    return dir;
  }

  public boolean isReady() {
    return Files.isRegularFile(dir.resolve(ChildFiles.READY));
  }

  public void release(long epochMs) throws IOException {
    StartGate.writeInstant(dir.resolve(ChildFiles.RELEASE), epochMs);
  }

  public void stop() throws IOException {
    Files.writeString(dir.resolve(ChildFiles.STOP), "stop\n");
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  /** Waits up to {@code timeoutMs} for the exit; kills the process if it is still running. Returns the exit code. */
  public int finish(long timeoutMs) throws InterruptedException {
    if (!process.waitFor(timeoutMs, TimeUnit.MILLISECONDS)) {
      kill();
      process.waitFor();
    }
    return process.exitValue();
  }

  public void kill() {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
  }

  /** The last lines of its stderr, for a failure message. */
  public String stderrTail() {
    try {
      List<String> lines = Files.readAllLines(dir.resolve(ChildFiles.STDERR), StandardCharsets.UTF_8);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 12), lines.size()));
    } catch (IOException e) {
      return "(no stderr: " + e.getMessage() + ")";
    }
  }
}
