package io.tablestoreycsb.binding.tools;

/**
 * What {@code bin/ycsb shell} starts: YCSB's interactive {@code site.ycsb.CommandLine}, then an
 * exit. CommandLine never cleans up its DB and fails on end of input, so on its own the JVM would
 * stay alive on the SDK client's threads after {@code quit} or Ctrl-D.
 */
public final class YcsbShell {
  private YcsbShell() {
  }

  public static void main(String[] args) {
    String wrong = wrongArgument(args);
    if (wrong != null) {
      // CommandLine would print its usage and exit 0.
      System.err.println("ycsb shell: " + wrong + "; see bin/ycsb --help");
      System.exit(2);
    }
    int status = 0;
    try {
      site.ycsb.CommandLine.main(args);
    } catch (NullPointerException endOfInput) {
      // CommandLine reads null at end of input and dereferences it: treat it as "quit".
      System.out.println();
    } catch (RuntimeException e) {
      e.printStackTrace();
      status = 1;
    }
    System.exit(status);
  }

  /** What is wrong with the options CommandLine accepts (-db, -P, -p, -table, help), or null. */
  static String wrongArgument(String[] args) {
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "-help", "--help", "-?", "--?" -> {
          return null; // CommandLine prints its usage
        }
        case "-db", "-P", "-p", "-table" -> {
          if (++i >= args.length) {
            return a + " needs a value";
          }
          if (a.equals("-P") && !java.nio.file.Files.isReadable(java.nio.file.Path.of(args[i]))) {
            return "cannot read the -P properties file " + args[i];
          }
          if (a.equals("-p") && args[i].indexOf('=') <= 0) {
            return "-p needs key=value";
          }
        }
        default -> {
          return a.startsWith("-") ? "unknown option '" + a + "'"
              // Not echoed: a stray value may be a secret that followed a mistyped option.
              : "argument " + (i + 1) + " is not an option nor the value of one";
        }
      }
    }
    return null;
  }
}
