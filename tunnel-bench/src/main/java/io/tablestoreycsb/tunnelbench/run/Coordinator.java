package io.tablestoreycsb.tunnelbench.run;

import io.tablestoreycsb.cluster.launch.ChildSpec;
import io.tablestoreycsb.cluster.launch.LaunchedChild;
import io.tablestoreycsb.cluster.launch.LocalChildLauncher;
import io.tablestoreycsb.kit.child.ChildJvm;
import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.tunnelbench.child.ChildFiles;
import io.tablestoreycsb.tunnelbench.child.Endpoint;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What every step of a run shares: where to connect, the embedded mock when there is one (for its
 * per-partition capacity and its CPU), the JVM options of the child processes and the progress lines.
 *
 * @param endpoint the endpoint every process connects to
 * @param mock the mock running in this JVM, or null against another endpoint
 * @param childJvmOptions JVM options of the consumer, writer and scanner processes
 * @param progress where progress lines go
 */
public record Coordinator(Endpoint endpoint, MockTablestore mock, List<String> childJvmOptions,
    BenchProgress progress) {

  /**
   * Starts {@code mainClass} with {@code args} as a JVM of this machine ({@link #child}): the speed goals
   * measure on this machine whatever the executor.
   */
  public LaunchedChild startChild(String name, Path dir, Class<?> mainClass, List<String> args) throws IOException {
    return LocalChildLauncher.ofThisJvm().start(child(name, dir, mainClass, args));
  }

  /**
   * The child that runs {@code mainClass} with {@code args} in {@code dir} (prepared: created, an earlier
   * client id removed), with the children's JVM options and this JVM's logging set-up: stdout and stderr go to
   * files there.
   */
  public ChildSpec child(String name, Path dir, Class<?> mainClass, List<String> args) throws IOException {
    List<String> jvmOptions = new ArrayList<>(childJvmOptions);
    jvmOptions.addAll(ChildJvm.launcherProperties());
    Files.createDirectories(dir);
    Files.deleteIfExists(dir.resolve(ChildFiles.CLIENT_ID));
    return new ChildSpec(name, dir, mainClass.getName(), jvmOptions, args, dir.resolve(ChildFiles.STDOUT),
        dir.resolve(ChildFiles.STDERR), line -> false);
  }

  public boolean embedded() {
    return mock != null;
  }

  /** Sets the embedded mock's per-partition capacity (rows/s, 0 = unlimited); nothing against another endpoint. */
  public void partitionCapacity(double rowsPerSecond) {
    if (mock != null) {
      mock.faultPlan().setPartitionCapacity(rowsPerSecond);
    }
  }
}
