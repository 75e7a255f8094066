package io.tablestoreycsb.planner;

import io.tablestoreycsb.kit.cli.Launcher;
import io.tablestoreycsb.kit.cli.ToolVersion;
import io.tablestoreycsb.kit.cli.UsageErrors;
import io.tablestoreycsb.planner.matrix.MatrixException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code bin/capacity-plan estimate|run|render|report|quickstart|compare}. Exit codes: 0 done, 1 some cells failed or the
 * endpoint refused, 2 bad command line or matrix file, 3 a {@code --fail-if} threshold was breached
 * ({@link io.tablestoreycsb.planner.threshold.Threshold#EXIT_BREACHED}).
 */
@Command(name = "capacity-plan", mixinStandardHelpOptions = true, versionProvider = ToolVersion.class,
    description = "Runs the Tablestore white paper's test matrix over several YCSB runners and reports it.",
    subcommands = {EstimateCommand.class, RunCommand.class, RenderCommand.class, ReportCommand.class,
        QuickstartCommand.class, CompareCommand.class, DiffCommand.class},
    exitCodeOnInvalidInput = 2)
public final class CapacityPlanCli implements Runnable {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    Launcher.exit((out, err) -> run(args, out, err));
  }

  /** Runs the CLI and returns its exit code (for tests). */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    return execute(new CommandLine(new CapacityPlanCli()), args, out, err);
  }

  /** Runs the CLI with {@code confirmation} answering the run command's question (for tests). */
  static int run(String[] args, PrintWriter out, PrintWriter err, Confirmation confirmation) {
    CommandLine cl = new CommandLine(new CapacityPlanCli());
    ((RunCommand) cl.getSubcommands().get("run").getCommand()).confirmation = confirmation;
    return execute(cl, args, out, err);
  }

  /**
   * {@code bin/quickstart}: the quickstart command on its own, so that its help, version and
   * errors call it {@code quickstart} rather than {@code capacity-plan quickstart}.
   */
  public static int runQuickstart(String[] args, PrintWriter out, PrintWriter err) {
    return execute(new CommandLine(new QuickstartCommand()), args, out, err);
  }

  /** Entry point of {@code bin/quickstart}. */
  public static final class Quickstart {
    private Quickstart() {
    }

    public static void main(String[] args) {
      Launcher.exit((out, err) -> runQuickstart(args, out, err));
    }
  }

  /** Exit codes: 2 bad command line, matrix file or options; 1 the work failed. */
  private static int execute(CommandLine cl, String[] args, PrintWriter out, PrintWriter err) {
    String program = cl.getCommandName();
    return Launcher.execute(cl, program, args, out, err, (e, cmd, parsed) -> {
      if (e instanceof MatrixException || e instanceof IllegalArgumentException) {
        cmd.getErr().println(program + ": " + e.getMessage());
        return UsageErrors.USAGE;
      }
      cmd.getErr().println(program + ": " + cmd.getCommandName() + " failed: " + e.getMessage());
      return 1;
    });
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(),
        "a command is required: estimate, run, render, report, diff, quickstart or compare");
  }
}
