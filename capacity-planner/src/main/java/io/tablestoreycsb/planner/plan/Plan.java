package io.tablestoreycsb.planner.plan;

import io.tablestoreycsb.planner.analysis.CellAnalyzer;
import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.analysis.CellStop;
import io.tablestoreycsb.planner.analysis.SearchMark;
import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.text.StopText;
import io.tablestoreycsb.planner.runner.CellOutcome;
import io.tablestoreycsb.planner.runner.CellExecutor;
import io.tablestoreycsb.planner.runner.RunnerSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import io.tablestoreycsb.planner.text.CellLine;

/**
 * A plan, one run of a matrix into one output directory: {@link #run} runs its cells ({@link CellOrder}), per
 * partition count the pre-split table, the load when a read
 * cell needs it ({@link LoadStep}) and the cells, each through a {@link CellExecutor}. Finished cells are
 * kept ({@link ResumeMarkers}); a failing cell is reported with its runners' errors and the plan goes on.
 */
public final class Plan {

  private final PlanSetup setup;
  private final PrintStream out;
  private final LoadStep load;
  private final SaturationSearch search = new SaturationSearch();

  public Plan(Matrix matrix, RunnerSpecFactory runners, CellExecutor executor, TableAdmin tables,
      Path outDir, Progress progress) {
    this.setup = new PlanSetup(matrix, runners, executor, tables, outDir, progress);
    this.out = progress.out();
    this.load = new LoadStep(setup);
  }

  /** Runs the cells; returns how many failed. */
  public int run(List<PlannedCell> cells) throws IOException, InterruptedException {
    int failed = 0;
    int index = 0;
    for (int p : setup.matrix().partitions()) {
      List<PlannedCell> ofTable = cells.stream().filter(c -> c.key().partitions() == p).toList();
      if (ofTable.isEmpty()) {
        continue;
      }
      boolean tableReady = false;
      boolean loadFailed = false;
      for (PlannedCell cell : ofTable) {
        index++;
        Path dir = setup.outDir().resolve(cell.key().relativeDir());
        SearchMark skip = search.skipReason(cell);
        if (skip != null) {
          out.printf("[cell %d/%d] %s: skipped (%s)%n", index, cells.size(), cell.key().label(), StopText.of(skip));
          continue;
        }
        if (ResumeMarkers.isComplete(dir)) {
          out.printf("[cell %d/%d] %s: kept (finished earlier)%n", index, cells.size(), cell.key().label());
          if (cell.spec().search() != null) {
            searched(cell, dir, CellAnalyzer.analyze(dir, setup.matrix().sloFor(cell.spec()),
                StopFile.readCell(dir).orElse(null)));
          }
          continue;
        }
        if (!tableReady) {
          String table = RunnerSpecFactory.tableName(setup.matrix(), p);
          out.printf("table %s: ensuring %d pre-split partition(s)%n", table, p);
          try {
            setup.tables().ensureTable(table, p);
          } catch (Exception e) {
            throw new IOException("table " + table + " with " + p + " partitions: " + e.getMessage(), e);
          }
          tableReady = true;
        }
        if (cell.spec().readsLoadedData()) {
          if (!loadFailed) {
            loadFailed = !load.ensureLoaded(p);
          }
          if (loadFailed) {
            failed++;
            out.printf("[cell %d/%d] %s: FAILED (the load before it failed)%n", index, cells.size(),
                cell.key().label());
            continue;
          }
        }
        if (!runCell(cell, dir, index, cells)) {
          failed++;
        }
      }
    }
    return failed;
  }

  private boolean runCell(PlannedCell cell, Path dir, int index, List<PlannedCell> all)
      throws IOException, InterruptedException {
    ResumeMarkers.startOver(dir);
    long seconds = cell.spec().duration().toSeconds();
    long remainingSeconds = all.subList(index - 1, all.size()).stream()
        .mapToLong(c -> c.spec().duration().toSeconds()).sum();
    int remainingCells = all.size() - index + 1;
    long started = System.nanoTime();
    List<RunnerSpec> specs = setup.runners().cell(cell, dir);
    SteadyWatch watch = new SteadyWatch(cell.spec().stop(), specs, RunnerSpecFactory.statusInterval(cell.spec()),
        seconds);
    CellOutcome outcome = setup.executor().run(cell.key(), specs, seconds, new CellExecutor.Listener() {
      private long running;

      @Override
      public boolean stopNow() {
        return watch.mayEndNow();
      }

      @Override
      public boolean readsIntervalLogs() {
        return cell.spec().stop().steady() || setup.progress().watched();
      }

      @Override
      public void starting(int ready, int total) {
        starting(ready, total, "");
      }

      @Override
      public void starting(int ready, int total, String detail) {
        setup.progress().starting(index, all.size(), cell.key().label(), ready, total, detail);
      }

      @Override
      public void running(double opsPerSecond) {
        if (running == 0) {
          running = System.nanoTime();
        }
        setup.progress().tick(index, all.size(), cell.key().label(), running, opsPerSecond, remainingSeconds,
            remainingCells, seconds);
      }
    });
    setup.progress().cellFinished(outcome.wallSeconds(), seconds);
    if (!outcome.succeeded()) {
      out.printf("[cell %d/%d] %s: FAILED%n%s%n", index, all.size(), cell.key().label(), indent(outcome.errors()));
      return false;
    }
    CellStop stop = watch.outcome();
    StopFile.write(dir, stop);
    CellResult result = CellAnalyzer.analyze(dir, setup.matrix().sloFor(cell.spec()), stop);
    out.printf("[cell %d/%d] %s: done in %.0f s (%s): %s%n", index, all.size(), cell.key().label(),
        outcome.wallSeconds(), StopText.reason(stop), CellLine.of(result));
    ResumeMarkers.markComplete(dir, "");
    searched(cell, dir, result);
    return true;
  }

  /** Tells the saturation search of a {@code threads = auto} case how a cell of it went. */
  private void searched(PlannedCell cell, Path dir, CellResult result) throws IOException {
    SearchMark concluded = search.record(cell, dir, result);
    if (concluded != null) {
      out.printf("  %s: %s%n", cell.key().label(), StopText.of(concluded));
    }
  }

  static String indent(String text) {
    return "    " + text.replace("\n", "\n    ");
  }
}
