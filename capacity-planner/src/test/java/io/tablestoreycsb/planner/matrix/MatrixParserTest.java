package io.tablestoreycsb.planner.matrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablestoreycsb.planner.matrix.CaseSpec.Phase;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MatrixParserTest {
  private static final Path MATRICES = Path.of("..", "workloads", "matrix");

  @Test
  void paperMatrixHasTheFourCasesOnThreeTableSizes() throws Exception {
    Matrix m = MatrixParser.parse(MATRICES.resolve("high-performance"));
    assertThat(m.instanceType()).isEqualTo("high-performance");
    assertThat(m.runners()).isEqualTo(5);
    assertThat(m.partitions()).containsExactly(1, 4, 16);
    assertThat(m.rowsPerPartition()).isEqualTo(36_000_000L);
    assertThat(m.cases()).extracting(CaseSpec::name)
        .containsExactly("random-write", "batch-write", "random-read", "range-read");
    CaseSpec batch = m.cases().get(1);
    assertThat(batch.measure()).isEqualTo("BATCH_WRITE");
    assertThat(batch.rowsPerRequest()).isEqualTo(200);
    assertThat(batch.duration()).isEqualTo(Duration.ofHours(1));
    assertThat(batch.phase()).isEqualTo(Phase.LOAD);
    assertThat(batch.readsLoadedData()).isFalse();
    CaseSpec range = m.cases().get(3);
    assertThat(range.duration()).isEqualTo(Duration.ofMinutes(30));
    assertThat(range.readsLoadedData()).isTrue();
    assertThat(m.propertiesFor(range)).containsEntry("maxscanlength", "100").containsEntry("fieldcount", "5");
    // The only thread count the paper confirms must be in every sweep.
    assertThat(m.cases()).allSatisfy(c -> assertThat(c.threads()).contains(5));
  }

  @Test
  void quickKeepsFirstAndLastThreadPointsAndShrinksDataAndTime() throws Exception {
    Matrix quick = MatrixParser.parse(MATRICES.resolve("capacity")).quickened();
    assertThat(quick.instanceType()).isEqualTo("capacity");
    assertThat(quick.rowsPerPartition()).isEqualTo(2000);
    assertThat(quick.cases().get(0).threads()).containsExactly(1, 100);
    assertThat(quick.cases()).allSatisfy(c -> assertThat(c.duration()).isEqualTo(Duration.ofSeconds(5)));
    assertThat(Matrix.pickEvenly(List.of(1, 2, 5, 10, 20), 3)).containsExactly(1, 5, 20);
  }

  @Test
  void quickMatrixParses() throws Exception {
    Matrix m = MatrixParser.parse(MATRICES.resolve("quick"));
    assertThat(m.partitions()).containsExactly(1, 4, 16);
    assertThat(m.cases()).hasSize(4);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "unknown key | 7 | threds = 1, 2 | :7: unknown key 'threds' in [case c]; did you mean 'threads'?",
      "unknown key far from any | 7 | colour = red | :7: unknown key 'colour' in [case c]; known keys: confirm-saturation, duration,",
      "binding property | 7 | property.tablestore.batchsiz = 10 | :7: 'property.tablestore.batchsiz': unknown property"
          + " tablestore.batchsiz; did you mean tablestore.batchsize?",
      "bad number | 3 | runners = five | :3: 'runners' must be a positive whole number, found 'five'",
      "bad list | 4 | partitions = 1, x | :4: 'x' in '1, x' is not a positive whole number",
      "bad duration | 9 | duration = 10 minutes | :9: duration '10 minutes' must look like 5s, 30m or 1h",
      "bad phase | 8 | phase = both | :8: phase 'both' must be 'load' or 'run'",
      "no equals | 2 | just words | :2: expected 'key = value' or '[section]', found: just words",
      "bad section | 5 | [cases x] | :5: unknown section [cases]",
      "duplicate | 4 | partitions = 4 | :4: 'partitions' set twice in this section (also on line 3)",
      "bad slo | 2 | slo = p99 under 10ms | :2: 'slo': SLO 'p99 under 10ms' must look like 'p99 < 10ms'",
      "bad stop | 2 | stop = early | :2: stop 'early' must be 'steady' (end once the rate is steady, duration as",
      "bad fail-if | 5 | fail-if = slo < 10; p99 > 10 | :5: 'fail-if': threshold 'p99 > 10': '10' needs a unit",
      "fail-if of no case | 5 | fail-if = d p99 > 1ms | :5: 'fail-if': 'd p99 > 1ms': no case 'd' in this matrix",
      "fail-if of two plans | 5 | fail-if = slo regression > 5% | :5: 'fail-if': 'slo regression > 5%' compares two",
      "bad tolerance | 5 | steady-tolerance = 150% | :5: 'steady-tolerance' = '150%' must be a share above 0%",
  })
  void badLinesAreNamed(String label, int line, String replacement, String expected) {
    List<String> lines = new ArrayList<>(List.of(
        "[plan]",                 // 1
        "name = t",               // 2
        "runners = 2",            // 3
        "partitions = 1",         // 4
        "",                       // 5
        "[case c]",               // 6
        "workload = w",           // 7
        "phase = run",            // 8
        "duration = 5s",          // 9
        "measure = READ",         // 10
        "threads = 1"));          // 11
    if (label.equals("duplicate")) {
      lines.set(2, replacement);
      lines.set(3, replacement);
    } else {
      lines.set(line - 1, replacement);
      if (label.equals("unknown key")) {
        lines.set(10, "# threads removed");
      }
    }
    assertThatThrownBy(() -> MatrixParser.parse(Path.of("m.ini"), lines))
        .isInstanceOf(MatrixException.class)
        .hasMessageStartingWith("m.ini" + expected.substring(0, expected.indexOf(':', 1)))
        .hasMessageContaining(expected.substring(expected.indexOf(':', 1) + 2));
  }

  @Test
  void failIfHoldsThresholdsSeparatedBySemicolonsThatQuickAndAnSloOverrideKeep() {
    List<String> lines = List.of("[plan]", "partitions = 1", "fail-if = slo < 1000; c p=1 p99 > 20ms", "[case c]",
        "workload = w", "phase = run", "duration = 5s", "measure = READ", "threads = 1");
    Matrix m = MatrixParser.parse(Path.of("m.ini"), lines);
    assertThat(m.failIf()).extracting(Object::toString).containsExactly("slo < 1000", "c p=1 p99 > 20ms");
    assertThat(m.quickened().withSlo(io.tablestoreycsb.planner.matrix.Slo.parse("p99 < 5ms")).failIf())
        .isEqualTo(m.failIf());
  }

  @Test
  void anSloOfTheCaseOverridesThePlans() {
    List<String> lines = List.of("[plan]", "partitions = 1", "slo = p99 < 10ms", "[case c]", "workload = w",
        "phase = run", "duration = 5s", "measure = READ", "threads = 1", "[case d]", "workload = w", "phase = run",
        "duration = 5s", "measure = SCAN", "threads = 1", "slo = p99.9 < 1s");
    Matrix m = MatrixParser.parse(Path.of("m.ini"), lines);
    assertThat(m.sloFor(m.cases().get(0))).isEqualTo(new Slo(99, 10));
    assertThat(m.sloFor(m.cases().get(1))).isEqualTo(new Slo(99.9, 1000));
    Matrix overridden = m.withSlo(Slo.parse("p50 < 1ms"));
    assertThat(overridden.cases()).allSatisfy(c -> assertThat(overridden.sloFor(c)).isEqualTo(new Slo(50, 1)));
  }

  @Test
  void thePapersMatricesStopCellsOnceSteadyWithTheirDurationAsTheCap() throws Exception {
    Matrix m = MatrixParser.parse(MATRICES.resolve("high-performance"));
    assertThat(m.cases()).allSatisfy(c -> assertThat(c.stop()).isEqualTo(new StopRule(true, Duration.ofMinutes(5),
        0.05)));
    // --quick shrinks the minimum with the duration.
    assertThat(m.quickened().cases().get(0).stop().minDuration()).isEqualTo(Duration.ofSeconds(5));
    // The quickstart's: fixed 5 s cells, but for batch writes, which stop once steady between 5 and 10 s.
    assertThat(MatrixParser.parse(MATRICES.resolve("quick")).cases()).allSatisfy(c -> assertThat(c.stop())
        .isEqualTo(c.name().equals("batch-write") ? new StopRule(true, Duration.ofSeconds(5), 0.05)
            : new StopRule(false, Duration.ofSeconds(5), 0.05)));
  }

  @Test
  void threadsAutoSearchesDoublingThreadPoints() {
    List<String> lines = new ArrayList<>(List.of("[plan]", "partitions = 1", "[case c]", "workload = w",
        "phase = run", "duration = 5s", "measure = READ", "threads = auto", "max-threads = 40",
        "saturation-gain = 5%"));
    CaseSpec c = MatrixParser.parse(Path.of("m.ini"), lines).cases().get(0);
    assertThat(c.search()).isEqualTo(new ThreadSearch(0.05, 40));
    assertThat(c.threads()).containsExactly(1, 2, 4, 8, 16, 32, 40);
    lines.set(7, "threads = 1, 2");
    assertThatThrownBy(() -> MatrixParser.parse(Path.of("m.ini"), lines))
        .hasMessage("m.ini:9: 'max-threads' applies only to 'threads = auto'");
  }

  @Test
  void aSearchConfirmsItsStopUnlessToldNot() {
    List<String> lines = new ArrayList<>(List.of("[plan]", "partitions = 1", "[case c]", "workload = w",
        "phase = run", "duration = 5s", "measure = READ", "threads = auto", "confirm-saturation = no"));
    assertThat(MatrixParser.parse(Path.of("m.ini"), lines).cases().get(0).search().confirm()).isFalse();
    lines.set(8, "confirm-saturation = maybe");
    assertThatThrownBy(() -> MatrixParser.parse(Path.of("m.ini"), lines))
        .hasMessage("m.ini:9: 'confirm-saturation' must be true or false, found 'maybe'");
    lines.set(7, "threads = 4");
    lines.set(8, "confirm-saturation = yes");
    assertThatThrownBy(() -> MatrixParser.parse(Path.of("m.ini"), lines))
        .hasMessage("m.ini:9: 'confirm-saturation' applies only to 'threads = auto'");
  }

  @Test
  void missingRequiredKeyNamesTheSection() {
    List<String> lines = List.of("[plan]", "partitions = 1", "[case c]", "workload = w", "phase = run",
        "duration = 5s", "threads = 1");
    assertThatThrownBy(() -> MatrixParser.parse(Path.of("m.ini"), lines))
        .hasMessage("m.ini:3: [case c] needs 'measure = ...'");
  }

  @Test
  void moreLoadedRowsThanYcsbCanNumberAreRefused() {
    List<String> lines = List.of("[plan]", "partitions = 1, 16", "rows-per-partition = 140000000", "[case c]",
        "workload = w", "phase = run", "duration = 5s", "measure = READ", "threads = 1");
    assertThatThrownBy(() -> MatrixParser.parse(Path.of("m.ini"), lines))
        .hasMessage("m.ini:3: 'rows-per-partition' = 140000000 x 16 partitions is beyond 2147483647 rows, the most"
            + " keys YCSB 0.17 can number (it keeps key numbers in an int)");
    List<String> fits = new ArrayList<>(lines);
    fits.set(2, "rows-per-partition = 134217727"); // x 16 = 2,147,483,632
    assertThat(MatrixParser.parse(Path.of("m.ini"), fits).rowsPerPartition()).isEqualTo(134_217_727L);
  }

  @Test
  void aYcsbPropertyATypoAwayFromAKnownOneIsWarnedAboutWithItsLine() {
    List<String> lines = List.of("[plan]", "partitions = 1", "property.recordcont = 10", "property.mydb.flag = 1",
        "[case c]", "workload = w", "phase = run", "duration = 5s", "measure = READ", "threads = 1",
        "property.fieldlenght = 200");
    List<String> warnings = new ArrayList<>();
    Matrix m = MatrixParser.parse(Path.of("m.ini"), lines, warnings::add);
    assertThat(m.cases()).hasSize(1);
    assertThat(warnings).containsExactly(
        "m.ini:3: property recordcont is not one YCSB or the workload reads (ignored); did you mean recordcount?",
        "m.ini:11: property fieldlenght is not one YCSB or the workload reads (ignored); did you mean fieldlength?");
  }

  @Test
  void theShippedMatricesParseWithoutWarnings() throws Exception {
    List<String> warnings = new ArrayList<>();
    for (String name : List.of("quick", "capacity", "high-performance")) {
      MatrixParser.parse(MATRICES.resolve(name), warnings::add);
    }
    assertThat(warnings).isEmpty();
  }
}
