package io.tablestoreycsb.planner.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tablestoreycsb.kit.report.BuildInfo;
import io.tablestoreycsb.planner.matrix.MatrixParser;
import io.tablestoreycsb.planner.matrix.Slo;
import io.tablestoreycsb.planner.report.PlanRecord.EndpointKind;
import io.tablestoreycsb.planner.report.PlanRecord.MatrixRun;
import io.tablestoreycsb.planner.report.PlanRecord.MockModel;
import io.tablestoreycsb.planner.report.PlanRecord.Objectives;
import io.tablestoreycsb.planner.report.PlanRecord.Target;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** plan.json stays the flat list every planner wrote, while a start holds named parts. */
class PlanRecordTest {
  /**
   * A plan.json as main f9bc4b7 wrote it, before the record had parts: a quickstart on the embedded mock with a
   * model and case objectives, a --quick run against Tablestore, and a run on BasicDB without objectives.
   */
  private static final Path FLAT = Path.of("src", "test", "resources", "plan-json", PlanRecord.FILE_NAME);
  private static final BuildInfo BUILD = new BuildInfo("0.1.0-SNAPSHOT", "5.17.10", "0.17.0");

  @Test
  void aFlatPlanJsonReadsIntoItsPartsAndIsWrittenBackByteForByte(@TempDir Path dir) throws Exception {
    List<PlanRecord> starts = PlanRecord.read(FLAT);

    assertThat(starts).containsExactly(
        new PlanRecord(1795860113504L,
            new MatrixRun("quickstart", "capacity", "capacity", "../workloads/matrix/capacity", false,
                "io.tablestoreycsb.binding.TablestoreClient"),
            new Target(EndpointKind.EMBEDDED_MOCK, "http://127.0.0.1:41409", "mock",
                new MockModel(1000, List.of("GetRow=2ms"), List.of("PutRow=OTSServerBusy@0.05"), null, null)),
            BUILD, new Objectives("p99 < 10ms", Map.of("batch-write", "p99 < 100ms", "range-read", "p99 < 50ms"))),
        new PlanRecord(1795860114034L,
            new MatrixRun("run", "quick", "mock", "../workloads/matrix/quick", true,
                "io.tablestoreycsb.binding.TablestoreClient"),
            new Target(EndpointKind.TABLESTORE, "https://my-inst.cn-hangzhou.ots.aliyuncs.com", "my-inst", null),
            BUILD, new Objectives("p99 < 100ms", Map.of("batch-write", "p99 < 2s", "range-read", "p99 < 1s"))),
        new PlanRecord(1795860114322L,
            new MatrixRun("run", "basicdb", "basicdb", "src/test/resources/basicdb-matrix", false,
                "site.ycsb.BasicDB"),
            new Target(EndpointKind.NOT_TABLESTORE, null, null, null), BUILD, new Objectives(null, Map.of())));
    assertThat(starts.get(0).objectives().sloOf("range-read")).isEqualTo(Slo.parse("p99 < 50ms"));
    assertThat(starts.get(0).objectives().sloOf("random-read")).isEqualTo(Slo.parse("p99 < 10ms"));
    assertThat(starts.get(2).objectives().sloOf("random-read")).isNull();

    Path out = dir.resolve(PlanRecord.FILE_NAME);
    PlanRecord.write(out, starts);
    assertThat(Files.readAllBytes(out)).isEqualTo(Files.readAllBytes(FLAT));
  }

  @Test
  void aStartAppendedToAFlatPlanJsonLeavesTheEarlierStartsAsTheyWereAndReadsBackEqual(@TempDir Path dir)
      throws Exception {
    Files.copy(FLAT, dir.resolve(PlanRecord.FILE_NAME));
    PlanRecord resumed = PlanRecord.endpoint("run",
        MatrixParser.parse(Path.of("src", "test", "resources", "basicdb-matrix")), true, null);
    resumed.append(dir);

    String before = Files.readString(FLAT, StandardCharsets.UTF_8);
    String after = Files.readString(dir.resolve(PlanRecord.FILE_NAME), StandardCharsets.UTF_8);
    // The list is the same text up to its closing bracket, where the new start follows.
    assertThat(after).startsWith(before.substring(0, before.lastIndexOf(" ]")) + ", {\n");
    List<PlanRecord> starts = PlanRecord.read(dir.resolve(PlanRecord.FILE_NAME));
    assertThat(starts).hasSize(4).startsWith(PlanRecord.read(FLAT).toArray(PlanRecord[]::new));
    assertThat(starts.get(3)).isEqualTo(resumed);
    assertThat(starts.get(3).run().quick()).isTrue();
  }

  @Test
  void keysAPlanRecordDoesNotKnowAreIgnored(@TempDir Path dir) throws Exception {
    ObjectMapper json = new ObjectMapper();
    ArrayNode list = (ArrayNode) json.readTree(FLAT.toFile());
    ObjectNode first = (ObjectNode) list.get(0);
    first.put("executor", "kubernetes");
    first.putObject("runners").put("count", 5);
    Path newer = dir.resolve(PlanRecord.FILE_NAME);
    json.writeValue(newer.toFile(), list);

    assertThat(PlanRecord.read(newer)).isEqualTo(PlanRecord.read(FLAT));
  }
}
