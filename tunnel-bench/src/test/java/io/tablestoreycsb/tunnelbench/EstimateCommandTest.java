package io.tablestoreycsb.tunnelbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** tunnel-bench estimate on the paper's scenarios file. */
class EstimateCommandTest {
  @Test
  void thePapersScenariosAreEstimatedFromTheirWritersAndPartitionsWithTheMocksCuRules() {
    StringWriter out = new StringWriter();
    int exit = TunnelBenchCli.run(new String[] {"estimate", "--scenarios",
        Path.of("..", "workloads", "tunnel", "paper").toString()}, new PrintWriter(out, true),
        new PrintWriter(new StringWriter(), true));

    assertThat(exit).isZero();
    String text = out.toString();
    // 8 writer threads x 200 rows per 4 ms = 400,000 rows/s, capped by 10,000 rows/s per partition
    assertThat(text).containsPattern("1 consumer, 1 partition +10,000 +600,000 +6m30s +600,000 +32,400");
    assertThat(text).containsPattern("2 consumers, 64 partitions +400,000 +24,000,000 ");
    // 220-byte rows: one write CU each; a page of 1,000 (220,000 bytes) reads 54 CUs. At most: 30 s set-up, 60 s of
    // writing, the 300 s drain time-out
    assertThat(text).containsPattern("2 consumers, 128 partitions +400,000 +24,000,000 +6m30s +24,000,000 +1,296,000");
    assertThat(text).contains("estimate for paper (7 scenarios)");
  }
}
