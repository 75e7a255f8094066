package io.tablestoreycsb.tunnelbench.report;

import io.tablestoreycsb.kit.hdr.HdrLogs;
import io.tablestoreycsb.kit.hdr.LatencySummary;
import io.tablestoreycsb.tunnelbench.child.ChannelPage;
import io.tablestoreycsb.tunnelbench.child.ConsumerResult;
import io.tablestoreycsb.tunnelbench.child.Sample;
import io.tablestoreycsb.tunnelbench.child.WriterResult;
import io.tablestoreycsb.tunnelbench.scenario.Scenario;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Turns what a scenario's processes left behind into its report row. Every figure is taken over the
 * sync window, from the first row handed to any consumer to the last: the consumers' CPU, traffic and
 * rates are summed over the consumers, and their lag histograms merged (never averaged).
 */
public final class ScenarioAnalysis {
  /** 1 GB as the paper counts it (0.4% of a 64 GB server is its 0.256 GB). */
  static final double GB = 1024.0 * 1024 * 1024;

  private ScenarioAnalysis() {}

  /**
   * What one consumer process left.
   *
   * @param result its result file (null if it left none: it failed, or was lost mid-run)
   * @param host where it ran
   * @param consumed the rows it was handed
   * @param lagIntervals its per-second lag histograms
   * @param samples its resource samples
   * @param pages the pages it was handed, in order (where each began and ended in its channel)
   */
  public record ConsumerOutput(ConsumerResult result, String host, BitSet consumed, List<Histogram> lagIntervals,
      List<Sample> samples, List<ChannelPage> pages) {
    /** Without pages: no order to check across channels' moves. */
    public ConsumerOutput(ConsumerResult result, String host, BitSet consumed, List<Histogram> lagIntervals,
        List<Sample> samples) {
      this(result, host, consumed, lagIntervals, samples, List.of());
    }
  }

  /** The distinct rows of the last sample. */
  static long lastRows(List<Sample> samples) {
    return samples.isEmpty() ? 0 : samples.get(samples.size() - 1).rows();
  }

  /**
   * @param s the scenario
   * @param writeStartMs when the writers were released
   * @param writer the writer's result (null if it left none)
   * @param written the rows it wrote
   * @param consumers each consumer's output
   * @param mockSamples the embedded mock's process samples, or an empty list
   * @param errors failures noticed while running (processes that failed, time-outs)
   * @param lostConsumers consumers lost while syncing, whose channels the others took over
   */
  public static ScenarioResult analyse(Scenario s, long writeStartMs, WriterResult writer, BitSet written,
      List<ConsumerOutput> consumers, List<Sample> mockSamples, List<String> errors, List<LostConsumer> lostConsumers) {
    List<String> problems = new ArrayList<>(errors);
    long handed = 0;
    long unexpected = 0;
    long outOfOrder = 0;
    long first = Long.MAX_VALUE;
    long last = 0;
    List<BitSet> consumedSets = new ArrayList<>();
    List<Histogram> intervals = new ArrayList<>();
    for (ConsumerOutput c : consumers) {
      consumedSets.add(c.consumed());
      intervals.addAll(c.lagIntervals());
      if (c.result() == null) {
        // lost mid-run: no times of its own, but its samples tell when it was handed rows
        long from = SampleWindow.timeAtRows(c.samples(), 1);
        if (from > 0) {
          first = Math.min(first, from);
          last = Math.max(last, SampleWindow.timeAtRows(c.samples(), lastRows(c.samples())));
        }
        // its count went with it: its stored rows count once each, so rows another consumer was handed again
        // after taking its channels over count as duplicates
        handed += c.consumed().cardinality();
        continue;
      }
      handed += c.result().handed();
      unexpected += c.result().unexpected();
      outOfOrder += c.result().outOfOrder();
      if (c.result().firstHandedEpochMs() > 0) {
        first = Math.min(first, c.result().firstHandedEpochMs());
        last = Math.max(last, c.result().lastHandedEpochMs());
      }
      if (c.result().error() != null) {
        problems.add(c.result().error());
      }
    }
    HandOverOrder handOver = HandOverOrder.of(consumers.stream().map(ConsumerOutput::pages).toList());
    ConsumedRowCheck check = ConsumedRowCheck.of(written, consumedSets, handed, unexpected, outOfOrder, handOver);
    if (first == Long.MAX_VALUE) {
      first = writeStartMs;
      last = writeStartMs;
    }
    double seconds = (last - first) / 1000.0;
    long warmupEnd = writeStartMs + s.settings().warmup().toMillis();
    SyncRates rates = SyncRates.of(intervals, warmupEnd, first, last, check.consumed(),
        SyncRates.PAPER_WINDOW_SECONDS);

    double cpu = 0;
    double io = 0;
    double memory = 0;
    for (ConsumerOutput c : consumers) {
      cpu += SampleWindow.cpuSeconds(c.samples(), first, last);
      io += SampleWindow.ioBytes(c.samples(), first, last);
      memory += SampleWindow.peakRssBytes(c.samples());
    }
    LatencySummary lag = LatencySummary.of(HdrLogs.merge(intervals));
    double mockCpu = mockSamples.isEmpty() ? Double.NaN
        : SampleWindow.cpuSeconds(mockSamples, first, last) / Math.max(seconds, 1e-3);
    double catchUp = writer == null ? Double.NaN : Math.max(0, (last - writer.lastAckEpochMs()) / 1000.0);
    // Consumers that kept up finish within moments of the writers (at most a poll back-off, 2 s).
    double keptUp = Math.max(2.5, s.settings().writeTime().toMillis() / 1000.0 * 0.1);
    BoundBy boundBy = Double.isNaN(catchUp) ? BoundBy.UNKNOWN : catchUp <= keptUp ? BoundBy.WRITERS
        : BoundBy.CONSUMERS;
    return new ScenarioResult(new ScenarioResult.Setup(s.group(), s.partitions(), s.consumers(),
        s.settings().writerThreads(), s.settings().rowsPerSecond(), s.settings().rowBytes()),
        new ScenarioResult.Writing(writer == null ? 0 : writer.rowsWritten(),
            writer == null ? Double.NaN : writer.rowsPerSecond()), check, rates,
        new ScenarioResult.Sync(seconds, catchUp, boundBy, first),
        new ScenarioResult.ConsumerUse(seconds > 0 ? cpu / seconds : Double.NaN,
            check.consumed() > 0 ? cpu * 1e6 / check.consumed() : Double.NaN, memory / GB,
            seconds > 0 ? io * 8 / 1e6 / seconds : Double.NaN),
        new ScenarioResult.Lag(lag.p50Us() / 1000.0, lag.p99Us() / 1000.0, lag.p999Us() / 1000.0,
            lag.maxUs() / 1000.0), mockCpu, problems, lostConsumers, HostFigures.of(consumers, first, last),
        LagTimeline.of(intervals, writeStartMs, warmupEnd));
  }
}
