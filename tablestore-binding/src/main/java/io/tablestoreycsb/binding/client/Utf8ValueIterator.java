package io.tablestoreycsb.binding.client;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import site.ycsb.ByteIterator;

/**
 * A STRING value read from the service, handed to YCSB as the UTF-8 bytes of its text, encoded the
 * first time YCSB asks for them. YCSB's workloads read a returned value only to check it
 * ({@code dataintegrity=true}); otherwise encoding 500 values per 100-row scan is work for nothing.
 * Reads exactly like a {@code ByteArrayByteIterator} over {@code text.getBytes(UTF_8)}: same bytes,
 * same position after {@link #toArray}, {@link #reset} back to the start. Not thread-safe, like
 * YCSB's own iterators.
 */
final class Utf8ValueIterator extends ByteIterator {
  /** The text until it is encoded, then null. */
  private String text;
  private byte[] bytes;
  private int off;

  Utf8ValueIterator(String text) {
    this.text = text;
  }

  private byte[] bytes() {
    if (bytes == null) {
      bytes = text.getBytes(StandardCharsets.UTF_8);
      text = null;
    }
    return bytes;
  }

  @Override
  public boolean hasNext() {
    return off < bytes().length;
  }

  @Override
  public byte nextByte() {
    return bytes()[off++];
  }

  @Override
  public long bytesLeft() {
    return bytes().length - off;
  }

  @Override
  public void reset() {
    off = 0;
  }

  @Override
  public byte[] toArray() {
    byte[] all = bytes();
    byte[] rest = Arrays.copyOfRange(all, off, all.length);
    off = all.length;
    return rest;
  }
}
