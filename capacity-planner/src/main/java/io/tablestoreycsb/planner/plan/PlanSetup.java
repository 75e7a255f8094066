package io.tablestoreycsb.planner.plan;

import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.runner.CellExecutor;
import java.nio.file.Path;

/**
 * What a {@link Plan} runs with: its matrix, the runners' specs, where cells run, the tables, the output
 * directory and the progress shown. One value, built once by the plan and handed to its {@link LoadStep}, so
 * the load runs with what the cells run with.
 */
record PlanSetup(Matrix matrix, RunnerSpecFactory runners, CellExecutor executor, TableAdmin tables, Path outDir,
    Progress progress) {
}
