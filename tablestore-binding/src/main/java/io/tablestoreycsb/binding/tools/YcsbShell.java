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
}
