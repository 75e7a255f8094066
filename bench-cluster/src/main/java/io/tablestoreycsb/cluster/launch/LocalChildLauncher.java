package io.tablestoreycsb.cluster.launch;

import io.tablestoreycsb.kit.child.ChildJvm;
import java.io.IOException;
import java.nio.file.Path;
import java.util.OptionalInt;

/**
 * Children as JVMs of this machine ({@link ChildJvm}), on this JVM's java and class path: a child loads
 * exactly what its parent loaded, and exits with it.
 */
public final class LocalChildLauncher implements ChildLauncher {
  private final String javaExecutable;
  private final String classPath;

  public LocalChildLauncher(String javaExecutable, String classPath) {
    this.javaExecutable = javaExecutable;
    this.classPath = classPath;
  }

  /** The java and class path of this JVM. */
  public static LocalChildLauncher ofThisJvm() {
    return new LocalChildLauncher(ChildJvm.thisJava(), ChildJvm.thisClassPath());
  }

  @Override
  public LaunchedChild start(ChildSpec spec) throws IOException {
    ChildJvm jvm = ChildJvm.start(spec.name(), spec.dir(),
        ChildJvm.command(javaExecutable, spec.jvmOptions(), classPath, spec.mainClass(), spec.args()),
        spec.stdoutFile(), spec.stderrFile(), spec.statusLine());
    return new LocalChild(jvm);
  }

  /** A child JVM of this machine. */
  private record LocalChild(ChildJvm jvm) implements LaunchedChild {
    @Override
    public String name() {
      return jvm.name();
    }

    @Override
    public Path dir() {
      return jvm.dir();
    }

    @Override
    public boolean isReady() {
      return jvm.isReady();
    }

    @Override
    public void release(long epochMs) throws IOException {
      jvm.release(epochMs);
    }

    @Override
    public void stop() throws IOException {
      jvm.stop();
    }

    @Override
    public void send(String line) throws IOException {
      jvm.send(line);
    }

    @Override
    public boolean isAlive() {
      return jvm.isAlive();
    }

    @Override
    public OptionalInt exitCode() {
      return jvm.exitCode();
    }

    @Override
    public long processId() {
      return jvm.pid();
    }

    @Override
    public ChildJvm.Exit finish(long timeoutMs) throws InterruptedException {
      return jvm.finish(timeoutMs);
    }

    @Override
    public void kill() {
      jvm.kill();
    }

    @Override
    public String stderrTail() {
      return jvm.stderrTail();
    }
  }
}
