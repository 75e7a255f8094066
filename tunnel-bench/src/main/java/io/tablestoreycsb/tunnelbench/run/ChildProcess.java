package io.tablestoreycsb.tunnelbench.run;

import io.tablestoreycsb.cluster.launch.LaunchedChild;
import java.io.IOException;

/**
 * A scenario's process as the child an executor launched ({@link LaunchedChild}): a JVM of this machine or a
 * pod, the scenario runner asks the same of either.
 */
public final class ChildProcess implements BenchProcess {
  private final LaunchedChild child;

  public ChildProcess(LaunchedChild child) {
    this.child = child;
  }

  @Override
  public String name() {
    return child.name();
  }

  @Override
  public boolean isReady() {
    return child.isReady();
  }

  @Override
  public boolean isAlive() {
    return child.isAlive();
  }

  @Override
  public void release(long epochMs) throws IOException {
    child.release(epochMs);
  }

  @Override
  public void stop() throws IOException {
    child.stop();
  }

  @Override
  public int finish(long timeoutMs) throws InterruptedException {
    return child.finish(timeoutMs).code();
  }

  @Override
  public void kill() {
    child.kill();
  }

  @Override
  public String failureText() {
    return child.stderrTail();
  }
}
