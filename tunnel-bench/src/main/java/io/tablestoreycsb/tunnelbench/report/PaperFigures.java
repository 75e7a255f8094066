package io.tablestoreycsb.tunnelbench.report;

import java.util.List;
import java.util.Optional;

/**
 * The white paper's seven scenarios and what it measured (Tunnel Service incremental-sync white
 * paper, "Test details"; high-performance instance, consumer servers of 16 cores and 64 GB with a
 * 1 Gbit/s NIC). The double-server scenarios give no peak rate.
 */
public final class PaperFigures {
  /**
   * @param servers consumer servers
   * @param partitions table partitions (channels)
   * @param steadyRowsPerSecond rows synchronized per second, steady
   * @param peakRowsPerSecond the peak (NaN where the paper gives none)
   * @param msPer1000Rows milliseconds per 1,000 rows
   * @param cpuCores consumer CPU, cores (all servers)
   * @param memoryGb consumer memory, GB (all servers)
   * @param paperBandwidth total bandwidth as the paper prints it, labelled "Mbit/s" but in MB/s:
   *     its single server's 125 at 570,000 rows/s is "the maximum rate supported by the gigabit NIC",
   *     and 570,000 rows/s of its 220-byte rows is 125 MB/s (1 Gbit/s), not 125 Mbit/s
   */
  public record Figure(int servers, int partitions, double steadyRowsPerSecond, double peakRowsPerSecond,
      double msPer1000Rows, double cpuCores, double memoryGb, double paperBandwidth) {

    /** Total bandwidth in Mbit/s, the unit the report measures in. */
    public double bandwidthMbps() {
      return paperBandwidth * 8;
    }

    /** Consumer CPU per synchronized row, microseconds. */
    public double cpuMicrosPerRow() {
      return cpuCores * 1e6 / steadyRowsPerSecond;
    }
  }

  public static final List<Figure> FIGURES = List.of(
      new Figure(1, 1, 19_000, 21_800, 50, 0.25, 0.256, 4),
      new Figure(1, 4, 70_000, 72_400, 14.28, 0.70, 1.1, 13),
      new Figure(1, 8, 130_000, 141_644, 7.69, 1.20, 2.62, 27),
      new Figure(1, 32, 420_000, 447_600, 2.38, 4.50, 5.25, 86),
      new Figure(1, 64, 570_000, 581_400, 1.75, 6.40, 5.376, 125),
      new Figure(2, 64, 780_000, Double.NaN, 1.28, 8.40, 10.5, 169),
      new Figure(2, 128, 1_000_000, Double.NaN, 1.0, 10.20, 10.5, 220));

  private PaperFigures() {}

  /** The paper's figures for the same consumer count and partitions, if it measured that scenario. */
  public static Optional<Figure> of(int consumers, int partitions) {
    return FIGURES.stream().filter(f -> f.servers() == consumers && f.partitions() == partitions).findFirst();
  }
}
