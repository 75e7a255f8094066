package io.tablestoreycsb.planner.runner;

/**
 * What a runner's preparation for a cell left: its warm-up as reported, and the warm-up's run if it is still
 * sending until the start gate opens ({@link WarmUpHold}; {@link WarmUpHold#NONE} when it ended).
 */
record WarmedUp(WarmUp warmUp, WarmUpHold hold) {
  static WarmedUp ended(WarmUp warmUp) {
    return new WarmedUp(warmUp, WarmUpHold.NONE);
  }
}
