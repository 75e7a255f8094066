package io.tablestoreycsb.mock.faults;

/** Parses the probability of a fault or spike: a decimal in [0, 1] or a percentage, e.g. 5%. */
final class Rates {

  private Rates() {
  }

  static double parse(String text, String spec) {
    String t = text.trim();
    boolean percent = t.endsWith("%");
    String number = percent ? t.substring(0, t.length() - 1).trim() : t;
    double value;
    try {
      value = Double.parseDouble(number);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("bad rate '" + t + "' in '" + spec
          + "'; expected a probability in [0, 1] such as 0.05, or a percentage such as 5%");
    }
    if (percent) {
      value /= 100;
    }
    if (!(value >= 0 && value <= 1)) {
      throw new IllegalArgumentException("rate '" + t + "' in '" + spec
          + "' is out of range; it must be in [0, 1] (or 0% to 100%)");
    }
    return value;
  }

  /** Prints a rate or a count without a trailing ".0" or an exponent for whole numbers. */
  static String format(double value) {
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      return Long.toString((long) value);
    }
    return java.math.BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }
}
