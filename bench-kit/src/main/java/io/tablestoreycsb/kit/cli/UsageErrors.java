package io.tablestoreycsb.kit.cli;

import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * How the picocli launchers ({@code tablestore-table}, {@code capacity-plan}, {@code quickstart})
 * report a bad command line: one line on stderr starting with the program's name, a pointer to
 * {@code --help}, exit status 2. An unknown option is named with the option it most likely meant;
 * stray arguments are not echoed (a mistyped option may have been followed by a secret).
 */
public final class UsageErrors {
  /** Exit status for a bad command line, options, properties or input file. */
  public static final int USAGE = 2;

  private UsageErrors() {
  }

  /** The handler for the command line rooted at {@code program} (its name is the message prefix). */
  public static IParameterExceptionHandler handler(String program) {
    return (ParameterException e, String[] args) -> {
      CommandLine cl = e.getCommandLine();
      PrintWriter err = cl.getErr();
      err.println(program + ": " + message(e));
      err.println("Try '" + qualifiedName(cl) + " --help' for the options.");
      err.flush();
      return USAGE;
    };
  }

  private static String message(ParameterException e) {
    if (!(e instanceof UnmatchedArgumentException unmatched)) {
      // picocli checks required options before it reports unknown ones: '--matix m' gets
      // "Missing required option '--matrix'". The unknown option is the mistake to name.
      List<String> unknown = e.getCommandLine().getUnmatchedArguments();
      if (unknown.stream().anyMatch(a -> a.startsWith("-"))) {
        return message(new UnmatchedArgumentException(e.getCommandLine(), unknown));
      }
      return e.getMessage();
    }
    List<String> options = unmatched.getUnmatched().stream()
        .filter(a -> a.startsWith("-")).map(a -> a.replaceFirst("=.*", "")).toList();
    if (options.isEmpty()) {
      return "unexpected argument(s) (not echoed: run with --help for what this command takes)";
    }
    List<String> suggestions = unmatched.getSuggestions();
    return "unknown option " + String.join(", ", options)
        + (suggestions.isEmpty() ? "" : "; did you mean " + suggestions.get(0) + "?");
  }

  private static String qualifiedName(CommandLine cl) {
    StringBuilder name = new StringBuilder(cl.getCommandName());
    for (CommandLine p = cl.getParent(); p != null; p = p.getParent()) {
      name.insert(0, p.getCommandName() + " ");
    }
    return name.toString();
  }
}
