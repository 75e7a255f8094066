package io.tablestoreycsb.mock.storage;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads the packed cells of a row ({@link Cells}, either layout) column by column, version by
 * version, without allocating: callers read names and values as ranges of {@link #array()}.
 */
public final class CellCursor {
  private final byte[] cells;
  private final boolean legacy;
  /** The timestamp versions are stored as differences from. */
  private final long base;
  private int position;
  // current column
  private int nameOffset;
  private int nameLength;
  private int versionCount;
  private int versionsLeft;
  // current version
  private int versionOffset;
  private long timestamp;
  private byte type;
  private int valueOffset;
  private int valueLength;

  public CellCursor(byte[] cells) {
    this.cells = cells;
    this.legacy = Cells.isLegacy(cells);
    if (!legacy && cells.length > 0) {
      position = 1;
      base = readVarlong();
    } else {
      base = 0;
    }
  }

  public byte[] array() {
    return cells;
  }

  /** Moves to the next column (skipping the current column's unread versions); false at the end. */
  public boolean nextColumn() {
    while (versionsLeft > 0) {
      nextVersion();
    }
    if (position >= cells.length) {
      return false;
    }
    if (legacy) {
      nameLength = readVarint();
      nameOffset = position;
      position += nameLength;
      versionCount = readVarint();
    } else {
      int header = readVarint();
      nameLength = header >>> 1;
      nameOffset = position;
      position += nameLength;
      versionCount = (header & 1) == 0 ? 1 : readVarint();
    }
    versionsLeft = versionCount;
    return true;
  }

  /** Moves to the column named {@code name} (UTF-8); false (cursor at the end) if the row has none. */
  public boolean seekColumn(byte[] name) {
    while (nextColumn()) {
      int c = Arrays.compareUnsigned(cells, nameOffset, nameOffset + nameLength, name, 0, name.length);
      if (c == 0) {
        return true;
      }
      if (c > 0) { // columns are sorted: it is not there
        position = cells.length;
        versionsLeft = 0;
        return false;
      }
    }
    return false;
  }

  /** Moves to the current column's next version (newest first); false when none is left. */
  public boolean nextVersion() {
    if (versionsLeft == 0) {
      return false;
    }
    versionsLeft--;
    versionOffset = position;
    if (legacy) {
      timestamp = Cells.readLong(cells, position);
      type = cells[position + 8];
      position += 9;
    } else {
      long head = readVarlong();
      int low = (int) head & 7;
      if (low == Cells.FAR_TIMESTAMP) {
        type = cells[position];
        timestamp = Cells.readLong(cells, position + 1);
        position += 9;
      } else {
        type = (byte) low;
        timestamp = base + Cells.unzigzag(head >>> 3);
      }
    }
    valueLength = Cells.hasLength(type) ? readVarint() : Cells.fixedLength(type);
    valueOffset = position;
    position += valueLength;
    return true;
  }

  public int nameOffset() {
    return nameOffset;
  }

  public int nameLength() {
    return nameLength;
  }

  public boolean nameEquals(byte[] name) {
    return Arrays.equals(cells, nameOffset, nameOffset + nameLength, name, 0, name.length);
  }

  public String name() {
    return new String(cells, nameOffset, nameLength, StandardCharsets.UTF_8);
  }

  public byte[] nameBytes() {
    return Arrays.copyOfRange(cells, nameOffset, nameOffset + nameLength);
  }

  public int versionCount() {
    return versionCount;
  }

  /** Where the current version starts; {@link #seekVersion} comes back to it. */
  public int versionOffset() {
    return versionOffset;
  }

  /** Re-reads the version at {@code offset} (from {@link #versionOffset()}); column state is not restored. */
  public void seekVersion(int offset) {
    position = offset;
    versionsLeft = 1;
    nextVersion();
  }

  public long timestamp() {
    return timestamp;
  }

  public byte type() {
    return type;
  }

  public int valueOffset() {
    return valueOffset;
  }

  public int valueLength() {
    return valueLength;
  }

  /** An INTEGER's value (or a DOUBLE's raw bits). */
  public long longValue() {
    return Cells.readLong(cells, valueOffset);
  }

  private long readVarlong() {
    long value = 0;
    int shift = 0;
    while (true) {
      byte b = cells[position++];
      value |= (long) (b & 0x7F) << shift;
      if (b >= 0) {
        return value;
      }
      shift += 7;
    }
  }

  private int readVarint() {
    int value = 0;
    int shift = 0;
    while (true) {
      byte b = cells[position++];
      value |= (b & 0x7F) << shift;
      if (b >= 0) {
        return value;
      }
      shift += 7;
    }
  }
}
