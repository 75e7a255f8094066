package io.tablestoreycsb.bench;

import java.util.function.ToDoubleFunction;

/** A per-side quantity of a {@link Sample}; a comparison's ratio of it is side A's over side B's. */
public enum Metric {
  THROUGHPUT("ops/s", Sample::rate),
  CLIENT_CPU("us client CPU/op", Sample::clientMicrosPerOp),
  SERVER_CPU("us server CPU/op", Sample::serverMicrosPerOp);

  private final String unit;
  private final ToDoubleFunction<Sample> of;

  Metric(String unit, ToDoubleFunction<Sample> of) {
    this.unit = unit;
    this.of = of;
  }

  public double of(Sample sample) {
    return of.applyAsDouble(sample);
  }

  public String unit() {
    return unit;
  }
}
