package io.tablestoreycsb.planner.analysis;

/**
 * The errors a real service answers when it is the limit, counted by the binding (by error code) and
 * scaled to the cell's window like its capacity units.
 *
 * @param throttledPerSecond throttling errors per second (OTSServerBusy, OTSNotEnoughCapacityUnit,
 *     OTSCapacityUnitExhausted, OTSQuotaExhausted)
 * @param unavailablePerSecond server-side unavailability per second (OTSPartitionUnavailable,
 *     OTSServerUnavailable, OTSTimeout, OTSRequestTimeout)
 */
public record ServiceErrors(double throttledPerSecond, double unavailablePerSecond) {
  public static final ServiceErrors NONE = new ServiceErrors(0, 0);

  /** At or above this share of the cell's requests the service's refusals shaped its rate. */
  public static final double SHAPED_RATE = 0.01;

  public double perSecond() {
    return throttledPerSecond + unavailablePerSecond;
  }
}
