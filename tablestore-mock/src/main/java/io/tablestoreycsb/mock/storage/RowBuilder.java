package io.tablestoreycsb.mock.storage;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A row's attribute columns being changed by one write: starts empty (PutRow) or from a stored
 * row (UpdateRow), takes cell puts and deletes, and packs the result ({@link Cells}). Values are
 * referenced, not copied, until {@link #build()}.
 */
public final class RowBuilder {
  /** One version: its timestamp, stored type and value bytes {@code data[offset, offset + length)}. */
  public record Version(long timestamp, byte type, byte[] data, int offset, int length) {
    public static Version of(long timestamp, byte type, byte[] data) {
      return new Version(timestamp, type, data, 0, data.length);
    }

    /** An INTEGER's value. */
    public long longValue() {
      return Cells.readLong(data, offset);
    }
  }

  private final TreeMap<byte[], List<Version>> columns = new TreeMap<>(Arrays::compareUnsigned);

  public static RowBuilder empty() {
    return new RowBuilder();
  }

  /** The columns of {@code row} (null = none), ready to be changed. */
  public static RowBuilder from(StoredRow row) {
    RowBuilder builder = new RowBuilder();
    if (row == null) {
      return builder;
    }
    CellCursor cursor = row.cursor();
    while (cursor.nextColumn()) {
      List<Version> versions = new ArrayList<>(cursor.versionCount());
      byte[] name = cursor.nameBytes();
      while (cursor.nextVersion()) {
        versions.add(new Version(cursor.timestamp(), cursor.type(), cursor.array(), cursor.valueOffset(), cursor.valueLength()));
      }
      builder.columns.put(name, versions);
    }
    return builder;
  }

  /**
   * Adds a version keeping newest-first order; a version with the same timestamp is overwritten;
   * the oldest versions beyond {@code maxVersions} are dropped.
   */
  public void put(byte[] name, Version version, int maxVersions) {
    List<Version> versions = columns.computeIfAbsent(name, n -> new ArrayList<>(1));
    int i = 0;
    while (i < versions.size() && versions.get(i).timestamp() > version.timestamp()) {
      i++;
    }
    if (i < versions.size() && versions.get(i).timestamp() == version.timestamp()) {
      versions.set(i, version);
    } else {
      versions.add(i, version);
    }
    while (versions.size() > maxVersions) {
      versions.remove(versions.size() - 1);
    }
  }

  public void deleteAllVersions(byte[] name) {
    columns.remove(name);
  }

  public void deleteVersion(byte[] name, long timestamp) {
    List<Version> versions = columns.get(name);
    if (versions != null) {
      versions.removeIf(v -> v.timestamp() == timestamp);
      if (versions.isEmpty()) {
        columns.remove(name);
      }
    }
  }

  /** The newest version of a column, or null. */
  public Version latest(byte[] name) {
    List<Version> versions = columns.get(name);
    return versions == null ? null : versions.get(0);
  }

  public boolean isEmpty() {
    return columns.isEmpty();
  }

  /** The packed cells ({@link Cells}). */
  public byte[] build() {
    if (columns.isEmpty()) {
      return Cells.NONE;
    }
    long base = columns.firstEntry().getValue().get(0).timestamp();
    int size = 1 + Cells.varintSize(base);
    for (Map.Entry<byte[], List<Version>> e : columns.entrySet()) {
      int count = e.getValue().size();
      size += Cells.varintSize(e.getKey().length << 1) + e.getKey().length + (count > 1 ? Cells.varintSize(count) : 0);
      for (Version v : e.getValue()) {
        size += versionHeadSize(v.timestamp() - base) + (Cells.hasLength(v.type()) ? Cells.varintSize(v.length()) : 0) + v.length();
      }
    }
    byte[] out = new byte[size];
    out[0] = Cells.LAYOUT;
    int p = Cells.writeVarint(out, 1, base);
    for (Map.Entry<byte[], List<Version>> e : columns.entrySet()) {
      byte[] name = e.getKey();
      int count = e.getValue().size();
      p = Cells.writeVarint(out, p, name.length << 1 | (count > 1 ? 1 : 0));
      System.arraycopy(name, 0, out, p, name.length);
      p += name.length;
      if (count > 1) {
        p = Cells.writeVarint(out, p, count);
      }
      for (Version v : e.getValue()) {
        long delta = Cells.zigzag(v.timestamp() - base);
        if (delta >>> 61 == 0) {
          p = Cells.writeVarint(out, p, delta << 3 | v.type());
        } else {
          out[p] = (byte) Cells.FAR_TIMESTAMP;
          out[p + 1] = v.type();
          Cells.writeLong(out, p + 2, v.timestamp());
          p += 10;
        }
        if (Cells.hasLength(v.type())) {
          p = Cells.writeVarint(out, p, v.length());
        } else if (v.length() != Cells.fixedLength(v.type())) {
          throw new IllegalArgumentException("a value of type " + v.type() + " must be " + Cells.fixedLength(v.type())
              + " bytes, got " + v.length());
        }
        System.arraycopy(v.data(), v.offset(), out, p, v.length());
        p += v.length();
      }
    }
    return out;
  }

  /** Bytes of a version's timestamp and type (see {@link Cells}). */
  private static int versionHeadSize(long difference) {
    long zigzag = Cells.zigzag(difference);
    return zigzag >>> 61 == 0 ? Cells.varintSize(zigzag << 3) : 10;
  }
}
