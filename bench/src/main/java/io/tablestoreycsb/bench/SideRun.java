package io.tablestoreycsb.bench;

/**
 * One run of one side of a comparison. Over its measured window: {@code ops} operations (rows, for
 * a load) in {@code seconds}, the CPU time this (client) process used and the CPU time the server
 * process used (NaN when no server process is watched), both without their JIT compiler threads,
 * whose time is given apart (see {@link CpuMeter}). Over the whole run, window or not:
 * {@code calls} made and {@code failures} among them, with the first failure's message.
 */
public record SideRun(long ops, double seconds, double clientCpuSeconds, double serverCpuSeconds, double clientJitSeconds,
                     double serverJitSeconds, long calls, long failures, String firstFailure) {

  /** Operations per second in the window. */
  public double rate() {
    return ops / seconds;
  }

  /** Client CPU per operation, in microseconds. */
  public double clientMicrosPerOp() {
    return clientCpuSeconds * 1e6 / ops;
  }

  /** Server CPU per operation, in microseconds (NaN when no server process is watched). */
  public double serverMicrosPerOp() {
    return serverCpuSeconds * 1e6 / ops;
  }

  public boolean failed() {
    return failures > 0;
  }

  /** The same run with each call counted as the {@code rowsPerCall} rows it carried (a batch's 200). */
  public SideRun countingRows(int rowsPerCall) {
    return new SideRun(ops * rowsPerCall, seconds, clientCpuSeconds, serverCpuSeconds, clientJitSeconds,
        serverJitSeconds, calls, failures, firstFailure);
  }
}
