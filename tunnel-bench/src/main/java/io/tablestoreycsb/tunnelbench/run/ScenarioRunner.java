package io.tablestoreycsb.tunnelbench.run;

import io.tablestoreycsb.tunnelbench.report.LostConsumer;
import io.tablestoreycsb.kit.hdr.HdrLogs;
import io.tablestoreycsb.tunnelbench.child.ChildFiles;
import io.tablestoreycsb.tunnelbench.child.ConsumerResult;
import io.tablestoreycsb.tunnelbench.child.Json;
import io.tablestoreycsb.tunnelbench.child.RowSegment;
import io.tablestoreycsb.tunnelbench.child.RowSets;
import io.tablestoreycsb.tunnelbench.child.Sample;
import io.tablestoreycsb.tunnelbench.child.SampleLog;
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
  /** A second consumer gets its channels after about two heartbeats (5 s each). */
  static final Duration BALANCE_TIMEOUT = Duration.ofSeconds(90);
  static final long POLL_MS = 250;

  private final Coordinator co;
  private final BenchPlan plan;
  private final ProcessLauncher launcher;

  public ScenarioRunner(Coordinator co, BenchPlan plan, ProcessLauncher launcher) {
    this.co = co;
    this.plan = plan;
    this.launcher = launcher;
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
    List<LostConsumer> lost = new ArrayList<>();
    try (BenchTable table = new BenchTable(co.endpoint(), plan.tableOf(s))) {
      co.partitionCapacity(s.settings().partitionCapacity());
      boolean reused = table.prepare(s.partitions());
      progress.phase(index, total, label, (reused ? "reusing table " : "created table ") + table.name() + " ("
          + s.partitions() + (s.partitions() == 1 ? " partition" : " partitions") + "); creating a Stream tunnel");
      String tunnelId = table.createTunnel(TUNNEL, false);
      long epochMs = System.currentTimeMillis();
      ProcessLauncher.Launch launch = launch(s, dir, table.name(), tunnelId, epochMs);
      consumerDirs.addAll(launch.consumerDirs());
      SampleLog mockSamples = co.embedded() ? SampleLog.start(dir.resolve("mock-samples.csv"), () -> 0) : null;
      try (ScenarioProcesses processes = launcher.start(launch)) {
        BenchProcess writer = processes.writer();
        List<BenchProcess> consumers = processes.consumers();
        List<BenchProcess> all = new ArrayList<>(consumers);
        all.add(writer);
        progress.phase(index, total, label, "starting " + s.consumers() + " consumer process"
            + (s.consumers() == 1 ? "" : "es") + " and the writer process");
        awaitReady(run, processes, all, errors);
        if (errors.isEmpty()) {
          long instant = System.currentTimeMillis() + processes.releaseLeadMs();
          for (BenchProcess c : consumers) {
            c.release(instant);
          }
          if (s.consumers() > 1 && s.partitions() > 1) {
            progress.phase(index, total, label, "waiting for the channels to spread over the consumers (a few"
                + " heartbeats)");
          }
          awaitBalanced(table, s.consumers(), consumers, consumerDirs, errors);
        }
        if (errors.isEmpty()) {
          writeStart = System.currentTimeMillis() + processes.releaseLeadMs();
          writer.release(writeStart);
          follow(run, processes, writerDir, consumerDirs, writeStart, errors);
        }
        for (BenchProcess c : consumers) {
          c.stop();
        }
        writer.stop();
        lost.addAll(processes.lostConsumers());
        for (BenchProcess c : all) {
          int exit = c.finish(60_000);
          if (exit != 0 && errors.isEmpty() && !isLost(c, lost)) {
            errors.add(c.name() + " exited with " + exit + ":\n" + c.failureText());
          }
        }
        processes.collect();
      } finally {
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
    ScenarioResult result = analyse(s, dir, writerDir, consumerDirs, writeStart, errors, lost);
    progress.finished((System.nanoTime() - started) / 1e9, s.settings().writeTime().toSeconds());
    return result;
  }

  /**
   * The processes of scenario {@code s} in {@code dir}: the writer in {@code writer/}, consumer K in
   * {@code consumer-K/}, with their arguments.
   *
   * @param epochMs the scenario's start (consumers time arrivals from it)
   */
  public static ProcessLauncher.Launch launch(Scenario s, Path dir, String table, String tunnelId, long epochMs) {
    List<String> writerArgs = List.of("--table", table,
        "--threads", Integer.toString(s.settings().writerThreads()),
        "--rows-per-second", Double.toString(s.settings().rowsPerSecond()),
        "--duration-ms", Long.toString(s.settings().writeTime().toMillis()),
        "--batch-rows", Integer.toString(s.settings().batchRows()),
        "--row-bytes", Integer.toString(s.settings().rowBytes()));
    List<String> consumerArgs = List.of("--tunnel-id", tunnelId, "--table", table,
        "--epoch-ms", Long.toString(epochMs), "--acks-timeout", "30");
    List<Path> consumerDirs = new ArrayList<>();
    for (int k = 0; k < s.consumers(); k++) {
      consumerDirs.add(dir.resolve("consumer-" + k));
    }
    return new ProcessLauncher.Launch(dir.getFileName().toString(), dir.resolve("writer"), consumerDirs, writerArgs,
        consumerArgs);
  }

  /** A scenario's directory below the run's: scenario-01-c1-p4. */
  public static String dirName(int index, Scenario s) {
    return String.format(java.util.Locale.ROOT, "scenario-%02d-c%d-p%d", index, s.consumers(), s.partitions());
  }

  private record Run(Scenario s, int index, int total, String label, double remainingWriteSeconds,
      int remainingScenarios) {}

  private void awaitReady(Run run, ScenarioProcesses processes, List<BenchProcess> all, List<String> errors)
      throws InterruptedException {
    java.time.Duration timeout = processes.readyTimeout();
    long deadline = System.nanoTime() + timeout.toNanos();
    String lastState = "";
    while (!all.stream().allMatch(BenchProcess::isReady)) {
      for (BenchProcess c : all) {
        if (!c.isAlive() && !c.isReady()) {
          errors.add(c.name() + " exited before it was ready:\n" + c.failureText());
          return;
        }
      }
      String state = processes.startingState();
      if (!state.isEmpty() && !state.equals(lastState)) {
        co.progress().phase(run.index(), run.total(), run.label(), state);
        lastState = state;
      }
      if (System.nanoTime() > deadline) {
        errors.add("the processes were not all ready within " + timeout.toSeconds() + " s"
            + (state.isEmpty() ? "" : " (" + state + ")"));
        return;
      }
      Thread.sleep(20);
    }
  }

  private void awaitBalanced(BenchTable table, int consumers, List<BenchProcess> processes, List<Path> dirs,
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
      for (BenchProcess c : processes) {
        if (!c.isAlive()) {
          errors.add(c.name() + " exited while the channels were being spread:\n" + c.failureText());
          return;
        }
      }
      if (System.nanoTime() > deadline) {
        errors.add("the tunnel's channels were not all open at the " + consumers + " consumers within "
            + BALANCE_TIMEOUT.toSeconds() + " s (consumers " + clientIds + "; " + table.channelStates(TUNNEL) + ")");
        return;
      }
      Thread.sleep(200);
    }
  }

  /**
   * Follows the writer and the consumers until every written row was synced, printing progress; a
   * dead process or the drain time-out ends it with an error.
   */
  private void follow(Run run, ScenarioProcesses processes, Path writerDir, List<Path> consumerDirs,
      long writeStart, List<String> errors) throws IOException, InterruptedException {
    BenchProcess writer = processes.writer();
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
      if (!processes.lostConsumers().isEmpty()) {
        // A lost consumer's count stopped with its last sample, and the rows it had are not all handed again
        // (only those after their channel's checkpoint are): the union of every consumer's rows so far counts.
        java.util.OptionalLong union = processes.consumedSoFar();
        if (union.isPresent()) {
          synced = union.getAsLong();
        }
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
      for (BenchProcess c : processes.consumers()) {
        // seen ended first, then looked up among the lost, read afresh: a consumer lost since the last look is
        // listed by the time it reads ended (a list read before that would call a lost consumer a failure)
        if (!c.isAlive() && !isLost(c, processes.lostConsumers())) {
          errors.add(c.name() + " exited while syncing:\n" + c.failureText());
          return;
        }
      }
      List<LostConsumer> lost = processes.lostConsumers();
      if (lost.size() == processes.consumers().size()) {
        errors.add("every consumer was lost while syncing: " + String.join("; ", lost.stream().map(LostConsumer::toString)
            .toList()));
        return;
      }
      if (writerDoneAt == 0 && !writer.isAlive()) {
        errors.add("the writer exited without finishing:\n" + writer.failureText());
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

  /** Whether {@code c} is among the consumers lost while syncing (their channels went to the others). */
  private static boolean isLost(BenchProcess c, List<LostConsumer> lost) {
    return lost.stream().anyMatch(l -> l.consumer().equals(c.name()));
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
      List<String> errors, List<LostConsumer> lost) throws IOException {
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
      ConsumerResult result = readIfThere(d.resolve(ChildFiles.CONSUMER_RESULT), ConsumerResult.class);
      String host = result != null ? result.host()
          : Files.isRegularFile(d.resolve(ChildFiles.HOST)) ? Files.readString(d.resolve(ChildFiles.HOST)).strip() : null;
      outputs.add(new ScenarioAnalysis.ConsumerOutput(result, host, Files.isRegularFile(d.resolve(ChildFiles.CONSUMED))
          ? RowSets.readBits(d.resolve(ChildFiles.CONSUMED)) : new BitSet(),
          HdrLogs.exists(lag) ? HdrLogs.readIntervals(lag) : List.of(), SampleLog.read(d.resolve(ChildFiles.SAMPLES)),
          Files.isRegularFile(d.resolve(ChildFiles.PAGES)) ? RowSegment.readPages(d.resolve(ChildFiles.PAGES))
              : List.of()));
    }
    return ScenarioAnalysis.analyse(s, writeStart, writer, written, outputs,
        SampleLog.read(dir.resolve("mock-samples.csv")), errors, lost);
  }

  private static <T> T readIfThere(Path file, Class<T> type) throws IOException {
    return Files.isRegularFile(file) ? Json.read(file, type) : null;
  }
}
