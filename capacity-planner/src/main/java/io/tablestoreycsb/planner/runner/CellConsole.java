package io.tablestoreycsb.planner.runner;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * System.out and System.err of a runner that serves cells one after another. While a cell runs, its
 * output goes to the cell's {@link ResultFiles#STDOUT_FILE} (YCSB's summary) and its errors to the cell's
 * {@link ResultFiles#STDERR_FILE} as well as to the process's stderr, where the planner reads the status
 * lines. System.err is installed once, before any logger captures it, and only its destination changes
 * from cell to cell; System.out is a new stream per cell, since YCSB's exporter closes it.
 */
final class CellConsole {
  private final PrintStream processOut;
  private final OutputStream processErr;
  private final Switch errTarget;

  private CellConsole(PrintStream processOut, OutputStream processErr) {
    this.processOut = processOut;
    this.processErr = processErr;
    this.errTarget = new Switch(processErr);
  }

  /** Takes over System.err for the life of the process: call before anything logs. */
  static CellConsole install() {
    CellConsole console = new CellConsole(System.out, System.err);
    System.setErr(new PrintStream(console.errTarget, true, StandardCharsets.UTF_8));
    return console;
  }

  /** Sends output to {@code resultDir}'s files until the returned cell output is closed. */
  CellOutput openCell(Path resultDir) throws IOException {
    FileOutputStream out = new FileOutputStream(resultDir.resolve(ResultFiles.STDOUT_FILE).toFile());
    FileOutputStream err = new FileOutputStream(resultDir.resolve(ResultFiles.STDERR_FILE).toFile());
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    errTarget.to(new Tee(err, processErr));
    return () -> {
      System.out.flush();
      System.err.flush();
      System.setOut(processOut);
      errTarget.to(processErr);
      out.close();
      err.close();
    };
  }

  /** The output of one cell; closing it returns output to the process's own streams. */
  interface CellOutput extends AutoCloseable {
    @Override
    void close() throws IOException;
  }

  /** An output stream whose destination can change; closing it closes nothing (it is System.err). */
  private static final class Switch extends OutputStream {
    private volatile OutputStream target;

    Switch(OutputStream target) {
      this.target = target;
    }

    synchronized void to(OutputStream next) throws IOException {
      target.flush();
      target = next;
    }

    @Override
    public synchronized void write(int b) throws IOException {
      target.write(b);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
      target.write(b, off, len);
    }

    @Override
    public synchronized void flush() throws IOException {
      target.flush();
    }
  }

  /** Writes to a file and to the process's stderr. */
  private static final class Tee extends OutputStream {
    private final OutputStream file;
    private final OutputStream process;

    Tee(OutputStream file, OutputStream process) {
      this.file = file;
      this.process = process;
    }

    @Override
    public void write(int b) throws IOException {
      file.write(b);
      process.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      file.write(b, off, len);
      process.write(b, off, len);
    }

    @Override
    public void flush() throws IOException {
      file.flush();
      process.flush();
    }
  }
}
