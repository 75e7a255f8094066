package io.tablestoreycsb.binding.config;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;

/**
 * The white paper's 20-byte {@code userid}: 4 lowercase hex characters of the MD5 of the key
 * number's decimal string (its first 2 bytes), then the key number as 16 zero-padded lowercase hex
 * characters. The MD5 prefix spreads consecutive key numbers evenly over the hex-prefix partitions
 * produced by {@link #splitPoints(int)}; the suffix keeps keys unique and readable.
 */
public final class KeyFormat {
  public static final int KEY_LENGTH = 20;
  private static final char[] HEX = "0123456789abcdef".toCharArray();
  private static final int PREFIX_SPACE = 0x10000;

  private static final ThreadLocal<MessageDigest> MD5 = ThreadLocal.withInitial(() -> {
    try {
      return MessageDigest.getInstance("MD5");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("MD5 is required of every Java runtime", e);
    }
  });

  private KeyFormat() {
  }

  /** The key for {@code keyNumber} (which must not be negative). */
  public static String key(long keyNumber) {
    if (keyNumber < 0) {
      throw new IllegalArgumentException("key number must not be negative, got " + keyNumber);
    }
    byte[] digest = MD5.get().digest(Long.toString(keyNumber).getBytes(StandardCharsets.US_ASCII));
    char[] out = new char[KEY_LENGTH];
    out[0] = HEX[(digest[0] >> 4) & 0xf];
    out[1] = HEX[digest[0] & 0xf];
    out[2] = HEX[(digest[1] >> 4) & 0xf];
    out[3] = HEX[digest[1] & 0xf];
    long n = keyNumber;
    for (int i = KEY_LENGTH - 1; i >= 4; i--) {
      out[i] = HEX[(int) (n & 0xf)];
      n >>>= 4;
    }
    return new String(out);
  }

  /** The key number encoded in a key made by {@link #key(long)}. */
  public static long keyNumber(String key) {
    if (key.length() != KEY_LENGTH) {
      throw new IllegalArgumentException("a key is " + KEY_LENGTH + " characters, got '" + key + "'");
    }
    return Long.parseUnsignedLong(key.substring(4), 16);
  }

  /**
   * The hex prefixes that divide 0000..ffff into {@code partitions} equal ranges: N-1 split points
   * for N partitions, e.g. 4 gives "4000", "8000", "c000".
   */
  public static List<String> splitPoints(int partitions) {
    if (partitions < 1 || partitions > PREFIX_SPACE) {
      throw new IllegalArgumentException("partitions must be from 1 to " + PREFIX_SPACE + ", got " + partitions);
    }
    List<String> points = new ArrayList<>(partitions - 1);
    for (int i = 1; i < partitions; i++) {
      long boundary = (long) i * PREFIX_SPACE / partitions;
      points.add(String.format("%04x", boundary));
    }
    return points;
  }
}
