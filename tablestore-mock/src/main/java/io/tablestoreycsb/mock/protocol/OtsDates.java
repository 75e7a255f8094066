package io.tablestoreycsb.mock.protocol;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * The protocol's x-ots-date values. Every request carries one and every response needs one, so
 * the form the Java SDK sends and the service answers ({@code 2026-01-02T03:04:05.678Z}) has a
 * direct path; everything else goes through {@code java.time}'s general parsers.
 */
public final class OtsDates {
  private static final int MILLIS_FORM_LENGTH = "2026-01-02T03:04:05.678Z".length();

  /** The second most recently formatted, its text up to the dot and its HTTP date; replaced as one object. */
  private static volatile FormattedSecond lastSecond = new FormattedSecond(Long.MIN_VALUE, "", "");

  private OtsDates() {}

  /**
   * SDKs differ in precision: Java sends milliseconds, others send whole seconds or microseconds;
   * some send an offset instead of Z, some RFC 1123.
   *
   * @throws OtsException OTSAuthFailed naming the value when it is none of these
   */
  public static Instant parse(String value) {
    Instant fast = parseMillisForm(value);
    if (fast != null) {
      return fast;
    }
    try {
      return Instant.parse(value);
    } catch (DateTimeParseException notInstant) {
      try {
        return OffsetDateTime.parse(value).toInstant();
      } catch (DateTimeParseException notOffset) {
        try {
          return ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        } catch (DateTimeParseException notRfc) {
          throw new OtsException(ErrorCode.AUTH_FAILED, "Invalid date format in x-ots-date: " + value + ".");
        }
      }
    }
  }

  /** {@code yyyy-MM-ddTHH:mm:ss.SSSZ} in UTC, as the service writes x-ots-date. */
  public static String format(long epochMillis) {
    FormattedSecond cached = second(epochMillis);
    int millis = (int) Math.floorMod(epochMillis, 1000);
    char[] tail = {'.', (char) ('0' + millis / 100), (char) ('0' + millis / 10 % 10), (char) ('0' + millis % 10), 'Z'};
    return cached.text + new String(tail);
  }

  /** The HTTP {@code Date} header's value (RFC 1123, GMT), which the service sends beside x-ots-date. */
  public static String httpDate(long epochMillis) {
    return second(epochMillis).httpDate;
  }

  private static FormattedSecond second(long epochMillis) {
    long second = Math.floorDiv(epochMillis, 1000);
    FormattedSecond cached = lastSecond;
    if (cached.epochSecond != second) {
      ZonedDateTime utc = Instant.ofEpochSecond(second).atZone(ZoneOffset.UTC);
      cached = new FormattedSecond(second, DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(utc).substring(0, 19),
          DateTimeFormatter.RFC_1123_DATE_TIME.format(utc));
      lastSecond = cached;
    }
    return cached;
  }

  /** The common form parsed by hand, or null when {@code value} is not exactly in it. */
  static Instant parseMillisForm(String value) {
    if (value.length() != MILLIS_FORM_LENGTH || value.charAt(4) != '-' || value.charAt(7) != '-' || value.charAt(10) != 'T'
        || value.charAt(13) != ':' || value.charAt(16) != ':' || value.charAt(19) != '.' || value.charAt(23) != 'Z') {
      return null;
    }
    int year = digits(value, 0, 4);
    int month = digits(value, 5, 2);
    int day = digits(value, 8, 2);
    int hour = digits(value, 11, 2);
    int minute = digits(value, 14, 2);
    int second = digits(value, 17, 2);
    int millis = digits(value, 20, 3);
    if (year < 0 || month < 1 || month > 12 || day < 1 || day > 31 || hour < 0 || hour > 23 || minute < 0 || minute > 59
        || second < 0 || second > 59 || millis < 0) {
      return null; // let the general parser produce its verdict
    }
    try {
      long epochDay = LocalDate.of(year, month, day).toEpochDay();
      return Instant.ofEpochSecond(epochDay * 86_400 + hour * 3_600L + minute * 60L + second, millis * 1_000_000L);
    } catch (java.time.DateTimeException e) {
      return null; // e.g. February 30th
    }
  }

  /** The decimal number in {@code count} characters from {@code from}, or -1 if one is not a digit. */
  private static int digits(String s, int from, int count) {
    int n = 0;
    for (int i = from; i < from + count; i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      n = n * 10 + (c - '0');
    }
    return n;
  }

  private record FormattedSecond(long epochSecond, String text, String httpDate) {}
}
