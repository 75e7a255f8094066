package io.tablestoreycsb.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * What a driver prints on stdout for bench/run: detail lines as they come, and at the end, one
 * {@code ratio} line per goal, its interval as a detail line and its JSON as a {@code json} line.
 * After {@link GaveUp}, the ratios measured so far and then the one {@code gave-up} line.
 */
final class Report {
  /** Exit status of a driver that gave up (bench/run then stops with the ratios it has). */
  static final int GAVE_UP_STATUS = 3;

  private final List<Ratio> ratios = new ArrayList<>();

  void detail(String line) {
    System.out.println(line);
    System.out.flush();
  }

  void ratio(Ratio ratio) {
    ratios.add(ratio);
    if (ratio.intervalLine() != null) {
      detail(ratio.intervalLine());
    }
  }

  /** Prints the ratio and json lines collected. */
  void finish() {
    for (Ratio ratio : ratios) {
      System.out.println("json " + ratio.json());
    }
    for (Ratio ratio : ratios) {
      System.out.println(ratio.line());
    }
    System.out.flush();
  }

  /** Prints the ratios so far and the give-up line, and exits with {@link #GAVE_UP_STATUS}. */
  void gaveUp(GaveUp e) {
    finish();
    System.out.println(e.getMessage());
    System.out.flush();
    System.exit(GAVE_UP_STATUS);
  }
}
