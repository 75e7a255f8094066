package io.tablestoreycsb.planner.live;

import io.tablestoreycsb.planner.analysis.CellAnalyzer;
import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.plan.StopFile;
import io.tablestoreycsb.planner.text.VerdictText;
import io.tablestoreycsb.planner.plan.PlannedCell;
import io.tablestoreycsb.planner.plan.ProgressListener;
import io.tablestoreycsb.planner.plan.ResumeMarkers;
import io.tablestoreycsb.planner.runner.ResultFiles;
import io.tablestoreycsb.planner.timeline.CellTimeline;
import io.tablestoreycsb.planner.timeline.IntervalFigures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;

/**
 * A running plan as the live page sees it: the progress the planner reports ({@link ProgressListener}), the
 * running cell's runners read from the interval logs they are writing, and each finished cell analysed as the
 * report will analyse it. It reads files the runners write into the plan's directory, so it works with
 * whatever put them there.
 */
public final class LiveView implements ProgressListener {
  private final Matrix matrix;
  private final Path outDir;
  private final List<PlannedCell> cells;
  private final Map<String, PlannedCell> byLabel = new LinkedHashMap<>();
  private final Map<String, LiveSnapshot.Finished> finished = new LinkedHashMap<>();
  private final long startedNanos = System.nanoTime();

  private PlannedCell current;
  private int currentIndex;
  private String phase = "starting";
  private double elapsedSeconds;
  private double statusOps = Double.NaN;
  private double eta = Double.NaN;
  private long etaAtNanos;
  private boolean done;

  /** The view of {@code cells} of {@code matrix} running into {@code outDir}. */
  public LiveView(Matrix matrix, Path outDir, List<PlannedCell> cells) {
    this.matrix = matrix;
    this.outDir = outDir;
    this.cells = List.copyOf(cells);
    cells.forEach(c -> byLabel.put(c.key().label(), c));
  }

  @Override
  public synchronized void starting(int index, int total, String label, int ready, int runners) {
    PlannedCell cell = byLabel.get(label);
    if (total > 0 && cell != null) {
      if (cell != current) {
        elapsedSeconds = 0;
        statusOps = Double.NaN;
      }
      current = cell;
      currentIndex = index;
      phase = "starting";
    }
  }

  @Override
  public synchronized void running(int index, int total, String label, double elapsed, double opsPerSecond,
      double etaSeconds) {
    PlannedCell cell = byLabel.get(label);
    if (total > 0 && cell != null) {
      current = cell;
      currentIndex = index;
      phase = "running";
      elapsedSeconds = elapsed;
      statusOps = opsPerSecond;
      eta = etaSeconds;
      etaAtNanos = System.nanoTime();
    }
  }

  /** The plan has ended: no cell runs any more. */
  public synchronized void done() {
    done = true;
    current = null;
  }

  /** What the page shows now: finished cells found and analysed, the running cell's logs read. */
  public synchronized LiveSnapshot snapshot() {
    for (PlannedCell c : cells) {
      Path dir = outDir.resolve(c.key().relativeDir());
      if (!finished.containsKey(c.key().label()) && ResumeMarkers.isComplete(dir)) {
        try {
          CellResult r = CellAnalyzer.analyze(dir, matrix.sloFor(c.spec()), StopFile.readCell(dir).orElse(null));
          finished.put(c.key().label(), new LiveSnapshot.Finished(c.key().label(), r.rates().qpsRows(),
              r.latency().p50Ms(), r.latency().p99Ms(), VerdictText.brief(r.verdict())));
        } catch (IOException | RuntimeException e) {
          // Not readable yet (written as we read): the next snapshot tries again.
        }
      }
    }
    List<LiveSnapshot.Finished> inOrder = new ArrayList<>();
    cells.forEach(c -> {
      LiveSnapshot.Finished f = finished.get(c.key().label());
      if (f != null) {
        inOrder.add(f);
      }
    });
    PlannedCell running = current != null && !finished.containsKey(current.key().label()) ? current : null;
    double planElapsed = (System.nanoTime() - startedNanos) / 1e9;
    // The planner's ETA once a cell has run (counting down between its ticks); before that the estimate: the
    // durations of the cells not finished.
    double etaNow = done ? 0 : !Double.isNaN(eta) ? Math.max(0, eta - (System.nanoTime() - etaAtNanos) / 1e9)
        : cells.stream().filter(c -> !finished.containsKey(c.key().label()))
            .mapToDouble(c -> c.spec().duration().toSeconds()).sum();
    return new LiveSnapshot(matrix.name(), done ? "done" : "running", cells.size(), inOrder.size(), etaNow,
        planElapsed, running == null ? null : current(running), inOrder);
  }

  private LiveSnapshot.Current current(PlannedCell cell) {
    Path dir = outDir.resolve(cell.key().relativeDir());
    List<List<Histogram>> runnerLogs = new ArrayList<>();
    List<LiveSnapshot.RunnerFigures> runners = new ArrayList<>();
    double rowsPerRequest = cell.spec().rowsPerRequest();
    for (Path runnerDir : runnerDirs(dir)) {
      List<Histogram> intervals = GrowingLog.intervals(log(runnerDir, cell.spec().measure()));
      runnerLogs.add(intervals);
      LiveFigures latest = LiveFigures.NONE;
      if (!intervals.isEmpty()) {
        Histogram last = intervals.get(intervals.size() - 1);
        latest = LiveFigures.of(last.getTotalCount(), (last.getEndTimeStamp() - last.getStartTimeStamp()) / 1000.0,
            rowsPerRequest, last);
      }
      runners.add(new LiveSnapshot.RunnerFigures(runnerIndex(runnerDir), latest));
    }
    CellTimeline timeline = CellTimeline.ofIntervals(cell.key(), runnerLogs);
    List<double[]> series = new ArrayList<>();
    LiveFigures merged = LiveFigures.NONE;
    List<IntervalFigures> slots = timeline.intervals();
    if (!slots.isEmpty()) {
      long origin = slots.get(0).startEpochMs();
      // The last slot is still filling while the runners tick apart: the one before it is complete.
      int complete = slots.size() > 1 ? slots.size() - 1 : slots.size();
      for (int i = 0; i < complete; i++) {
        IntervalFigures f = slots.get(i);
        series.add(new double[] {(f.middleEpochMs() - origin) / 1000.0, f.requestsPerSecond() * rowsPerRequest,
            f.percentileMs(50), f.percentileMs(99), f.percentileMs(99.9)});
      }
      IntervalFigures last = slots.get(complete - 1);
      merged = LiveFigures.of(last.requests(), last.seconds(), rowsPerRequest, last.latencyUs());
    }
    return new LiveSnapshot.Current(cell.key().label(), currentIndex, phase, elapsedSeconds, statusOps, merged,
        runners, series);
  }

  private static List<Path> runnerDirs(Path cellDir) {
    if (!Files.isDirectory(cellDir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(cellDir)) {
      return files.filter(p -> Files.isDirectory(p) && p.getFileName().toString().matches("runner-\\d+"))
          .sorted((a, b) -> Integer.compare(runnerIndex(a), runnerIndex(b))).toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static int runnerIndex(Path runnerDir) {
    return Integer.parseInt(runnerDir.getFileName().toString().substring("runner-".length()));
  }

  /** The case's measurement log, or (a batch-size sweep changes the measurement) the runner's only other one. */
  private static Path log(Path runnerDir, String measure) {
    Path log = runnerDir.resolve(ResultFiles.hdrLog(measure));
    if (Files.isRegularFile(log)) {
      return log;
    }
    try (Stream<Path> files = Files.list(runnerDir)) {
      return files.filter(p -> p.getFileName().toString().endsWith(".hdr")
          && !p.getFileName().toString().startsWith("Intended-")).findFirst().orElse(log);
    } catch (IOException e) {
      return log;
    }
  }
}
