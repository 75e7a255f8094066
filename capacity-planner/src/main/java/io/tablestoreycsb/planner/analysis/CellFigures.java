package io.tablestoreycsb.planner.analysis;

import org.HdrHistogram.Histogram;

/**
 * What a cell did in its measured window.
 *
 * @param rates rows, requests and capacity units per second of the window
 * @param latencyUs the request latency over the window, merged over the runners, microseconds
 * @param prediction the paper's identity for the cell
 * @param openLoop the target and intended latency of an open-loop cell, or null for a closed loop
 */
public record CellFigures(Rates rates, Histogram latencyUs, Prediction prediction, OpenLoop openLoop) {}
