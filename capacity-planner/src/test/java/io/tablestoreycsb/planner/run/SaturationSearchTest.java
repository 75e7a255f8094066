package io.tablestoreycsb.planner.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.planner.matrix.CaseSpec;
import io.tablestoreycsb.planner.matrix.StopRule;
import io.tablestoreycsb.planner.matrix.ThreadSearch;
import io.tablestoreycsb.planner.report.CellStop;
import io.tablestoreycsb.planner.report.ReportRow;
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
  private static final StopRule STEADY = new StopRule(true, Duration.ofSeconds(20), 0.05);
  private static final CaseSpec CASE = new CaseSpec("random-write", "w", CaseSpec.Phase.LOAD, "INSERT", 1, false,
      new ThreadSearch(0.10, 16).points(), Duration.ofSeconds(60), Map.of(), 1, null, List.of(), STEADY,
      new ThreadSearch(0.10, 16));

  @Test
  void noisyCellsAreNoEvidenceOfSaturation(@TempDir Path dir) throws Exception {
    SaturationSearch search = new SaturationSearch();
    assertThat(record(search, dir, 1, 701, false)).contains("no evidence of saturation");
    assertThat(record(search, dir, 2, 970, true)).isNull();
    assertThat(record(search, dir, 4, 699, false)).contains("no evidence of saturation");
    assertThat(search.skipReason(cell(8))).as("the old rule stopped here").isNull();
    assertThat(record(search, dir, 8, 995, true)).isNull();
    assertThat(record(search, dir, 16, 1001, true)).startsWith("saturation search stopped at 16 threads: rows/s grew +3%");
    assertThat(CellStop.readCell(dir.resolve("t2")).orElseThrow().search()).startsWith(CellStop.KNEE);
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
    assertThat(search.skipReason(cell(8))).contains("probing 16 threads");
    assertThat(search.skipReason(cell(16))).as("the probe runs").isNull();
    assertThat(record(search, dir, 16, 3968, true)).startsWith("probe at 16 threads: +11% over the best before it"
        + " (3,575 rows/s), beyond 10%").endsWith("the knee is at or below 16 threads");
    assertThat(CellStop.readCell(dir.resolve("t16")).orElseThrow().search()).startsWith(CellStop.KNEE + " (at or below");
    assertThat(CellStop.readCell(dir.resolve("t1")).orElseThrow().search()).as("no longer the knee")
        .startsWith("the two-step rule's knee, overturned");
    assertThat(search.skipReason(cell(16))).as("the series is done").isNotNull();
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
    assertThat(CellStop.readCell(dir.resolve("t2")).orElseThrow().search()).startsWith(CellStop.KNEE + " (2 to 8");
  }

  @Test
  void aNoisyProbeLeavesTheKneeUnconfirmed(@TempDir Path dir) throws Exception {
    SaturationSearch search = new SaturationSearch();
    record(search, dir, 1, 990, true);
    record(search, dir, 2, 1000, true);
    record(search, dir, 4, 1001, true);
    assertThat(record(search, dir, 16, 1400, false)).contains("is no evidence").endsWith("the knee at 1 threads"
        + " stands unconfirmed");
    assertThat(CellStop.readCell(dir.resolve("t1")).orElseThrow().search()).startsWith(CellStop.KNEE);
  }

  @Test
  void withoutConfirmationTheSearchStopsAtTheTwoStepRule(@TempDir Path dir) throws Exception {
    SaturationSearch search = new SaturationSearch();
    ThreadSearch unconfirmed = new ThreadSearch(0.10, 16, false);
    CaseSpec c = new CaseSpec("random-write", "w", CaseSpec.Phase.LOAD, "INSERT", 1, false, unconfirmed.points(),
        Duration.ofSeconds(60), Map.of(), 1, null, List.of(), STEADY, unconfirmed);
    for (int threads : List.of(1, 2)) {
      assertThat(record(search, dir, c, threads, 1000 + threads, true)).isNull();
    }
    assertThat(record(search, dir, c, 4, 1004, true)).doesNotContain("probing");
    assertThat(search.skipReason(new PlannedCell(new CellKey("mock", "random-write", 1, 16, ""), c, null, null)))
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
    new CellStop(STEADY.describe(), steady, steady ? "steady after 25s: steady at ..." : "reached its cap of 1m00s "
        + CellStop.NOT_STEADY_AT_CAP + " (noisy at 790 requests/s: 95% confidence +/-15.2%)", 0).write(cell);
    return search.record(new PlannedCell(new CellKey("mock", "random-write", 1, threads, ""), spec, null, null), cell,
        row(threads, qps), null);
  }

  private static PlannedCell cell(int threads) {
    return new PlannedCell(new CellKey("mock", "random-write", 1, threads, ""), CASE, null, null);
  }

  private static ReportRow row(int threads, double qps) {
    return new ReportRow("mock", "random-write", "", 1, 5, threads, "INSERT", 1, qps, qps, 1, 1, 1, 1, 1, 1, 100, 0,
        0, 0, 0, 0, 0, 0, qps, 1, "service", false, "h", 10, 0, 1, 5, Double.NaN, Double.NaN, null, Double.NaN,
        Double.NaN, null, "", List.of());
  }
}
