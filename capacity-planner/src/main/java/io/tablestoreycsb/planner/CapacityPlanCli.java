package io.tablestoreycsb.planner;

import io.tablestoreycsb.planner.matrix.MatrixException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code bin/capacity-plan run|report|quickstart}. Exit codes: 0 done, 1 some cells failed or the
 * endpoint refused, 2 bad command line or matrix file.
 */
@Command(name = "capacity-plan", mixinStandardHelpOptions = true,
    description = "Runs the Tablestore white paper's test matrix over several YCSB runners and reports it.",
    subcommands = {RunCommand.class, ReportCommand.class, QuickstartCommand.class},
    exitCodeOnInvalidInput = 2)
public final class CapacityPlanCli implements Runnable {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.setProperty("java.awt.headless", "true");
    System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /** Runs the CLI and returns its exit code (for tests). */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    CommandLine cl = new CommandLine(new CapacityPlanCli());
    cl.setOut(out);
    cl.setErr(err);
    cl.setExecutionExceptionHandler((e, cmd, parsed) -> {
      if (e instanceof MatrixException || e instanceof IllegalArgumentException) {
        cmd.getErr().println("capacity-plan: " + e.getMessage());
        return 2;
      }
      cmd.getErr().println("capacity-plan: " + cmd.getCommandName() + " failed: " + e.getMessage());
      return 1;
    });
    return cl.execute(args);
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "a command is required: run, report or quickstart");
  }
}
