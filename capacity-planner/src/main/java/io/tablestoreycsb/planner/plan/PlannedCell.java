package io.tablestoreycsb.planner.plan;

import io.tablestoreycsb.planner.runner.CellKey;
import io.tablestoreycsb.planner.matrix.CaseSpec;

/**
 * One cell to run.
 *
 * @param key what identifies it
 * @param spec its case
 * @param sweepProperty the swept property, or null
 * @param sweepValue its value for this cell, or null
 */
public record PlannedCell(CellKey key, CaseSpec spec, String sweepProperty, String sweepValue) {}
