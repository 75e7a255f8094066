package io.tablestoreycsb.tunnelbench.speed;

import io.tablestoreycsb.tunnelbench.child.ChildFiles;
import io.tablestoreycsb.tunnelbench.child.ConsumerMain;
import io.tablestoreycsb.tunnelbench.child.Json;
import io.tablestoreycsb.tunnelbench.child.Sample;
import io.tablestoreycsb.tunnelbench.child.SampleLog;
import io.tablestoreycsb.tunnelbench.child.ScanMain;
import io.tablestoreycsb.tunnelbench.child.ScanResult;
import io.tablestoreycsb.tunnelbench.child.WriterMain;
import io.tablestoreycsb.tunnelbench.child.WriterResult;
import io.tablestoreycsb.tunnelbench.report.SampleWindow;
import io.tablestoreycsb.tunnelbench.report.SpeedGoal;
import io.tablestoreycsb.tunnelbench.rows.TunnelRow;
import io.tablestoreycsb.tunnelbench.run.BenchTable;
import io.tablestoreycsb.cluster.launch.LaunchedChild;
import io.tablestoreycsb.kit.child.ChildJvm;
import io.tablestoreycsb.tunnelbench.run.Coordinator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The speed goals, measured side by side in one run on one table: the writer loads {@code rows} rows
 * (with a tunnel holding the change log from before the first write), then, in alternating rounds, a
 * new tunnel reading the log from its start is drained by one TunnelWorker process, and one GetRange
 * process reads the same rows, one thread per partition on both sides. Each side is measured over the
 * middle of its read (from 20% to 90% of the rows), so JVM start-up, class loading and the first
 * compilations stay out of both; medians over the rounds.
 */
public final class SpeedRun {
  public static final int ROUNDS = 5;
  public static final int QUICK_ROUNDS = 3;
  static final double WINDOW_FROM = 0.2;
  static final double WINDOW_TO = 0.9;
  static final String TABLE = "tunnelbench_speed";
  static final String PIN_TUNNEL = "pin";

  /** The goals and the figures behind them. */
  public record Outcome(List<SpeedGoal> goals, List<String> details) {}

  /** One side of one round: rows per second, and CPU per row of the reader and of the mock. */
  record Side(double rowsPerSecond, double readerCpuMicrosPerRow, double mockCpuMicrosPerRow) {}

  private SpeedRun() {}

  public static Outcome run(Coordinator co, int partitions, long rows, int rounds, Path dir) throws IOException,
      InterruptedException {
    PrintWriter out = co.progress().out();
    Files.createDirectories(dir);
    co.partitionCapacity(0);
    List<Side> tunnel = new ArrayList<>();
    List<Side> scan = new ArrayList<>();
    try (BenchTable table = new BenchTable(co.endpoint(), TABLE)) {
      table.create(partitions); // fresh: the rounds read exactly the rows written here
      table.createTunnel(PIN_TUNNEL, false); // unread: keeps every record of the log for the rounds' tunnels
      out.printf(Locale.ROOT, "speed: writing %,d rows into %d partitions%n", rows, partitions);
      out.flush();
      Path writerDir = dir.resolve("writer");
      LaunchedChild writer = co.startChild("writer", writerDir, WriterMain.class, List.of(
          "--dir", writerDir.toString(), "--endpoint-file", co.endpoint().file().toString(), "--table", TABLE,
          "--threads", "4", "--duration-ms", "3600000", "--max-rows", Long.toString(rows), "--batch-rows", "200",
          "--row-bytes", Integer.toString(TunnelRow.PAPER_ROW_BYTES)));
      awaitReady(writer);
      writer.release(System.currentTimeMillis());
      if (writer.finish(30 * 60_000).code() != 0) {
        throw new IllegalStateException("the speed run's writer failed:\n" + writer.stderrTail());
      }
      long written = Json.read(writerDir.resolve(ChildFiles.WRITER_RESULT), WriterResult.class).rowsWritten();
      for (int round = 1; round <= rounds; round++) {
        out.printf(Locale.ROOT, "speed: round %d/%d: a tunnel drains %,d rows%n", round, rounds, written);
        out.flush();
        tunnel.add(drain(co, table, written, dir.resolve("round-" + round + "-tunnel"), writerDir, "drain" + round));
        out.printf(Locale.ROOT, "speed: round %d/%d: GetRange reads them%n", round, rounds);
        out.flush();
        scan.add(scan(co, partitions, written, dir.resolve("round-" + round + "-getrange")));
      }
      table.deleteTunnel(PIN_TUNNEL);
      if (co.embedded()) {
        table.drop();
      }
    }
    return outcome(tunnel, scan, partitions, co.embedded());
  }

  static Outcome outcome(List<Side> tunnel, List<Side> scan, int partitions, boolean embedded) {
    double syncRate = median(tunnel.stream().mapToDouble(Side::rowsPerSecond).toArray());
    double scanRate = median(scan.stream().mapToDouble(Side::rowsPerSecond).toArray());
    double consumerCpu = median(tunnel.stream().mapToDouble(Side::readerCpuMicrosPerRow).toArray());
    double mockCpu = median(tunnel.stream().mapToDouble(Side::mockCpuMicrosPerRow).toArray());
    // Ratios per round, then their median: a round's two sides ran back to back, so a machine whose load
    // drifts (other work starting or stopping) moves both sides of a round alike.
    double[] syncOverScan = new double[Math.min(tunnel.size(), scan.size())];
    double[] mockOverConsumer = new double[tunnel.size()];
    for (int i = 0; i < syncOverScan.length; i++) {
      syncOverScan[i] = tunnel.get(i).rowsPerSecond() / scan.get(i).rowsPerSecond();
    }
    for (int i = 0; i < tunnel.size(); i++) {
      mockOverConsumer[i] = tunnel.get(i).mockCpuMicrosPerRow() / tunnel.get(i).readerCpuMicrosPerRow();
    }
    List<SpeedGoal> goals = List.of(
        new SpeedGoal("tunnel-consumer-cpu-us-per-row", consumerCpu, true, 10,
            "CPU of the TunnelWorker process per row synchronized, microseconds (the paper's consumers: about 10)"),
        new SpeedGoal("tunnel-mock-over-consumer-cpu", embedded ? median(mockOverConsumer) : Double.NaN, true, 1.0,
            "the mock's CPU per record served over the consumer's CPU per record"
                + (embedded ? "" : " (needs --embedded: not measured)")),
        new SpeedGoal("tunnel-sync-over-getrange", median(syncOverScan), false, 0.8,
            "rows synchronized per second over rows per second GetRange reads of the same rows (median of the"
                + " rounds' ratios)"));
    List<String> details = new ArrayList<>();
    details.add(String.format(Locale.ROOT, "tunnel drain, %d partitions, 1 consumer: rows/s %s; consumer CPU us/row %s;"
        + " mock CPU us/record %s", partitions, list(tunnel, Side::rowsPerSecond), list(tunnel, Side::readerCpuMicrosPerRow),
        list(tunnel, Side::mockCpuMicrosPerRow)));
    details.add(String.format(Locale.ROOT, "GetRange, %d threads: rows/s %s; reader CPU us/row %s; mock CPU us/row %s",
        partitions, list(scan, Side::rowsPerSecond), list(scan, Side::readerCpuMicrosPerRow),
        list(scan, Side::mockCpuMicrosPerRow)));
    details.add(String.format(Locale.ROOT, "medians: tunnel %,.0f rows/s, GetRange %,.0f rows/s; consumer %.2f us/row,"
        + " mock %.2f us/record; per round tunnel/GetRange %s", syncRate, scanRate, consumerCpu, mockCpu,
        String.join(" / ", java.util.Arrays.stream(syncOverScan).mapToObj(v -> String.format(Locale.ROOT, "%.3f", v))
            .toList())));
    return new Outcome(goals, details);
  }

  private static Side drain(Coordinator co, BenchTable table, long rows, Path dir, Path writerDir, String tunnelName)
      throws IOException, InterruptedException {
    String tunnelId = table.createTunnel(tunnelName, true);
    LaunchedChild consumer = co.startChild("consumer", dir, ConsumerMain.class, List.of(
        "--dir", dir.toString(), "--endpoint-file", co.endpoint().file().toString(), "--tunnel-id", tunnelId,
        "--table", TABLE, "--epoch-ms", Long.toString(System.currentTimeMillis()),
        "--acks", writerDir.resolve(ChildFiles.ACKS).toString()));
    // The embedded mock's process is sampled while the consumer drains (its CPU per record served).
    SampleLog mock = co.embedded() ? SampleLog.start(dir.resolve("mock-samples.csv"), () -> 0) : null;
    try {
      awaitReady(consumer);
      consumer.release(System.currentTimeMillis());
      long deadline = System.nanoTime() + 600_000_000_000L;
      while (lastRows(dir) < rows) {
        if (!consumer.isAlive() || System.nanoTime() > deadline) {
          throw new IllegalStateException("the speed run's consumer synced " + lastRows(dir) + " of " + rows
              + " rows and " + (consumer.isAlive() ? "timed out" : "exited") + ":\n" + consumer.stderrTail());
        }
        Thread.sleep(50);
      }
      consumer.stop();
    } finally {
      closeAndKill(mock, consumer);
    }
    consumer.finish(60_000);
    table.deleteTunnel(tunnelName);
    return side(SampleLog.read(dir.resolve(ChildFiles.SAMPLES)), SampleLog.read(dir.resolve("mock-samples.csv")), rows);
  }

  private static Side scan(Coordinator co, int partitions, long rows, Path dir) throws IOException,
      InterruptedException {
    LaunchedChild scanner = co.startChild("scanner", dir, ScanMain.class, List.of(
        "--dir", dir.toString(), "--endpoint-file", co.endpoint().file().toString(), "--table", TABLE,
        "--partitions", Integer.toString(partitions)));
    SampleLog mock = co.embedded() ? SampleLog.start(dir.resolve("mock-samples.csv"), () -> 0) : null;
    try {
      awaitReady(scanner);
      scanner.release(System.currentTimeMillis());
      if (scanner.finish(600_000).code() != 0) {
        throw new IllegalStateException("the speed run's GetRange reader failed:\n" + scanner.stderrTail());
      }
    } finally {
      closeAndKill(mock, scanner);
    }
    ScanResult r = Json.read(dir.resolve(ChildFiles.SCAN_RESULT), ScanResult.class);
    if (r.rows() != rows) {
      throw new IllegalStateException("GetRange read " + r.rows() + " rows, the writer wrote " + rows);
    }
    return side(SampleLog.read(dir.resolve(ChildFiles.SAMPLES)), SampleLog.read(dir.resolve("mock-samples.csv")), rows);
  }

  /** Rates and CPU per row over the middle of a read, from 20% to 90% of its rows. */
  static Side side(List<Sample> reader, List<Sample> mock, long rows) {
    long from = SampleWindow.timeAtRows(reader, rows * WINDOW_FROM);
    long to = SampleWindow.timeAtRows(reader, rows * WINDOW_TO);
    if (from < 0 || to <= from) {
      return new Side(Double.NaN, Double.NaN, Double.NaN);
    }
    double windowRows = SampleWindow.rows(reader, from, to);
    return new Side(windowRows * 1000.0 / (to - from), SampleWindow.cpuSeconds(reader, from, to) * 1e6 / windowRows,
        mock.isEmpty() ? Double.NaN : SampleWindow.cpuSeconds(mock, from, to) * 1e6 / windowRows);
  }

  /** Ends the mock's sampling; a child still running after a failure is killed, never left behind. */
  private static void closeAndKill(SampleLog mock, LaunchedChild child) throws IOException {
    if (mock != null) {
      mock.close();
    }
    if (child.isAlive() && !ChildJvm.stopRequested(child.dir())) {
      child.kill();
    }
  }

  private static void awaitReady(LaunchedChild child) throws InterruptedException {
    long deadline = System.nanoTime() + 120_000_000_000L;
    while (!child.isReady()) {
      if (!child.isAlive() || System.nanoTime() > deadline) {
        throw new IllegalStateException(child.name() + " did not reach its start gate:\n" + child.stderrTail());
      }
      Thread.sleep(20);
    }
  }

  private static long lastRows(Path dir) throws IOException {
    List<Sample> s = SampleLog.read(dir.resolve(ChildFiles.SAMPLES));
    return s.isEmpty() ? 0 : s.get(s.size() - 1).rows();
  }

  static double median(double[] values) {
    double[] v = java.util.Arrays.stream(values).filter(x -> !Double.isNaN(x)).sorted().toArray();
    if (v.length == 0) {
      return Double.NaN;
    }
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }

  private static String list(List<Side> sides, java.util.function.ToDoubleFunction<Side> f) {
    return String.join(" / ", sides.stream().map(s -> String.format(Locale.ROOT, "%,.2f", f.applyAsDouble(s))).toList());
  }
}
