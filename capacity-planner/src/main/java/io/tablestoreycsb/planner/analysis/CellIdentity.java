package io.tablestoreycsb.planner.analysis;

/**
 * Which cell of a plan a result is: what the runners' runner.json files say they ran.
 *
 * @param instanceType instance type label
 * @param caseName case
 * @param sweep sweep setting (with an open-loop target, e.g. "target=400"), or ""
 * @param partitions partition count of the cell's table
 * @param runners runner processes
 * @param threads threads per runner
 * @param measure YCSB measurement used as the request latency
 * @param rowsPerRequest rows per request, as the case sets it
 */
public record CellIdentity(String instanceType, String caseName, String sweep, int partitions, int runners,
    int threads, String measure, int rowsPerRequest) {}
