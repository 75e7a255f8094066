package io.tablestoreycsb.tunnelbench.report;

import com.fasterxml.jackson.annotation.JsonValue;

/** What held a scenario's sync rate: the writers (the consumers kept up) or the consumers (a backlog built up). */
public enum BoundBy {
  /** The consumers kept up: the rate is the write rate and the sync could go faster. */
  WRITERS("writers"),
  /** A backlog built up: the rate is what the sync managed. */
  CONSUMERS("consumers"),
  /** No writer result to tell by. */
  UNKNOWN("n/a");

  private final String word;

  BoundBy(String word) {
    this.word = word;
  }

  /** As the report and report.json say it. */
  @JsonValue
  @Override
  public String toString() {
    return word;
  }
}
