package io.tablestoreycsb.planner.runner;

import java.util.List;

/**
 * A runner's warm-up before one cell's start gate, as the runner reports it ({@link RunnerResources},
 * {@link CellDone}) and the executor records it ({@link RunnerRecord}).
 *
 * @param warmUpSeconds how long it took (0 when there was none)
 * @param warmUpOutcome how it ended
 * @param warmUpOperations the kinds of request it warmed up (the binding's {@code ClientWarmUp.Operation} names);
 *     empty when there was no warm-up
 * @param warmUpRequests the operations its own YCSB run did, or the requests it sent on warm-up keys
 */
public record WarmUp(double warmUpSeconds, Outcome warmUpOutcome, List<String> warmUpOperations, long warmUpRequests) {
  /** A runner that reported no warm-up (an older one, or one that never got that far). */
  public static final WarmUp NONE = new WarmUp(0, Outcome.NOT_REPORTED, List.of(), 0);

  public WarmUp {
    warmUpOutcome = warmUpOutcome == null ? Outcome.NOT_REPORTED : warmUpOutcome;
    warmUpOperations = warmUpOperations == null ? List.of() : List.copyOf(warmUpOperations);
  }

  /** How a warm-up ended. */
  public enum Outcome {
    /** The runner's compilation settled ({@link SettleRule}). */
    SETTLED,
    /** It had not settled by the warm-up's cap: the cell's window may hold compilation. */
    CAPPED,
    /** Every operation of the cell was warm from the runner's earlier cells: none was needed. */
    ALREADY_WARM,
    /** The endpoint or table refused the warm-up's requests; the cell reports its own errors. */
    REFUSED,
    /** Switched off ({@link RunnerMain#WARM_UP_PROPERTY}). */
    OFF,
    /** The cell's DB is not the Tablestore binding: nothing to warm up. */
    NOT_THE_BINDING,
    /**
     * A table load: its rate is not judged, and a warm-up would write its rows once more; the cells after it
     * warm up for themselves.
     */
    TABLE_LOAD,
    /** Not known: an older runner, or one that failed before it. */
    NOT_REPORTED
  }

  /** Whether the runner's compilation may have gone on into the cell's window because of how the warm-up ended. */
  public boolean mayHaveCompiled() {
    return warmUpOutcome == Outcome.CAPPED || warmUpOutcome == Outcome.OFF || warmUpOutcome == Outcome.REFUSED;
  }
}
