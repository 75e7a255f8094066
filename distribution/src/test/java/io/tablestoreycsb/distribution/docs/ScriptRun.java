package io.tablestoreycsb.distribution.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One run of a command block with {@code bash -e} (stop at the first failing command, as a user
 * would notice it) in its own session, so that whatever it started in the background and left
 * running is found and stopped afterwards.
 */
record ScriptRun(int exitStatus, String stdout, String stderr, Path endDirectory, boolean leftProcesses,
    boolean timedOut, Duration took) {

  /** Runs {@code script} from {@code directory}; output and the script go to {@code logs}/{@code name}.*. */
  static ScriptRun run(String script, Path directory, Path logs, String name, Map<String, String> environment,
      Duration timeout) throws IOException, InterruptedException {
    Files.createDirectories(logs);
    Path scriptFile = logs.resolve(name + ".sh");
    Path endDirectory = logs.resolve(name + ".pwd");
    Path out = logs.resolve(name + ".out");
    Path err = logs.resolve(name + ".err");
    Path session = logs.resolve(name + ".pgid");
    Files.deleteIfExists(endDirectory);
    Files.deleteIfExists(session);
    // The directory the block ends in is where the document's next block starts (a block may cd).
    Files.writeString(scriptFile, "read -r _ _ _ _ pgid _ < /proc/$$/stat; echo \"$pgid\" > \"" + session + "\"\n"
        + "trap 'pwd > \"" + endDirectory + "\"' EXIT\n" + script);
    ProcessBuilder builder = new ProcessBuilder(List.of("setsid", "-w", "bash", "-e", scriptFile.toString()))
        .directory(directory.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    builder.environment().keySet().removeIf(key -> key.startsWith("TABLESTORE_"));
    builder.environment().putAll(environment);
    long started = System.nanoTime();
    Process bash = builder.start();
    boolean finished = bash.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    Duration took = Duration.ofNanos(System.nanoTime() - started);
    if (!finished) {
      bash.destroyForcibly();
    }
    boolean left = Files.exists(session) && stopSession(Long.parseLong(Files.readString(session).strip()));
    bash.waitFor();
    Path ended = Files.exists(endDirectory) ? Path.of(Files.readString(endDirectory).strip()) : directory;
    return new ScriptRun(finished ? bash.exitValue() : -1, Files.readString(out), Files.readString(err), ended,
        left, !finished, took);
  }

  /** Stops every process left in the session {@code leader} led; true when there were any. */
  private static boolean stopSession(long leader) throws IOException, InterruptedException {
    boolean any = false;
    for (String signal : new String[] {"TERM", "KILL"}) {
      for (int wait = 0; wait < 50 && signal(leader, "0"); wait++) {
        any = true;
        if (wait == 0) {
          signal(leader, signal);
        }
        Thread.sleep(100);
      }
    }
    return any;
  }

  private static boolean signal(long processGroup, String signal) throws IOException, InterruptedException {
    Process kill = new ProcessBuilder("kill", "-" + signal, "--", "-" + processGroup)
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    return kill.waitFor() == 0;
  }
}
