package io.tablestoreycsb.planner.analysis;

import io.tablestoreycsb.planner.matrix.Slo;

/**
 * What was made of a cell: the objective it is judged by, what bound it, how it ended, whether it is on the
 * plateau.
 *
 * @param slo the latency objective the cell is judged by, or null
 * @param verdict what bound the cell, or why its figures are no evidence
 * @param stop how the cell ended and what a saturation search made of it; null when not recorded
 * @param plateau whether this thread point added under 10% rows/s over the previous one ({@link Plateaus})
 */
public record Judgement(Slo slo, Verdict verdict, CellStop stop, boolean plateau) {}
