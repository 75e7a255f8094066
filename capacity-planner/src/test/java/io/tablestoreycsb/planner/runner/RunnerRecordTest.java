package io.tablestoreycsb.planner.runner;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** runner.json stays one flat object, as every planner wrote it, while the record holds named parts. */
class RunnerRecordTest {
  /** A runner.json as main 0571201 wrote it. */
  private static final String FLAT = "{\"instanceType\" : \"mock\", \"plan\" : \"quick\", \"caseName\" : \"random-read\","
      + " \"partitions\" : 4, \"runners\" : 5, \"threads\" : 2, \"runnerIndex\" : 3, \"sweep\" : \"\", \"measure\" :"
      + " \"READ\", \"rowsPerRequest\" : 1, \"rowBytes\" : 520, \"host\" : \"vm\", \"hostCpus\" : 2, \"insertStart\" :"
      + " 300, \"insertCount\" : 100, \"startEpochMs\" : 1000, \"readyEpochMs\" : 1500, \"startAtEpochMs\" : 2000,"
      + " \"releasedEpochMs\" : 2001, \"endEpochMs\" : 9000, \"exitCode\" : 0, \"cpuSeconds\" : 1.5, \"peakRssBytes\" :"
      + " 140000000, \"ioReadBytes\" : 10, \"ioWriteBytes\" : 20, \"error\" : null}";

  @Test
  void aFlatRunnerJsonReadsIntoItsPartsAndIsWrittenBackTheSame(@TempDir Path dir) throws Exception {
    Path file = dir.resolve(RunnerRecord.FILE_NAME);
    Files.writeString(file, FLAT);
    RunnerRecord r = RunnerRecord.read(file);
    assertThat(r.cell()).isEqualTo(new CellKey("mock", "random-read", 4, 2, ""));
    assertThat(r.shape()).isEqualTo(new CellShape(5, "READ", 1));
    assertThat(r.slice()).isEqualTo(new KeySlice(300, 100));
    assertThat(r.host()).isEqualTo(new RunnerHost("vm", 2));
    assertThat(r.times()).isEqualTo(new RunnerTimes(1000, 1500, 2000, 2001, 9000));
    assertThat(r.use()).isEqualTo(new ProcessUse(1.5, 140_000_000L, 10, 20));
    assertThat(r.plan()).isEqualTo("quick");
    assertThat(r.runnerIndex()).isEqualTo(3);
    assertThat(r.error()).isNull();

    Path out = dir.resolve("out");
    Files.createDirectories(out);
    r.write(out);
    ObjectMapper json = new ObjectMapper();
    JsonNode written = json.readTree(out.resolve(RunnerRecord.FILE_NAME).toFile());
    assertThat(written).isEqualTo(json.readTree(FLAT));
  }

  @Test
  void aRunnerThatLeftNothingIsRecordedWithItsErrorAndNoFigures(@TempDir Path dir) throws Exception {
    RunnerSpec spec = new RunnerSpec(new CellKey("mock", "random-read", 4, 2, ""), new CellShape(5, "READ", 1), "quick",
        1, new YcsbCall("db", Path.of("w"), null, java.util.Map.of(), 2, "-t"), 520, new KeySlice(100, 100),
        dir, java.util.List.of());
    RunnerRecord failed = RunnerRecord.failed(spec, "node-a", "pod lost");
    failed.write(dir);
    RunnerRecord read = RunnerRecord.read(dir.resolve(RunnerRecord.FILE_NAME));
    assertThat(read).isEqualTo(failed);
    assertThat(read.exitCode()).isEqualTo(-1);
    assertThat(read.times()).isEqualTo(RunnerTimes.NONE);
    assertThat(read.host().host()).isEqualTo("node-a");
  }
}
