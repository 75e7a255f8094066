package io.tablestoreycsb.planner;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** Placeholder until the mock's partition capacity is available. */
@Command(name = "quickstart", mixinStandardHelpOptions = true, description = "Run the quick matrix against the embedded mock.")
final class QuickstartCommand implements Callable<Integer> {
  @Override
  public Integer call() {
    throw new IllegalStateException("quickstart needs the embedded mock's partition capacity");
  }
}
