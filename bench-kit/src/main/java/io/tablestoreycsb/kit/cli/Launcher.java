package io.tablestoreycsb.kit.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;

/**
 * How every picocli launcher here starts: {@code main} runs the command line on stdout and stderr and
 * exits with its status; a bad command line is reported by {@link UsageErrors} (exit 2), and what the
 * command throws by the launcher's own handler (which tells bad input, exit 2, from a failure, exit 1).
 */
public final class Launcher {
  /** A command line run on two writers, returning its exit status (what tests call instead of main). */
  @FunctionalInterface
  public interface Run {
    int run(PrintWriter out, PrintWriter err);
  }

  private Launcher() {}

  /** For {@code main}: runs headless (reports draw charts) on stdout and stderr, then exits with the status. */
  public static void exit(Run run) {
    System.setProperty("java.awt.headless", "true");
    System.exit(run.run(new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /**
   * Runs {@code cl} on {@code out} and {@code err}: usage errors named after {@code program}, exceptions
   * from the command handed to {@code failures}.
   */
  public static int execute(CommandLine cl, String program, String[] args, PrintWriter out, PrintWriter err,
      IExecutionExceptionHandler failures) {
    cl.setOut(out);
    cl.setErr(err);
    cl.setParameterExceptionHandler(UsageErrors.handler(program));
    cl.setExecutionExceptionHandler(failures);
    return cl.execute(args);
  }
}
