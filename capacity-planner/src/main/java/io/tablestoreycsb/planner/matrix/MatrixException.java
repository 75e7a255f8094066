package io.tablestoreycsb.planner.matrix;

/** A matrix file that cannot be used; the message names the file, the line and what is wrong. */
public final class MatrixException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public MatrixException(String message) {
    super(message);
  }

  static MatrixException at(String file, int line, String what) {
    return new MatrixException(file + ":" + line + ": " + what);
  }
}
