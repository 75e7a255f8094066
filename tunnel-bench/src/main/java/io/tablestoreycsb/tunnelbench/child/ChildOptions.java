package io.tablestoreycsb.tunnelbench.child;

import io.tablestoreycsb.kit.child.ChildJvm;
import io.tablestoreycsb.kit.child.ParentWatch;
import io.tablestoreycsb.kit.child.StartGate;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * What every tunnel-bench process (writer, consumer, scanner) is told: its directory, the endpoint,
 * its table and how long to wait at its start gate; and, as every child JVM, to end with the
 * benchmark that started it ({@value ParentWatch#OPTION}, given by {@link ChildJvm#command}).
 * A picocli mixin: {@code @Mixin ChildOptions child;}.
 */
public final class ChildOptions {
  @Option(names = "--dir", required = true, description = "This process's directory.")
  Path dir;

  @Option(names = "--endpoint-file", required = true, description = "Endpoint properties (binding format).")
  Path endpointFile;

  @Option(names = "--table", required = true, description = "The table (a consumer's: the tunnel's).")
  String table;

  @Option(names = "--gate-timeout", defaultValue = "600", paramLabel = "SECONDS")
  long gateTimeoutSeconds;

  @Mixin
  ParentWatch parentWatch = new ParentWatch();

  /** Starts watching the parent ({@code who} names this process in the exit message); returns the endpoint. */
  Endpoint start(String who) throws IOException {
    parentWatch.startIfAsked(who);
    return Endpoint.read(endpointFile);
  }

  /** Announces readiness and waits for the release; returns the start instant. */
  long awaitStart() throws IOException, InterruptedException {
    return StartGate.inDirectory(dir, Duration.ofSeconds(gateTimeoutSeconds)).await();
  }

  /** A file of this process's directory. */
  Path file(String name) {
    return dir.resolve(name);
  }

  boolean stopRequested() {
    return ChildJvm.stopRequested(dir);
  }
}
