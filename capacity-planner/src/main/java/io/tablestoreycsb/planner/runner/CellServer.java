package io.tablestoreycsb.planner.runner;

import io.tablestoreycsb.binding.client.ClientWarmUp;
import io.tablestoreycsb.kit.child.ParentWatch;
import io.tablestoreycsb.kit.child.StartGate;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The loop of a warm runner ({@link RunnerMain} {@value RunnerMain#SERVE_OPTION}): takes a
 * {@link CellRequest} from stdin, checks that the last cell left nothing behind ({@link FreshState}),
 * prepares (clock, a warm-up for the kinds of request its earlier cells did not send), waits at the cell's start gate, runs YCSB ({@link YcsbRun}) with its output
 * in the cell's files ({@link CellConsole}), writes the cell's {@link CellDone} and waits for the next.
 *
 * <p>Stdin is also how the runner learns that the planner has gone: at its end of file the runner
 * exits, whatever it was doing, as a runner started with {@link ParentWatch#OPTION} does.
 */
final class CellServer {
  private final CellConsole console;
  private final BlockingQueue<String> requests = new LinkedBlockingQueue<>();
  private final long pid = ProcessHandle.current().pid();
  private volatile RunnerMain.SelfReport current;
  private int served;
  /** The kinds of request this runner has warmed up for: a later cell warms up only for the others. */
  private final Set<ClientWarmUp.Operation> warm = EnumSet.noneOf(ClientWarmUp.Operation.class);
  private final CompileClock compileClock = new CompileClock();
  /** The warm-up of the cell being run, for its answer. */
  private WarmUp warmUp = WarmUp.NONE;

  CellServer(CellConsole console) {
    this.console = console;
  }

  /** Serves until stdin closes (which exits the JVM) or a cell leaves state behind. */
  int serve() throws InterruptedException {
    readRequests(System.in);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      RunnerMain.SelfReport report = current;
      if (report != null) {
        report.writeQuietly();
      }
    }, "runner-final-sample"));
    System.err.println("runner: serving cells (process " + pid + ")");
    while (true) {
      String line = requests.take();
      CellRequest request;
      try {
        request = CellRequest.fromLine(line);
      } catch (IOException e) {
        System.err.println("runner: not a cell request, ignored: " + e.getMessage());
        continue;
      }
      served++;
      List<String> leftovers = FreshState.leftovers();
      if (!leftovers.isEmpty()) {
        refuse(request, leftovers);
        return RunnerMain.NOT_CLEAN_STATUS;
      }
      runCell(request);
    }
  }

  private void runCell(CellRequest request) throws InterruptedException {
    int exitCode;
    String error = null;
    warmUp = WarmUp.NONE;
    try {
      Files.createDirectories(request.resultDir());
      try (CellConsole.CellOutput output = console.openCell(request.resultDir())) {
        exitCode = runWithReport(request);
      }
    } catch (IOException | RuntimeException e) {
      exitCode = 1;
      error = "runner process " + pid + " could not run the cell: " + e;
      System.err.println("runner: " + error);
    }
    answer(request, new CellDone(exitCode, error, pid, served, warmUp));
  }

  private int runWithReport(CellRequest request) throws IOException, InterruptedException {
    RunnerMain.SelfReport report = RunnerMain.SelfReport.ofCell(request.resultDir(), request.ycsbArgs(), compileClock);
    current = report;
    try {
      report.start();
      boolean first = served == 1;
      if (first) {
        RunnerMain.preloadFor(request.ycsbArgs());
      }
      StartGate gate = request.startAtEpochMs() > 0
          ? new StartGate(request.startAtEpochMs(), request.resultDir().resolve(StartGate.READY_FILE), null,
              Duration.ZERO)
          : StartGate.inDirectory(request.resultDir(), Duration.ofSeconds(Math.max(1, request.gateTimeoutSeconds())));
      WarmedUp warmedUp = RunnerMain.prepare(request.ycsbArgs(), request.resultDir(), warm, compileClock);
      warmUp = warmedUp.warmUp();
      report.warmedUp(warmUp);
      RunnerMain.passGate(gate, warmedUp.hold(), report);
      return YcsbRun.run(request.ycsbArgs());
    } finally {
      report.close();
      current = null;
    }
  }

  /** Fails the cell without running it: the planner starts a fresh runner for the next. */
  private void refuse(CellRequest request, List<String> leftovers) {
    String error = "runner process " + pid + " was not clean after its last cell, so it ran no more: "
        + String.join("; ", leftovers);
    System.err.println("runner: " + error);
    answer(request, new CellDone(1, error, pid, served, WarmUp.NONE));
  }

  private static void answer(CellRequest request, CellDone done) {
    try {
      Files.createDirectories(request.resultDir());
      done.write(request.resultDir());
    } catch (IOException e) {
      System.err.println("runner: cannot write " + request.resultDir().resolve(CellDone.FILE_NAME) + ": " + e);
    }
  }

  /** Reads request lines on a daemon thread; exits the JVM at end of file (the planner has gone). */
  private void readRequests(InputStream stdin) {
    Thread reader = new Thread(() -> {
      try (BufferedReader in = new BufferedReader(new InputStreamReader(stdin, StandardCharsets.UTF_8))) {
        String line;
        while ((line = in.readLine()) != null) {
          if (!line.isBlank()) {
            requests.add(line);
          }
        }
      } catch (IOException closed) {
        // a broken pipe means the same as end of file
      }
      System.err.println("runner: the process that started it has gone (its stdin closed); exiting");
      Runtime.getRuntime().halt(exitAfterHooks());
    }, "cell-requests");
    reader.setDaemon(true);
    reader.start();
  }

  /** Runs the shutdown hooks (the current cell's last figures), then gives the parent-gone status. */
  private static int exitAfterHooks() {
    Thread exit = new Thread(() -> System.exit(ParentWatch.PARENT_GONE_STATUS), "runner-exit");
    exit.start();
    try {
      exit.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return ParentWatch.PARENT_GONE_STATUS;
  }
}
