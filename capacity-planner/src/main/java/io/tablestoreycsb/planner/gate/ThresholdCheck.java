package io.tablestoreycsb.planner.gate;

import io.tablestoreycsb.planner.threshold.Threshold;
import java.util.List;

/**
 * One threshold judged against a plan (or two): what it looked at and what broke it.
 *
 * @param threshold the threshold
 * @param judged how many SLO answers or cells it looked at, named ("12 SLO answers", "24 cells")
 * @param breaches one sentence per answer or cell that broke it: which, the figure and the limit; empty when
 *     it held
 */
public record ThresholdCheck(Threshold threshold, String judged, List<String> breaches) {
  public ThresholdCheck {
    breaches = List.copyOf(breaches);
  }

  public boolean breached() {
    return !breaches.isEmpty();
  }
}
