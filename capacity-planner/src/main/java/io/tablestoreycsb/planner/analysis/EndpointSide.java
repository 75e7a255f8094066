package io.tablestoreycsb.planner.analysis;

import java.util.List;

/**
 * What a cell's endpoint did: the mock's own view, the service's refusals, the table partition by partition.
 *
 * @param endpoint the mock endpoint's own view of the window, or null (not a mock, or not read)
 * @param serviceErrors the service's throttling and server-busy errors in the window
 * @param partitionFigures the cell's table partition by partition, merged over its runners; empty when the DB
 *     did not count them
 */
public record EndpointSide(EndpointView endpoint, ServiceErrors serviceErrors, List<PartitionFigure> partitionFigures) {
  public EndpointSide {
    partitionFigures = List.copyOf(partitionFigures);
  }
}
