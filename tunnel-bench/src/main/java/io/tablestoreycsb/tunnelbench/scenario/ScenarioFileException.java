package io.tablestoreycsb.tunnelbench.scenario;

/** A scenarios file that cannot be used; the message names the file, the line and what is wrong. */
public final class ScenarioFileException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public ScenarioFileException(String message) {
    super(message);
  }
}
