package io.tablestoreycsb.planner.analysis;

/**
 * Why a cell ended: its stop rule, how it ended, and from when its rate was steady (the warm-up before that
 * instant is left out of the cell's figures); with the mark a saturation search left on it. The executor
 * keeps it in each of the cell's runner directories ({@code plan.StopFile}).
 *
 * @param rule the stop rule as the matrix sets it, for people: "fixed" or e.g. "steady (at least 300s,
 *     within 5%)"
 * @param kind how the cell ended
 * @param durationSeconds the cell's duration (its cap, for a steady-stopping cell)
 * @param steadyAfterSeconds of a {@link StopKind#STEADY} or {@link StopKind#OUT_OF_REACH} cell: from its first
 *     interval to the check that found its rate steady, or its window out of reach; 0 otherwise
 * @param judgement of a steady-stopping cell whose rate was judged: the last judgement, for people
 *     ("steady at 2,310 requests/s: 95% confidence +/-1.2%, drift +0.8% over the last 50s"); "" otherwise
 * @param steadyFromEpochMs start of the steady window, or 0 when the rate was never judged steady
 * @param mark what a saturation search made of the cell, or null
 */
public record CellStop(String rule, StopKind kind, long durationSeconds, double steadyAfterSeconds,
    String judgement, long steadyFromEpochMs, SearchMark mark) {

  /** A fixed-duration cell that ran its duration. */
  public static CellStop ranDuration(String rule, long durationSeconds) {
    return new CellStop(rule, StopKind.RAN_DURATION, durationSeconds, 0, "", 0, null);
  }

  /** A steady-stopping cell that ended early, {@code afterSeconds} in, steady from {@code steadyFromEpochMs}. */
  public static CellStop steady(String rule, long capSeconds, double afterSeconds, String judgement,
      long steadyFromEpochMs) {
    return new CellStop(rule, StopKind.STEADY, capSeconds, afterSeconds, judgement, steadyFromEpochMs, null);
  }

  /** A steady-stopping cell that reached its cap while its rate was judged not steady. */
  public static CellStop capUnsteady(String rule, long capSeconds, String judgement) {
    return new CellStop(rule, StopKind.CAP_UNSTEADY, capSeconds, 0, judgement, 0, null);
  }

  /**
   * A steady-stopping cell that ended {@code afterSeconds} in, at its minimum duration, because the window the report
   * needs would not fit in its cap ({@link StopKind#OUT_OF_REACH}); {@code why} says so for people.
   */
  public static CellStop outOfReach(String rule, long capSeconds, double afterSeconds, String why) {
    return new CellStop(rule, StopKind.OUT_OF_REACH, capSeconds, afterSeconds, why, 0, null);
  }

  /** A steady-stopping cell whose rate was never judged. */
  public static CellStop notJudged(String rule, long durationSeconds) {
    return new CellStop(rule, StopKind.NOT_JUDGED, durationSeconds, 0, "", 0, null);
  }

  /** A cell of which nothing was recorded. */
  public static CellStop notRecorded() {
    return new CellStop("fixed", StopKind.NOT_RECORDED, 0, 0, "", 0, null);
  }

  /** Whether the cell ended before its duration. */
  public boolean stoppedEarly() {
    return kind == StopKind.STEADY || kind == StopKind.OUT_OF_REACH;
  }

  /** The same stop with a saturation search's mark. */
  public CellStop withMark(SearchMark value) {
    return new CellStop(rule, kind, durationSeconds, steadyAfterSeconds, judgement, steadyFromEpochMs, value);
  }

  /** Whether a saturation search made the cell its knee. */
  public boolean knee() {
    return mark != null && mark.knee();
  }
}
