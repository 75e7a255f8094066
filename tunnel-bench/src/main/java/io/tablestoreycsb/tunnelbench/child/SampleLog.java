package io.tablestoreycsb.tunnelbench.child;

import io.tablestoreycsb.kit.resources.ResourceSampler;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Samples this process every {@link #PERIOD_MS} ms ({@link ResourceSampler}: /proc CPU, peak RSS and
 * I/O bytes, plus a row counter) and appends each sample to a CSV file as it is taken, so the
 * coordinator can follow progress while the process runs and cut any window from the samples after.
 */
public final class SampleLog implements AutoCloseable {
  public static final long PERIOD_MS = 200;

  private final ResourceSampler sampler = ResourceSampler.ofThisProcess();
  private final LongSupplier rows;
  private final BufferedWriter out;
  private final Thread thread;
  private volatile boolean running = true;

  private SampleLog(Path file, LongSupplier rows) throws IOException {
    this.rows = rows;
    this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    out.write(Sample.CSV_HEADER);
    out.newLine();
    this.thread = new Thread(this::loop, "bench-sample-log");
    thread.setDaemon(true);
  }

  /** Takes a first sample now and then one every period until closed. */
  public static SampleLog start(Path file, LongSupplier rows) throws IOException {
    SampleLog log = new SampleLog(file, rows);
    log.sampleNow();
    log.thread.start();
    return log;
  }

  private void loop() {
    while (running) {
      try {
        Thread.sleep(PERIOD_MS);
      } catch (InterruptedException e) {
        return;
      }
      sampleNow();
    }
  }

  /** Takes a sample at once (e.g. at a phase boundary, so the window's edge is exact). */
  public synchronized void sampleNow() {
    sampler.sample();
    Sample s = new Sample(System.currentTimeMillis(), rows.getAsLong(), sampler.cpuSeconds(),
        sampler.ioReadBytes() + sampler.ioWriteBytes(), sampler.peakRssBytes());
    try {
      out.write(s.csv());
      out.newLine();
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write samples", e);
    }
  }

  /** A last sample, then the file is closed. */
  @Override
  public void close() throws IOException {
    running = false;
    thread.interrupt();
    try {
      thread.join(1000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    synchronized (this) {
      sampleNow();
      out.close();
    }
  }

  /** The samples of a file written by a (possibly still running) process; an unfinished last line is skipped. */
  public static List<Sample> read(Path file) throws IOException {
    List<Sample> samples = new ArrayList<>();
    if (!Files.isRegularFile(file)) {
      return samples;
    }
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      Sample s = Sample.parse(line);
      if (s != null) {
        samples.add(s);
      }
    }
    return samples;
  }
}
