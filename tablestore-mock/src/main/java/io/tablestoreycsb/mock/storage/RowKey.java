package io.tablestoreycsb.mock.storage;

import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyColumn;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Primary keys (and range bounds) as byte strings whose unsigned lexicographic order
 * ({@link Arrays#compareUnsigned(byte[], byte[])}) is exactly the service's row order
 * ({@code PrimaryKeyOrder}), so the row map compares keys with one vectorised array compare instead
 * of walking SDK objects.
 *
 * <p>Each column is one tag byte, then its value:
 * <ul>
 *   <li>{@code 0x00}: INF_MIN (below every value); {@code 0xFF}: INF_MAX (above every value);
 *   <li>{@code 0x01 + PrimaryKeyType.ordinal()}: a value (STRING 0x01, INTEGER 0x02, BINARY 0x03: values
 *       of different types order by type, as {@code PrimaryKeyOrder} does for a bound of another type);
 *   <li>INTEGER: 8 bytes big-endian with the sign bit flipped (signed order as unsigned bytes);
 *   <li>STRING (UTF-8) and BINARY: the bytes with each {@code 0x00} written as {@code 0x00 0xFF}, then
 *       the terminator {@code 0x00 0x00}. The terminator sorts below every continuation ({@code 0x00 0xFF}
 *       or a non-zero byte), so a value that is a prefix of another sorts first and the next column
 *       is only reached when two values are equal.
 * </ul>
 * A key with fewer columns that equals the start of a longer one is a prefix of its encoding and
 * sorts first, as in {@code PrimaryKeyOrder}.
 */
public final class RowKey {
  static final int TAG_INF_MIN = 0x00;
  // 0x01 + PrimaryKeyType.ordinal() (STRING, INTEGER, BINARY), checked by RowKeyTest
  static final int TAG_STRING = 0x01;
  static final int TAG_INTEGER = 0x02;
  static final int TAG_BINARY = 0x03;
  static final int TAG_INF_MAX = 0xFF;

  private RowKey() {}

  /** Unsigned byte order: the service's row order for encoded keys. */
  public static int compare(byte[] a, byte[] b) {
    return Arrays.compareUnsigned(a, b);
  }

  public static byte[] encode(PrimaryKey key) {
    int n = key.size();
    if (n == 1) { // the common case: size exactly, no intermediate stream
      return encode(key.getPrimaryKeyColumn(0).getValue());
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(32 * n);
    for (int i = 0; i < n; i++) {
      byte[] column = encode(key.getPrimaryKeyColumn(i).getValue());
      out.write(column, 0, column.length);
    }
    return out.toByteArray();
  }

  /** One column's encoding (also the encoding of a one-column key, e.g. a split point). */
  public static byte[] encode(PrimaryKeyValue value) {
    if (value.isInfMin()) {
      return new byte[] {(byte) TAG_INF_MIN};
    }
    if (value.isInfMax()) {
      return new byte[] {(byte) TAG_INF_MAX};
    }
    switch (value.getType()) {
      case INTEGER: {
        byte[] out = new byte[9];
        out[0] = (byte) TAG_INTEGER;
        long v = value.asLong() ^ Long.MIN_VALUE;
        for (int i = 0; i < 8; i++) {
          out[1 + i] = (byte) (v >>> (56 - 8 * i));
        }
        return out;
      }
      case STRING:
        return escaped(TAG_STRING, value.asStringInBytes());
      case BINARY:
        return escaped(TAG_BINARY, value.asBinary());
      default:
        throw new IllegalArgumentException("Unsupported primary key type: " + value.getType());
    }
  }

  private static byte[] escaped(int tag, byte[] raw) {
    int zeros = 0;
    for (byte b : raw) {
      if (b == 0) {
        zeros++;
      }
    }
    byte[] out = new byte[1 + raw.length + zeros + 2];
    out[0] = (byte) tag;
    if (zeros == 0) {
      System.arraycopy(raw, 0, out, 1, raw.length);
    } else {
      int o = 1;
      for (byte b : raw) {
        out[o++] = b;
        if (b == 0) {
          out[o++] = (byte) 0xFF;
        }
      }
    }
    // the terminator 0x00 0x00 is already there (new arrays are zeroed)
    return out;
  }

  /** The key back as an SDK primary key, with the schema's column names. */
  public static PrimaryKey decode(byte[] key, List<PrimaryKeySchema> schema) {
    Reader reader = new Reader(key);
    PrimaryKeyColumn[] columns = new PrimaryKeyColumn[schema.size()];
    int i = 0;
    while (reader.next()) {
      if (i == columns.length) {
        throw new IllegalArgumentException("encoded key has more columns than the schema's " + schema.size());
      }
      columns[i] = new PrimaryKeyColumn(schema.get(i).getName(), reader.value());
      i++;
    }
    if (i != columns.length) {
      throw new IllegalArgumentException("encoded key has " + i + " columns, the schema " + schema.size());
    }
    return new PrimaryKey(columns);
  }

  /** Walks the columns of an encoded key. */
  public static final class Reader {
    private final byte[] key;
    private int position;
    private int tag = -1;
    private long integer;
    private byte[] bytes;

    public Reader(byte[] key) {
      this.key = key;
    }

    /** Moves to the next column; false at the end of the key. */
    public boolean next() {
      if (position >= key.length) {
        return false;
      }
      tag = key[position++] & 0xFF;
      switch (tag) {
        case TAG_INF_MIN:
        case TAG_INF_MAX:
          bytes = null;
          break;
        case TAG_INTEGER: {
          long v = 0;
          for (int i = 0; i < 8; i++) {
            v = (v << 8) | (key[position++] & 0xFF);
          }
          integer = v ^ Long.MIN_VALUE;
          bytes = null;
          break;
        }
        case TAG_STRING:
        case TAG_BINARY:
          bytes = unescape();
          break;
        default:
          throw new IllegalArgumentException("not an encoded key: tag " + tag + " at " + (position - 1));
      }
      return true;
    }

    private byte[] unescape() {
      int start = position;
      int zeros = 0;
      int p = start;
      while (true) {
        if (key[p] == 0) {
          if (key[p + 1] == 0) {
            break;
          }
          zeros++;
          p += 2;
        } else {
          p++;
        }
      }
      int escapedLength = p - start;
      position = p + 2;
      if (zeros == 0) {
        return Arrays.copyOfRange(key, start, p);
      }
      byte[] raw = new byte[escapedLength - zeros];
      int o = 0;
      for (int i = start; i < p; i++) {
        raw[o++] = key[i];
        if (key[i] == 0) {
          i++; // skip the 0xFF escape
        }
      }
      return raw;
    }

    public boolean isInfMin() {
      return tag == TAG_INF_MIN;
    }

    public boolean isInfMax() {
      return tag == TAG_INF_MAX;
    }

    /** The column's type (undefined for INF_MIN / INF_MAX). */
    public PrimaryKeyType type() {
      switch (tag) {
        case TAG_INTEGER:
          return PrimaryKeyType.INTEGER;
        case TAG_STRING:
          return PrimaryKeyType.STRING;
        case TAG_BINARY:
          return PrimaryKeyType.BINARY;
        default:
          throw new IllegalStateException("INF_MIN / INF_MAX have no type");
      }
    }

    public long integer() {
      return integer;
    }

    /** The raw bytes of a STRING (UTF-8) or BINARY column; a fresh array the caller may keep. */
    public byte[] bytes() {
      return bytes;
    }

    /** The value's billed data size: 8 for INTEGER, the byte length for STRING / BINARY. */
    public int dataSize() {
      return tag == TAG_INTEGER ? 8 : bytes == null ? 0 : bytes.length;
    }

    public PrimaryKeyValue value() {
      switch (tag) {
        case TAG_INF_MIN:
          return PrimaryKeyValue.INF_MIN;
        case TAG_INF_MAX:
          return PrimaryKeyValue.INF_MAX;
        case TAG_INTEGER:
          return PrimaryKeyValue.fromLong(integer);
        case TAG_STRING:
          return PrimaryKeyValue.fromString(new String(bytes, StandardCharsets.UTF_8), bytes);
        case TAG_BINARY:
          return PrimaryKeyValue.fromBinary(bytes);
        default:
          throw new IllegalStateException("no current column");
      }
    }
  }
}
