package io.tablestoreycsb.tunnelbench.run;

import io.tablestoreycsb.kit.child.ChildJvm;
import io.tablestoreycsb.kit.hdr.HdrLogs;
import io.tablestoreycsb.tunnelbench.child.ChildFiles;
import io.tablestoreycsb.tunnelbench.child.ConsumerMain;
import io.tablestoreycsb.tunnelbench.child.ConsumerResult;
import io.tablestoreycsb.tunnelbench.child.Json;
import io.tablestoreycsb.tunnelbench.child.RowSets;
import io.tablestoreycsb.tunnelbench.child.Sample;
import io.tablestoreycsb.tunnelbench.child.SampleLog;
import io.tablestoreycsb.tunnelbench.child.WriterMain;
import io.tablestoreycsb.tunnelbench.child.WriterResult;
import io.tablestoreycsb.tunnelbench.report.ScenarioAnalysis;
import io.tablestoreycsb.tunnelbench.report.ScenarioResult;
import io.tablestoreycsb.tunnelbench.scenario.BenchPlan;
import io.tablestoreycsb.tunnelbench.scenario.Scenario;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Runs one scenario the paper's way: a fresh pre-split table, a Stream tunnel, K consumer processes
 * started together and left to spread the channels among themselves, then the writer process loading
 * the table while the consumers sync; it ends when every row written has been handed to a consumer (or
 * the drain time-out passes), and turns what the processes left into the scenario's report row.
 */
public final class ScenarioRunner {
  static final String TUNNEL = "tunnelbench";
  /** Child JVMs load the SDK and reach their start gate in seconds; a loaded machine gets this long. */
  static final Duration READY_TIMEOUT = Duration.ofSeconds(120);
  /** A second consumer gets its channels after about two heartbeats (5 s each). */
  static final Duration BALANCE_TIMEOUT = Duration.ofSeconds(90);
  static final long POLL_MS = 250;

  private final Coordinator co;
  private final BenchPlan plan;

  public ScenarioRunner(Coordinator co, BenchPlan plan) {
    this.co = co;
    this.plan = plan;
  }

  /** Runs scenario {@code index} (1-based) of {@code total} in {@code dir}. */
  public ScenarioResult run(Scenario s, int index, int total, Path dir, double remainingWriteSeconds,
      int remainingScenarios) throws IOException, InterruptedException {
    long started = System.nanoTime();
    Files.createDirectories(dir);
    List<String> errors = new ArrayList<>();
    String label = s.label();
    BenchProgress progress = co.progress();
    Run run = new Run(s, index, total, label, remainingWriteSeconds, remainingScenarios);
    long writeStart = 0;
    Path writerDir = dir.resolve("writer");
    List<Path> consumerDirs = new ArrayList<>();
    try (BenchTable table = new BenchTable(co.endpoint(), plan.tableOf(s))) {
      co.partitionCapacity(s.settings().partitionCapacity());
      boolean reused = table.prepare(s.partitions());
      progress.phase(index, total, label, (reused ? "reusing table " : "created table ") + table.name() + " ("
          + s.partitions() + (s.partitions() == 1 ? " partition" : " partitions") + "); creating a Stream tunnel");
      String tunnelId = table.createTunnel(TUNNEL, false);
      long epochMs = System.currentTimeMillis();
      List<ChildJvm> consumers = new ArrayList<>();
      ChildJvm writer = co.startChild("writer", writerDir, WriterMain.class, List.of(
          "--dir", writerDir.toString(), "--endpoint-file", co.endpoint().file().toString(), "--table", table.name(),
          "--threads", Integer.toString(s.settings().writerThreads()),
          "--rows-per-second", Double.toString(s.settings().rowsPerSecond()),
          "--duration-ms", Long.toString(s.settings().writeTime().toMillis()),
          "--batch-rows", Integer.toString(s.settings().batchRows()),
          "--row-bytes", Integer.toString(s.settings().rowBytes())));
      for (int k = 0; k < s.consumers(); k++) {
        Path cdir = dir.resolve("consumer-" + k);
        consumerDirs.add(cdir);
        consumers.add(co.startChild("consumer-" + k, cdir, ConsumerMain.class, List.of(
            "--dir", cdir.toString(), "--endpoint-file", co.endpoint().file().toString(), "--tunnel-id", tunnelId,
            "--table", table.name(), "--epoch-ms", Long.toString(epochMs),
            "--acks", writerDir.resolve(ChildFiles.ACKS).toString(), "--acks-timeout", "30")));
      }
      List<ChildJvm> all = new ArrayList<>(consumers);
      all.add(writer);
      SampleLog mockSamples = co.embedded() ? SampleLog.start(dir.resolve("mock-samples.csv"), () -> 0) : null;
      try {
        progress.phase(index, total, label, "starting " + s.consumers() + " consumer process"
            + (s.consumers() == 1 ? "" : "es") + " and the writer process");
        awaitReady(all, errors);
        if (errors.isEmpty()) {
          long instant = System.currentTimeMillis() + 100;
          for (ChildJvm c : consumers) {
            c.release(instant);
          }
          if (s.consumers() > 1 && s.partitions() > 1) {
            progress.phase(index, total, label, "waiting for the channels to spread over the consumers (a few"
                + " heartbeats)");
          }
          awaitBalanced(table, s.consumers(), consumers, consumerDirs, errors);
        }
        if (errors.isEmpty()) {
          writeStart = System.currentTimeMillis() + 100;
          writer.release(writeStart);
          follow(run, writer, writerDir, consumers, consumerDirs, writeStart, errors);
        }
        for (ChildJvm c : consumers) {
          c.stop();
        }
        writer.stop();
        for (ChildJvm c : all) {
          int exit = c.finish(60_000).code();
          if (exit != 0 && errors.isEmpty()) {
            errors.add(c.name() + " exited with " + exit + ":\n" + c.stderrTail());
          }
        }
      } finally {
        for (ChildJvm c : all) {
          if (c.isAlive()) {
            c.kill();
          }
        }
        if (mockSamples != null) {
          mockSamples.close();
        }
      }
      table.deleteTunnel(TUNNEL);
      if (co.embedded()) {
        table.drop(); // the mock's memory; an instance's tables stay for the next run (drop them with bin/tablestore-table)
      }
    } catch (RuntimeException e) {
      errors.add(e.toString());
    }
    ScenarioResult result = analyse(s, dir, writerDir, consumerDirs, writeStart, errors);
    progress.finished((System.nanoTime() - started) / 1e9, s.settings().writeTime().toSeconds());
    return result;
  }

  private record Run(Scenario s, int index, int total, String label, double remainingWriteSeconds,
      int remainingScenarios) {}

  private void awaitReady(List<ChildJvm> all, List<String> errors) throws InterruptedException {
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (!all.stream().allMatch(ChildJvm::isReady)) {
      for (ChildJvm c : all) {
        if (!c.isAlive() && !c.isReady()) {
          errors.add(c.name() + " exited before it was ready:\n" + c.stderrTail());
          return;
        }
      }
      if (System.nanoTime() > deadline) {
        errors.add("the processes were not all ready within " + READY_TIMEOUT.toSeconds() + " s");
        return;
      }
      Thread.sleep(20);
    }
  }

  private void awaitBalanced(BenchTable table, int consumers, List<ChildJvm> processes, List<Path> dirs,
      List<String> errors) throws InterruptedException, IOException {
    long deadline = System.nanoTime() + BALANCE_TIMEOUT.toNanos();
    while (true) {
      java.util.Set<String> clientIds = new java.util.HashSet<>();
      for (Path d : dirs) {
        if (Files.isRegularFile(d.resolve(ChildFiles.CLIENT_ID))) {
          clientIds.add(Files.readString(d.resolve(ChildFiles.CLIENT_ID)).strip());
        }
      }
      try {
        // Every consumer connected (or, without their ids, the holder count alone), and the channels spread.
        if ((clientIds.size() == consumers || clientIds.isEmpty()) && table.balanced(TUNNEL, consumers, clientIds)) {
          return;
        }
      } catch (RuntimeException e) {
        errors.add("cannot describe the tunnel: " + e);
        return;
      }
      for (ChildJvm c : processes) {
        if (!c.isAlive()) {
          errors.add(c.name() + " exited while the channels were being spread:\n" + c.stderrTail());
          return;
        }
      }
      if (System.nanoTime() > deadline) {
        errors.add("the tunnel's channels were not all open at the " + consumers + " consumers within "
            + BALANCE_TIMEOUT.toSeconds() + " s");
        return;
      }
      Thread.sleep(200);
    }
  }

  /**
   * Follows the writer and the consumers until every written row was synced, printing progress; a
   * dead process or the drain time-out ends it with an error.
   */
  private void follow(Run run, ChildJvm writer, Path writerDir, List<ChildJvm> consumers, List<Path> consumerDirs,
      long writeStart, List<String> errors) throws IOException, InterruptedException {
    Scenario s = run.s();
    long writerDoneAt = 0;
    long writtenFinal = -1;
    Rate writeRate = new Rate();
    Rate syncRate = new Rate();
    long overrun = s.settings().writeTime().toMillis() + 120_000;
    while (true) {
      Thread.sleep(POLL_MS);
      long now = System.currentTimeMillis();
      long written = lastRows(writerDir);
      long synced = 0;
      for (Path d : consumerDirs) {
        synced += lastRows(d);
      }
      if (writerDoneAt == 0 && Files.isRegularFile(writerDir.resolve(ChildFiles.ACKS))) {
        writerDoneAt = now;
        writtenFinal = Json.read(writerDir.resolve(ChildFiles.WRITER_RESULT), WriterResult.class).rowsWritten();
      }
      co.progress().tick(run.index(), run.total(), run.label(), (now - writeStart) / 1000.0,
          s.settings().writeTime().toMillis() / 1000.0, written, writeRate.update(now, written), synced,
          syncRate.update(now, synced), run.remainingWriteSeconds(), run.remainingScenarios());
      if (writerDoneAt > 0 && synced >= writtenFinal) {
        return;
      }
      for (ChildJvm c : consumers) {
        if (!c.isAlive()) {
          errors.add(c.name() + " exited while syncing:\n" + c.stderrTail());
          return;
        }
      }
      if (writerDoneAt == 0 && !writer.isAlive()) {
        errors.add("the writer exited without finishing:\n" + writer.stderrTail());
        return;
      }
      if (writerDoneAt == 0 && now - writeStart > overrun) {
        errors.add("the writer did not finish within " + overrun / 1000 + " s");
        return;
      }
      if (writerDoneAt > 0 && now - writerDoneAt > s.settings().drainTimeout().toMillis()) {
        errors.add(String.format(java.util.Locale.ROOT, "the consumers synced %,d of %,d rows and did not finish"
            + " within the drain time-out (%d s after the writers stopped)", synced, writtenFinal,
            s.settings().drainTimeout().toSeconds()));
        return;
      }
    }
  }

  /** Rows per second between successive looks, smoothed over about a second. */
  private static final class Rate {
    private long lastMs;
    private long lastRows;
    private double rate;

    double update(long nowMs, long rows) {
      if (lastMs == 0) {
        lastMs = nowMs;
        lastRows = rows;
        return 0;
      }
      if (nowMs - lastMs >= 1000) {
        rate = (rows - lastRows) * 1000.0 / (nowMs - lastMs);
        lastMs = nowMs;
        lastRows = rows;
      }
      return rate;
    }
  }

  private static long lastRows(Path dir) throws IOException {
    List<Sample> samples = SampleLog.read(dir.resolve(ChildFiles.SAMPLES));
    return samples.isEmpty() ? 0 : samples.get(samples.size() - 1).rows();
  }

  private ScenarioResult analyse(Scenario s, Path dir, Path writerDir, List<Path> consumerDirs, long writeStart,
      List<String> errors) throws IOException {
    WriterResult writer = readIfThere(writerDir.resolve(ChildFiles.WRITER_RESULT), WriterResult.class);
    BitSet written = Files.isRegularFile(writerDir.resolve(ChildFiles.WRITTEN))
        ? RowSets.readBits(writerDir.resolve(ChildFiles.WRITTEN)) : new BitSet();
    if (writer != null && writer.errors() > 0) {
      errors.add(String.format(java.util.Locale.ROOT, "the writer had %,d failed requests and gave up %,d rows; first:"
          + " %s", writer.errors(), writer.rowsFailed(), writer.firstError()));
    }
    List<ScenarioAnalysis.ConsumerOutput> outputs = new ArrayList<>();
    for (Path d : consumerDirs) {
      Path lag = d.resolve(ChildFiles.LAG);
      outputs.add(new ScenarioAnalysis.ConsumerOutput(readIfThere(d.resolve(ChildFiles.CONSUMER_RESULT),
          ConsumerResult.class), Files.isRegularFile(d.resolve(ChildFiles.CONSUMED))
          ? RowSets.readBits(d.resolve(ChildFiles.CONSUMED)) : new BitSet(),
          HdrLogs.exists(lag) ? HdrLogs.readIntervals(lag) : List.of(), SampleLog.read(d.resolve(ChildFiles.SAMPLES))));
    }
    return ScenarioAnalysis.analyse(s, writeStart, writer, written, outputs,
        SampleLog.read(dir.resolve("mock-samples.csv")), errors);
  }

  private static <T> T readIfThere(Path file, Class<T> type) throws IOException {
    return Files.isRegularFile(file) ? Json.read(file, type) : null;
  }
}
