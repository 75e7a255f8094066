package io.tablestoreycsb.planner.matrix;

/**
 * How an open-loop cell's target travels in a cell's sweep label (the label every runner records and the
 * report groups by): {@code target=2000}, after the sweep setting when there is one
 * ({@code tablestore.batchsize=50, target=2000}). The target is the cell's total rows per second.
 */
public final class TargetLabel {
  private static final String PREFIX = "target=";
  private static final String SEPARATOR = ", ";

  private TargetLabel() {}

  /** The label of a cell with {@code sweep} ("" for none) run at {@code rowsPerSecond}. */
  public static String with(String sweep, long rowsPerSecond) {
    return (sweep.isEmpty() ? "" : sweep + SEPARATOR) + PREFIX + rowsPerSecond;
  }

  /** The target of a label, rows per second, or NaN for a closed-loop cell. */
  public static double target(String label) {
    int at = position(label);
    if (at < 0) {
      return Double.NaN;
    }
    try {
      return Double.parseDouble(label.substring(at + PREFIX.length()));
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  /** The label without its target: the sweep setting alone, "" when there was none. */
  public static String withoutTarget(String label) {
    int at = position(label);
    if (at < 0) {
      return label;
    }
    return at == 0 ? "" : label.substring(0, at - SEPARATOR.length());
  }

  private static int position(String label) {
    if (label.startsWith(PREFIX)) {
      return 0;
    }
    int at = label.lastIndexOf(SEPARATOR + PREFIX);
    return at < 0 ? -1 : at + SEPARATOR.length();
  }
}
