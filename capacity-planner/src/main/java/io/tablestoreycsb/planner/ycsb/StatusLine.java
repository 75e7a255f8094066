package io.tablestoreycsb.planner.ycsb;

import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code -s} status line YCSB prints to stderr on every tick, e.g.
 * {@code 2026-11-22 06:00:10:123 10 sec: 52345 operations; 5234.5 current ops/sec; [READ: Count=...]}.
 */
public final class StatusLine {
  private static final Pattern STATUS =
      Pattern.compile("(\\d+) sec: (\\d+) operations;(?: ([0-9.,]+) current ops/sec;)?");

  private StatusLine() {}

  /** Current ops/s of a status line; empty if the line is not one (or no operation completed yet). */
  public static OptionalDouble currentOpsPerSecond(String line) {
    Matcher m = STATUS.matcher(line);
    if (!m.find() || m.group(3) == null) {
      return m.find(0) ? OptionalDouble.of(0) : OptionalDouble.empty();
    }
    return OptionalDouble.of(Double.parseDouble(m.group(3).replace(',', '.')));
  }

  /** Operations completed so far according to a status line, or -1. */
  public static long operations(String line) {
    Matcher m = STATUS.matcher(line);
    return m.find() ? Long.parseLong(m.group(2)) : -1;
  }
}
