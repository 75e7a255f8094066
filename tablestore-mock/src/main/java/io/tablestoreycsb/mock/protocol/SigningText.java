package io.tablestoreycsb.mock.protocol;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A string to sign, written straight as its UTF-8 bytes into one array per thread that is reused
 * for every request: building it as a {@code String} and then encoding it took a
 * {@code StringBuilder}, its growth, the string and the encoded copy, twice a request (the
 * request's check and the response's signature).
 *
 * <p>The bytes are those of {@code String.getBytes(UTF_8)} of the text appended: ASCII characters
 * are written as they are, and any piece holding another character is encoded whole (every piece
 * is a whole header name or value, so no surrogate pair is split between two pieces). Confined to
 * its thread, and to one string at a time: {@link #start()} forgets the previous one.
 */
final class SigningText {
  private static final ThreadLocal<SigningText> PER_THREAD = ThreadLocal.withInitial(SigningText::new);

  private byte[] bytes = new byte[512];
  private int length;

  private SigningText() {}

  /** This thread's text, emptied. */
  static SigningText start() {
    SigningText text = PER_THREAD.get();
    text.length = 0;
    return text;
  }

  SigningText append(String piece) {
    int n = piece.length();
    ensure(n);
    int at = length;
    for (int i = 0; i < n; i++) {
      char c = piece.charAt(i);
      if (c >= 0x80) {
        return appendEncoded(piece);
      }
      bytes[at++] = (byte) c;
    }
    length = at;
    return this;
  }

  /** An ASCII character. */
  SigningText append(char c) {
    if (c >= 0x80) {
      return appendEncoded(String.valueOf(c));
    }
    ensure(1);
    bytes[length++] = (byte) c;
    return this;
  }

  private SigningText appendEncoded(String piece) {
    byte[] encoded = piece.getBytes(StandardCharsets.UTF_8);
    ensure(encoded.length);
    System.arraycopy(encoded, 0, bytes, length, encoded.length);
    length += encoded.length;
    return this;
  }

  byte[] bytes() {
    return bytes;
  }

  int length() {
    return length;
  }

  @Override
  public String toString() {
    return new String(bytes, 0, length, StandardCharsets.UTF_8);
  }

  private void ensure(int more) {
    if (length + more > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
    }
  }
}
