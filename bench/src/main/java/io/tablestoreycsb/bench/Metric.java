package io.tablestoreycsb.bench;

import java.util.function.ToDoubleFunction;

/** A per-side quantity of a {@link SideRun}; a comparison's ratio of it is side A's over side B's. */
public enum Metric {
  THROUGHPUT("ops/s", SideRun::rate),
  CLIENT_CPU("us client CPU/op", SideRun::clientMicrosPerOp),
  SERVER_CPU("us server CPU/op", SideRun::serverMicrosPerOp);

  private final String unit;
  private final ToDoubleFunction<SideRun> of;

  Metric(String unit, ToDoubleFunction<SideRun> of) {
    this.unit = unit;
    this.of = of;
  }

  public double of(SideRun sample) {
    return of.applyAsDouble(sample);
  }

  public String unit() {
    return unit;
  }
}
