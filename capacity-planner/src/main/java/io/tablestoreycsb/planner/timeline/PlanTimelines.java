package io.tablestoreycsb.planner.timeline;

import io.tablestoreycsb.planner.analysis.CellIdentity;
import io.tablestoreycsb.planner.analysis.RunnerResult;
import io.tablestoreycsb.planner.runner.CellKey;
import io.tablestoreycsb.planner.runner.RunnerRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The timelines of every cell below a plan's directories, read from the interval logs the runners wrote;
 * runners are grouped by what their runner.json says, as the report groups them.
 */
public final class PlanTimelines {
  private final Map<CellKey, CellTimeline> cells;

  private PlanTimelines(Map<CellKey, CellTimeline> cells) {
    this.cells = cells;
  }

  /** None: a report without timelines. */
  public static PlanTimelines none() {
    return new PlanTimelines(Map.of());
  }

  /** Reads every successful runner below {@code dirs}; a runner whose logs cannot be read is left out. */
  public static PlanTimelines read(List<Path> dirs) throws IOException {
    Map<CellKey, List<RunnerResult>> byCell = new LinkedHashMap<>();
    for (Path dir : dirs) {
      if (!Files.isDirectory(dir)) {
        continue;
      }
      try (Stream<Path> files = Files.walk(dir)) {
        for (Path f : files.filter(p -> p.getFileName().toString().equals(RunnerRecord.FILE_NAME)).sorted().toList()) {
          RunnerRecord r = RunnerRecord.read(f);
          if (r.error() != null || r.caseName().equals("load")) {
            continue;
          }
          try {
            byCell.computeIfAbsent(r.cellKey(), k -> new ArrayList<>()).add(RunnerResult.read(f.getParent()));
          } catch (IOException | UncheckedIOException e) {
            // The report names the runner as failed; its timeline just has one runner fewer.
          }
        }
      }
    }
    Map<CellKey, CellTimeline> cells = new LinkedHashMap<>();
    byCell.forEach((k, runners) -> cells.put(k, CellTimeline.of(k, runners)));
    return new PlanTimelines(cells);
  }

  /** The timeline of the cell a report row is, if its runners were read. */
  public Optional<CellTimeline> of(CellIdentity cell) {
    return Optional.ofNullable(cells.get(keyOf(cell)));
  }

  public static CellKey keyOf(CellIdentity c) {
    return new CellKey(c.instanceType(), c.caseName(), c.partitions(), c.threads(), c.sweep());
  }
}
