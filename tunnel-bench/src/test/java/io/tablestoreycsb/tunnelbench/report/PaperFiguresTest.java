package io.tablestoreycsb.tunnelbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class PaperFiguresTest {
  /** The paper's rows: 220 bytes of data each. */
  private static final double ROW_BYTES = 220;

  @Test
  void thePapersBandwidthIsItsRowsTimesTheirSizeInMegabytesPerSecond() {
    for (PaperFigures.Figure f : PaperFigures.FIGURES) {
      double megabytesPerSecond = f.steadyRowsPerSecond() * ROW_BYTES / 1e6;
      // 84 to 100% of the rows' data in MB/s across its seven scenarios (the paper rounds, and does not
      // say what it counted); read as Mbit/s it would be an eighth of the data it synchronised
      assertThat(f.paperBandwidth()).as("%d server(s), %d partitions", f.servers(), f.partitions())
          .isCloseTo(megabytesPerSecond, within(megabytesPerSecond * 0.2));
      assertThat(f.bandwidthMbps()).isEqualTo(f.paperBandwidth() * 8);
    }
  }

  @Test
  void theSingleServerAt64PartitionsFilledItsGigabitNic() {
    assertThat(PaperFigures.of(1, 64).orElseThrow().bandwidthMbps()).isEqualTo(1000);
  }
}
