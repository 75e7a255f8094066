package io.tablestoreycsb.planner.runner;

/**
 * What identifies a cell across machines and directories.
 *
 * @param instanceType instance type label
 * @param caseName case name
 * @param partitions partition count of the table
 * @param threads threads per runner
 * @param sweep sweep setting as "property=value", or "" when not sweeping
 */
public record CellKey(String instanceType, String caseName, int partitions, int threads, String sweep) {
  /** The case name the planner gives the load step's runners (not a cell of the report). */
  public static final String LOAD_CASE = "load";

  /** Directory of the cell below the output directory. */
  public String relativeDir() {
    String cell = "t" + threads + (sweep.isEmpty() ? "" : "-" + sweep.replaceAll("[^A-Za-z0-9_.=-]", "_"));
    return instanceType + "/p" + partitions + "/" + caseName + "/" + cell;
  }

  public String label() {
    return caseName + " p=" + partitions + " threads=" + threads + (sweep.isEmpty() ? "" : " " + sweep);
  }
}
