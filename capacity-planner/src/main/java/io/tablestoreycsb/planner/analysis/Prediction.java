package io.tablestoreycsb.planner.analysis;

/**
 * The paper's identity for a closed loop: QPS(row) = 1000 / avg latency (ms) x runners x threads x rows
 * per request, when every thread is always waiting on the service.
 *
 * @param qpsRows the rows per second the identity predicts
 * @param measuredOverPredicted the measured rows per second over {@code qpsRows} (0 when nothing was predicted)
 */
public record Prediction(double qpsRows, double measuredOverPredicted) {}
