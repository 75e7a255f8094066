package io.tablestoreycsb.bench;

/** A comparison failed too many calls to be measured: its message is the one line bench/run prints. */
public final class GaveUp extends Exception {
  public GaveUp(String message) {
    super(message);
  }
}
