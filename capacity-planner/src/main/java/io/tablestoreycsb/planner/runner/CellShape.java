package io.tablestoreycsb.planner.runner;

/**
 * How a cell's runners run it, beside which cell it is ({@link CellKey}): how many, which YCSB measurement
 * holds the request latency, and rows per request.
 *
 * @param runners runner processes in the cell
 * @param measure YCSB measurement holding the request latency
 * @param rowsPerRequest rows per request, as the case sets it
 */
public record CellShape(int runners, String measure, int rowsPerRequest) {}
