package io.tablestoreycsb.tunnelbench.child;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a consumer was handed between two stores of its rows so far: the rows new to it and the pages
 * they came in. A store then costs what was added since the previous one, not the whole set.
 *
 * <p>The rows are encoded whichever way is smaller: as sorted row numbers, each as its distance from the
 * previous (a varint, one byte up to 127 apart: a consumer holding some of a table's partitions gets
 * rows a few numbers apart), or as a bitset window from the lowest row to the highest (one bit per row
 * number in between: dense rows). Pages name their channel through a table of the segment's channels.
 *
 * @param rows the rows, sorted, each once
 * @param pages the pages, in the order they were handed
 */
public record RowSegment(int[] rows, List<ChannelPage> pages) {
  private static final int FORMAT = 1;
  private static final int ROWS_AS_DELTAS = 1;
  private static final int ROWS_AS_WINDOW = 2;

  /** A segment of {@code rows} (any order, no repeats) and {@code pages}. */
  public static RowSegment of(int[] rows, List<ChannelPage> pages) {
    int[] sorted = rows.clone();
    Arrays.sort(sorted);
    return new RowSegment(sorted, List.copyOf(pages));
  }

  public boolean isEmpty() {
    return rows.length == 0 && pages.isEmpty();
  }

  public byte[] encode() {
    Out out = new Out();
    out.varint(FORMAT);
    byte[] deltas = deltas(rows);
    // the window's size is known before it is built: a wide one (rows far apart) is never allocated
    long windowBytes = rows.length == 0 ? Long.MAX_VALUE : (rows[rows.length - 1] - (long) rows[0]) / 8 + 1 + 10;
    if (windowBytes < deltas.length) {
      out.varint(ROWS_AS_WINDOW);
      out.bytes(window(rows));
    } else {
      out.varint(ROWS_AS_DELTAS);
      out.bytes(deltas);
    }
    Map<String, Integer> channels = new LinkedHashMap<>();
    for (ChannelPage p : pages) {
      channels.putIfAbsent(p.channel(), channels.size());
    }
    out.varint(channels.size());
    for (String channel : channels.keySet()) {
      byte[] name = channel.getBytes(StandardCharsets.UTF_8);
      out.varint(name.length);
      out.write(name, 0, name.length);
    }
    out.varint(pages.size());
    for (ChannelPage p : pages) {
      out.varint(channels.get(p.channel()));
      out.position(p.first());
      out.position(p.last());
      out.varint(p.records());
      out.varint(p.handedMicros());
    }
    return out.toByteArray();
  }

  /** count, first row, then each row's distance from the one before. */
  private static byte[] deltas(int[] rows) {
    Out out = new Out();
    out.varint(rows.length);
    long previous = 0;
    for (int row : rows) {
      out.varint(row - previous);
      previous = row;
    }
    return out.toByteArray();
  }

  /** lowest row, then the bitset of (row - lowest). */
  private static byte[] window(int[] rows) {
    int base = rows[0];
    BitSet bits = new BitSet(rows[rows.length - 1] - base + 1);
    for (int row : rows) {
      bits.set(row - base);
    }
    byte[] set = bits.toByteArray();
    Out out = new Out();
    out.varint(base);
    out.varint(set.length);
    out.write(set, 0, set.length);
    return out.toByteArray();
  }

  /**
   * Reads a segment {@link #encode} wrote.
   *
   * @throws IOException when {@code bytes} are not a whole segment (cut short, or another format)
   */
  public static RowSegment decode(byte[] bytes) throws IOException {
    In in = new In(bytes);
    long format = in.varint();
    if (format != FORMAT) {
      throw new IOException("not a rows-so-far segment of format " + FORMAT + " (format " + format + ")");
    }
    long rowsKind = in.varint();
    int[] rows;
    if (rowsKind == ROWS_AS_DELTAS) {
      rows = new int[in.count()];
      long row = 0;
      for (int i = 0; i < rows.length; i++) {
        row += in.varint();
        rows[i] = Math.toIntExact(row);
      }
    } else if (rowsKind == ROWS_AS_WINDOW) {
      int base = Math.toIntExact(in.varint());
      BitSet bits = BitSet.valueOf(in.bytes(in.count()));
      rows = bits.stream().map(b -> b + base).toArray();
    } else {
      throw new IOException("unknown row encoding " + rowsKind + " in a rows-so-far segment");
    }
    String[] channels = new String[in.count()];
    for (int i = 0; i < channels.length; i++) {
      channels[i] = new String(in.bytes(in.count()), StandardCharsets.UTF_8);
    }
    int pageCount = in.count();
    List<ChannelPage> pages = new ArrayList<>(pageCount);
    for (int i = 0; i < pageCount; i++) {
      int channel = in.count();
      if (channel >= channels.length) {
        throw new IOException("a page names channel " + channel + " of " + channels.length + " in a rows-so-far segment");
      }
      pages.add(new ChannelPage(channels[channel], in.position(), in.position(), Math.toIntExact(in.varint()),
          in.varint()));
    }
    if (in.remaining() != 0) {
      throw new IOException(in.remaining() + " bytes after the end of a rows-so-far segment");
    }
    return new RowSegment(rows, List.copyOf(pages));
  }

  /** Adds this segment's rows to {@code into}. */
  public void addRowsTo(BitSet into) {
    for (int row : rows) {
      into.set(row);
    }
  }

  /** Writes {@code pages} alone as a file (a consumer's whole page log). */
  public static void writePages(java.nio.file.Path file, List<ChannelPage> pages) throws IOException {
    java.nio.file.Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    java.nio.file.Files.write(tmp, new RowSegment(new int[0], pages).encode());
    java.nio.file.Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
        java.nio.file.StandardCopyOption.ATOMIC_MOVE);
  }

  public static List<ChannelPage> readPages(java.nio.file.Path file) throws IOException {
    return decode(java.nio.file.Files.readAllBytes(file)).pages();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RowSegment s && Arrays.equals(rows, s.rows) && pages.equals(s.pages);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(rows) * 31 + pages.hashCode();
  }

  @Override
  public String toString() {
    return "RowSegment[" + rows.length + " rows, " + pages.size() + " pages]";
  }

  /** Unsigned LEB128 varints (every number written is at least 0). */
  private static final class Out extends ByteArrayOutputStream {
    void varint(long v) {
      if (v < 0) {
        throw new IllegalArgumentException("negative number in a rows-so-far segment: " + v);
      }
      while ((v & ~0x7FL) != 0) {
        write((int) (v & 0x7F) | 0x80);
        v >>>= 7;
      }
      write((int) v);
    }

    void bytes(byte[] b) {
      write(b, 0, b.length);
    }

    void position(ChannelPage.Position p) {
      varint(p.epoch());
      varint(p.timestamp());
      varint(p.rowIndex());
    }
  }

  private static final class In {
    private final byte[] bytes;
    private int at;

    In(byte[] bytes) {
      this.bytes = bytes;
    }

    long varint() throws IOException {
      long v = 0;
      for (int shift = 0; shift < 64; shift += 7) {
        if (at >= bytes.length) {
          throw new EOFException("a rows-so-far segment ends inside a number");
        }
        int b = bytes[at++];
        v |= (long) (b & 0x7F) << shift;
        if ((b & 0x80) == 0) {
          return v;
        }
      }
      throw new IOException("a number longer than 64 bits in a rows-so-far segment");
    }

    /** A varint that counts something held in memory (an array length, an index). */
    int count() throws IOException {
      long v = varint();
      if (v > remaining() * 8L + 64) {
        throw new IOException("a count of " + v + " in a rows-so-far segment of " + bytes.length + " bytes");
      }
      return (int) v;
    }

    byte[] bytes(int n) throws IOException {
      if (n > remaining()) {
        throw new EOFException("a rows-so-far segment ends " + (n - remaining()) + " bytes early");
      }
      byte[] b = Arrays.copyOfRange(bytes, at, at + n);
      at += n;
      return b;
    }

    ChannelPage.Position position() throws IOException {
      return new ChannelPage.Position(varint(), varint(), varint());
    }

    int remaining() {
      return bytes.length - at;
    }
  }
}
