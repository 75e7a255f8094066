package io.tablestoreycsb.planner.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tablestoreycsb.planner.analysis.CellStop;
import io.tablestoreycsb.planner.analysis.HostCpu;
import io.tablestoreycsb.planner.analysis.SearchMark;
import io.tablestoreycsb.planner.analysis.StopKind;
import io.tablestoreycsb.planner.text.StopText;
import io.tablestoreycsb.planner.analysis.Verdict;
import io.tablestoreycsb.planner.matrix.Slo;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * stop.json keeps a cell's stop typed, with its sentences for people; only the typed stop is read back.
 */
class StopFileTest {
  private static final String RULE = "steady (at least 20s, within 5%)";

  @Test
  void aStopWithItsMarkComesBackAsWritten(@TempDir Path cell) throws Exception {
    Files.createDirectories(cell.resolve("runner-0"));
    Files.createDirectories(cell.resolve("runner-1"));
    CellStop stop = CellStop.capUnsteady(RULE, 60, "noisy at 790 requests/s: 95% confidence +/-15.2%")
        .withMark(new SearchMark.ProbeNoEvidence(16, 1400, new SearchMark.Unproven(false,
            new Verdict.ShortWindow(2.0, 5, 1.0)), 1));

    StopFile.write(cell, stop);

    assertThat(StopFile.read(cell.resolve("runner-1"))).contains(stop);
    assertThat(StopFile.readCell(cell)).contains(stop);
    // The sentences an older version reads (it ignores the typed fields).
    JsonNode json = new ObjectMapper().readTree(cell.resolve("runner-0").resolve(StopFile.FILE_NAME).toFile());
    assertThat(json.path("reason").asText()).isEqualTo("reached its cap of 1m00s before its rate was steady (noisy"
        + " at 790 requests/s: 95% confidence +/-15.2%)");
    assertThat(json.path("stoppedEarly").asBoolean()).isFalse();
    assertThat(json.path("search").asText()).isEqualTo("probe at 16 threads: 1,400 rows/s is no evidence (unsteady"
        + " (the 2.0 s window is under 5 mean latencies of 1.00 s; run longer cells)); the knee at 1 threads stands"
        + " unconfirmed");
    assertThat(json.path("kind").asText()).isEqualTo("CAP_UNSTEADY");
    assertThat(json.path("searchMark").path("kind").asText()).isEqualTo("PROBE_NO_EVIDENCE");
  }

  @Test
  void everyKindOfMarkSurvivesTheFile(@TempDir Path cell) throws Exception {
    Files.createDirectories(cell.resolve("runner-0"));
    Slo slo = Slo.parse("p99 < 10ms");
    for (SearchMark mark : new SearchMark[] {new SearchMark.Knee(2, 8, 0.03), new SearchMark.KneeWithinSlo(slo),
        new SearchMark.KneeAtProbe(16, 0.11, 3575), new SearchMark.Overturned(16, 0.11),
        new SearchMark.BrokeSlo(8, slo, 12.5), new SearchMark.Levelled(4, -0.01, 0.10, 16),
        new SearchMark.ProbeBrokeSlo(16, slo, 30, 2), new SearchMark.ProbeConfirmed(16, 0.05, 1000, 0.10, 2),
        new SearchMark.ProbeNoEvidence(16, 10, new SearchMark.Unproven(true, new Verdict.Service()), 2),
        new SearchMark.NoEvidence(4, 1683, new SearchMark.Unproven(false, new Verdict.RunnerHost(
            new HostCpu("vm", 2, 10.2, 0.99, 0.3, 0.2, 0.49, 0, Double.NaN, true)))),
        new SearchMark.ProbeNoEvidence(16, 900, new SearchMark.Unproven(false, new Verdict.MockProcessing(0.4, 1.1,
            true)), 2)}) {
      CellStop stop = CellStop.steady(RULE, 60, 25.4, "steady at 970 requests/s", 1_795_431_101_000L).withMark(mark);
      StopFile.write(cell, stop);
      assertThat(StopFile.readCell(cell)).contains(stop);
    }
  }

  /** A file of a version before typed stops (its sentences only) records no stop: the sentences are not parsed. */
  @Test
  void aFileWithoutTheTypedStopRecordsNone(@TempDir Path cell) throws Exception {
    Path runner = Files.createDirectories(cell.resolve("runner-0"));
    Files.writeString(runner.resolve(StopFile.FILE_NAME), """
        {
          "rule" : "steady (at least 20s, within 5%)",
          "stoppedEarly" : true,
          "reason" : "steady after 25s: steady at 970 requests/s: 95% confidence +/-1.2%",
          "steadyFromEpochMs" : 1795431101000,
          "search" : "knee (2 to 8 threads added +3% rows/s)"
        }
        """);

    CellStop stop = StopFile.readCell(cell).orElseThrow();

    assertThat(stop).isEqualTo(CellStop.notRecorded());
    assertThat(stop.knee()).isFalse();
    assertThat(StopText.stopped(stop)).isEmpty();
  }
}
