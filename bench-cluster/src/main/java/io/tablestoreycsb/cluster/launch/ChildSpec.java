package io.tablestoreycsb.cluster.launch;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;

/**
 * One child an application launches: a main class with its arguments, and the directory where it and its
 * parent exchange the start-gate, release and stop files and where its output ends up.
 *
 * @param name what the application calls it ("runner-2", "writer", "consumer-0")
 * @param dir its directory (created; an earlier run's ready, release and stop files removed)
 * @param mainClass the class whose main method it runs
 * @param jvmOptions its JVM options, complete (the launcher adds none)
 * @param args its arguments
 * @param stdoutFile where its stdout goes
 * @param stderrFile where its stderr goes
 * @param statusLine sees every stderr line; true for a progress line, kept out of
 *     {@link LaunchedChild#stderrTail} (the tail is for errors)
 */
public record ChildSpec(String name, Path dir, String mainClass, List<String> jvmOptions, List<String> args,
    Path stdoutFile, Path stderrFile, Predicate<String> statusLine) {

  public ChildSpec {
    jvmOptions = List.copyOf(jvmOptions);
    args = List.copyOf(args);
  }
}
