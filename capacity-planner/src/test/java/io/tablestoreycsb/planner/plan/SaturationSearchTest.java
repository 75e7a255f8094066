package io.tablestoreycsb.planner.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.planner.matrix.CaseSpec;
import io.tablestoreycsb.planner.matrix.StopRule;
import io.tablestoreycsb.planner.matrix.ThreadSearch;
import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.analysis.CellStop;
import io.tablestoreycsb.planner.analysis.SearchMark;
import io.tablestoreycsb.planner.analysis.TestCells;
import io.tablestoreycsb.planner.text.StopText;
import io.tablestoreycsb.planner.runner.CellKey;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The search judges saturation by steady cells only. Seen in a compare run on a busy machine: 1 and 4
 * threads were noisy until their cap (701 and 699 rows/s), 2 threads steady at 970; comparing the two
 * noisy readings stopped the search at 4 threads with "-0%". Now the noisy cells are passed over and the
 * search stops only when steady cells level off.
 */
class SaturationSearchTest {
  private static final String KNEE = "knee";
  private static final StopRule STEADY = new StopRule(true, Duration.ofSeconds(20), 0.05);
  private static final CaseSpec CASE = new CaseSpec("random-write", "w", CaseSpec.Phase.LOAD, "INSERT", 1, false,
      Map.of(), 1, null, new CaseSpec.Cells(new ThreadSearch(0.10, 16).points(), Duration.ofSeconds(60), List.of(),
      STEADY, new ThreadSearch(0.10, 16)));

  @Test
  void noisyCellsAreNoEvidenceOfSaturation(@TempDir Path dir) throws Exception {
    SaturationSearch search = new SaturationSearch();
    assertThat(record(search, dir, 1, 701, false)).contains("no evidence of saturation");
    assertThat(record(search, dir, 2, 970, true)).isNull();
    assertThat(record(search, dir, 4, 699, false)).contains("no evidence of saturation");
    assertThat(skip(search, cell(8))).as("the old rule stopped here").isNull();
    assertThat(record(search, dir, 8, 995, true)).isNull();
    assertThat(record(search, dir, 16, 1001, true)).startsWith("saturation search stopped at 16 threads: rows/s grew +3%");
    assertThat(searchNote(dir.resolve("t2"))).startsWith(KNEE);
  }

  /**
   * Seen at 4 partitions on a 2-core machine: steady at 3,376, 3,575 and 3,371 rows/s at 1, 2 and 4 threads
   * (the two-step rule stops), while a fixed sweep reached 3,968 at 100. The probe at the most threads
   * finds the climb, and its cell becomes the knee.
   */
  @Test
  void aProbeAtTheMostThreadsOverturnsAKneeOnAFlatStretch(@TempDir Path dir) throws Exception {
    SaturationSearch search = new SaturationSearch();
    record(search, dir, 1, 3376, true);
    record(search, dir, 2, 3575, true);
    assertThat(record(search, dir, 4, 3371, true)).startsWith("saturation search stopped at 4 threads")
        .endsWith("; probing 16 threads to confirm");
    assertThat(skip(search, cell(8))).contains("probing 16 threads");
    assertThat(skip(search, cell(16))).as("the probe runs").isNull();
    assertThat(record(search, dir, 16, 3968, true)).startsWith("probe at 16 threads: +11% over the best before it"
        + " (3,575 rows/s), beyond 10%").endsWith("the knee is at or below 16 threads");
    assertThat(searchNote(dir.resolve("t16"))).startsWith(KNEE + " (at or below");
    assertThat(searchNote(dir.resolve("t1"))).as("no longer the knee")
        .startsWith("the two-step rule's knee, overturned");
    assertThat(skip(search, cell(16))).as("the series is done").isNotNull();
  }

  @Test
  void aProbeWithinTheGainConfirmsTheKnee(@TempDir Path dir) throws Exception {
    SaturationSearch search = new SaturationSearch();
    record(search, dir, 1, 600, true);
    record(search, dir, 2, 950, true);
    record(search, dir, 4, 990, true);
    assertThat(record(search, dir, 8, 1000, true)).endsWith("; probing 16 threads to confirm");
    assertThat(record(search, dir, 16, 1050, true)).isEqualTo("probe at 16 threads: +5% over the best before it"
        + " (1,000 rows/s), within 10%: the knee at 2 threads stands");
    assertThat(searchNote(dir.resolve("t2"))).startsWith(KNEE + " (2 to 8");
  }

  @Test
  void aNoisyProbeLeavesTheKneeUnconfirmed(@TempDir Path dir) throws Exception {
    SaturationSearch search = new SaturationSearch();
    record(search, dir, 1, 990, true);
    record(search, dir, 2, 1000, true);
    record(search, dir, 4, 1001, true);
    assertThat(record(search, dir, 16, 1400, false)).contains("is no evidence").endsWith("the knee at 1 threads"
        + " stands unconfirmed");
    assertThat(searchNote(dir.resolve("t1"))).startsWith(KNEE);
  }

  @Test
  void withoutConfirmationTheSearchStopsAtTheTwoStepRule(@TempDir Path dir) throws Exception {
    SaturationSearch search = new SaturationSearch();
    ThreadSearch unconfirmed = new ThreadSearch(0.10, 16, false);
    CaseSpec c = new CaseSpec("random-write", "w", CaseSpec.Phase.LOAD, "INSERT", 1, false, Map.of(), 1, null,
        new CaseSpec.Cells(unconfirmed.points(), Duration.ofSeconds(60), List.of(), STEADY, unconfirmed));
    for (int threads : List.of(1, 2)) {
      assertThat(record(search, dir, c, threads, 1000 + threads, true)).isNull();
    }
    assertThat(record(search, dir, c, 4, 1004, true)).doesNotContain("probing");
    assertThat(skip(search, new PlannedCell(new CellKey("mock", "random-write", 1, 16, ""), c, null, null)))
        .startsWith("saturation search stopped at 4 threads");
  }

  private static String record(SaturationSearch search, Path dir, int threads, double qps, boolean steady)
      throws Exception {
    return record(search, dir, CASE, threads, qps, steady);
  }

  private static String record(SaturationSearch search, Path dir, CaseSpec spec, int threads, double qps,
      boolean steady) throws Exception {
    Path cell = dir.resolve("t" + threads);
    Files.createDirectories(cell.resolve("runner-0"));
    CellStop stop = steady ? CellStop.steady(STEADY.describe(), 60, 25, "steady at ...", 0)
        : CellStop.capUnsteady(STEADY.describe(), 60, "noisy at 790 requests/s: 95% confidence +/-15.2%");
    StopFile.write(cell, stop);
    return text(search.record(new PlannedCell(new CellKey("mock", "random-write", 1, threads, ""), spec, null, null),
        cell, row(threads, qps, stop)));
  }

  /** Why the search skips a cell, in words, or null. */
  private static String skip(SaturationSearch search, PlannedCell cell) {
    return text(search.skipReason(cell));
  }

  /** The search's mark on a cell, in the words its stop.json keeps for people. */
  private static String searchNote(Path cellDir) throws Exception {
    return StopText.of(StopFile.readCell(cellDir).orElseThrow().mark());
  }

  private static String text(SearchMark mark) {
    return mark == null ? null : StopText.of(mark);
  }

  private static PlannedCell cell(int threads) {
    return new PlannedCell(new CellKey("mock", "random-write", 1, threads, ""), CASE, null, null);
  }

  private static CellResult row(int threads, double qps, CellStop stop) {
    return TestCells.cell().caseName("random-write").measure("INSERT").threads(threads).qps(qps).stop(stop).build();
  }
}
