package io.tablestoreycsb.mock.cli;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses sizes such as {@code 512m}, {@code 2GiB} or {@code 1048576}: binary units, any case. */
final class ByteSize {

  private static final Pattern SIZE =
      Pattern.compile("(\\d+)\\s*(|b|k|kb|kib|m|mb|mib|g|gb|gib|t|tb|tib)");

  private ByteSize() {
  }

  static long parse(String text) {
    Matcher m = SIZE.matcher(text.trim().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new IllegalArgumentException("'" + text
          + "' is not a size; expected a whole number of bytes with an optional unit k, m, g or t"
          + " (powers of 1024), e.g. 512m or 2g");
    }
    int shift = switch (m.group(2).isEmpty() ? 'b' : m.group(2).charAt(0)) {
      case 'k' -> 10;
      case 'm' -> 20;
      case 'g' -> 30;
      case 't' -> 40;
      default -> 0;
    };
    long value;
    try {
      value = Long.parseLong(m.group(1));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + text + "' is too large");
    }
    if (value == 0) {
      throw new IllegalArgumentException("'" + text + "' is zero; the memory budget must be positive");
    }
    if (Long.numberOfLeadingZeros(value) <= shift) {
      throw new IllegalArgumentException("'" + text + "' is too large");
    }
    return value << shift;
  }
}
