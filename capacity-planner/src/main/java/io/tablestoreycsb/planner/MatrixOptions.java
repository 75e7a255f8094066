package io.tablestoreycsb.planner;

import io.tablestoreycsb.planner.matrix.MatrixParser;
import io.tablestoreycsb.planner.plan.CellFilter;
import io.tablestoreycsb.planner.plan.Sweep;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Which matrix and which of its cells: the options {@code estimate}, {@code run} and {@code render} share. */
final class MatrixOptions {
  @Option(names = "--matrix", required = true, paramLabel = "FILE",
      description = "Matrix file (workloads/matrix/high-performance, capacity, quick, or your own).")
  Path matrixFile;

  @Option(names = "--quick", description = "Shrink the matrix with its [quick] section (short cells, small data, "
      + "fewer thread points).")
  boolean quick;

  @Option(names = "--only", paramLabel = "FILTER",
      description = {"Only some cells. FILTER is all or part of",
          "case=NAME,partitions=N,threads=N", "(repeat a key to widen the choice, e.g. case=random-read and case=range-read)"})
  String only;

  @Option(names = "--sweep", paramLabel = "PROPERTY=VALUES",
      description = {"Run the write cases once per value, e.g.", "tablestore.batchsize=1,10,50,100,200",
          "fieldlength=100,500,1024,4096"})
  String sweep;

  /** The options of a plan of the chosen cells into {@code out}, started by {@code command}. */
  PlanOptions.Builder plan(String command, Path out) throws IOException {
    return PlanOptions.builder(command, MatrixParser.parse(matrixFile), out).quick(quick)
        .only(only == null ? CellFilter.ALL : CellFilter.parse(only))
        .sweep(sweep == null ? null : Sweep.parse(sweep));
  }
}
