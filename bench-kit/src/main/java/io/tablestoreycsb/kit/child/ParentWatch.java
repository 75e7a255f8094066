package io.tablestoreycsb.kit.child;

import java.io.IOException;
import java.io.InputStream;
import picocli.CommandLine.Option;

/**
 * Ends a child JVM when the process that started it has gone, however it went ({@code kill -9}
 * included): the parent holds the write end of a pipe to the child's stdin, the kernel closes it
 * when the parent exits, and the child reads end of file. No polling and no PID to be reused,
 * unlike watching {@code ProcessHandle.parent()} (which, for a process that is not one's own child,
 * the JDK polls at up to 5 s intervals).
 *
 * <p>A picocli mixin: {@code @Mixin ParentWatch parentWatch;} adds {@value #OPTION} and
 * {@link #startIfAsked(String)} starts watching. Off unless asked, since a pod's or a terminal's
 * stdin says nothing about a parent.
 */
public final class ParentWatch {
  public static final String OPTION = "--exit-with-parent";
  /** The exit status when the parent has gone (nobody is left to read it; it tells a log reader why). */
  public static final int PARENT_GONE_STATUS = 3;
  /** Shutdown hooks get this long; then the JVM halts. */
  private static final long EXIT_GRACE_MS = 5_000;

  @Option(names = OPTION, description = "Exit when standard input is closed: the process that started this one "
      + "keeps a pipe to it open, which closes when that process ends, however it ends.")
  boolean exitWithParent;

  /** When {@value #OPTION} was given: a daemon thread that exits the JVM when stdin closes. */
  public void startIfAsked(String who) {
    if (exitWithParent) {
      watch(System.in, () -> exitBecauseParentIsGone(who));
    }
  }

  /** Runs {@code onParentGone} once {@code stdin} reaches end of file (or fails), on a daemon thread. */
  static Thread watch(InputStream stdin, Runnable onParentGone) {
    Thread thread = new Thread(() -> {
      try {
        while (stdin.read() >= 0) {
          // the parent writes nothing; anything it did write is ignored
        }
      } catch (IOException closed) {
        // a broken pipe means the same as end of file
      }
      onParentGone.run();
    }, "parent-watch");
    thread.setDaemon(true);
    thread.start();
    return thread;
  }

  private static void exitBecauseParentIsGone(String who) {
    System.err.println(who + ": the process that started it has gone (its stdin closed); exiting");
    Thread halt = new Thread(() -> {
      try {
        Thread.sleep(EXIT_GRACE_MS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      Runtime.getRuntime().halt(PARENT_GONE_STATUS);
    }, "parent-watch-halt");
    halt.setDaemon(true);
    halt.start();
    System.exit(PARENT_GONE_STATUS);
  }
}
