package io.tablestoreycsb.mock.persist;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The field encoding inside the state file's values (the file itself is MVStore's): Java's data
 * streams, with nullable strings and byte arrays behind a presence flag.
 */
final class Fields {
  private Fields() {}

  /** Builds one value. */
  static final class Writer {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(128);
    final DataOutputStream out = new DataOutputStream(bytes);

    Writer string(String value) {
      try {
        out.writeBoolean(value != null);
        if (value != null) {
          out.writeUTF(value);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return this;
    }

    Writer bytes(byte[] value) {
      try {
        out.writeBoolean(value != null);
        if (value != null) {
          out.writeInt(value.length);
          out.write(value);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return this;
    }

    Writer longValue(long value) {
      try {
        out.writeLong(value);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return this;
    }

    Writer intValue(int value) {
      try {
        out.writeInt(value);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return this;
    }

    Writer bool(boolean value) {
      try {
        out.writeBoolean(value);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return this;
    }

    byte[] toBytes() {
      return bytes.toByteArray();
    }

    /** The value behind one leading byte {@code kind} (a write-ahead log record, {@link WalRecords}). */
    byte[] toBytes(byte kind) {
      byte[] fields = bytes.toByteArray();
      byte[] out = new byte[fields.length + 1];
      out[0] = kind;
      System.arraycopy(fields, 0, out, 1, fields.length);
      return out;
    }
  }

  /** Reads one value back, field by field in the order written. */
  static final class Reader {
    private final DataInputStream in;

    Reader(byte[] value) {
      this(value, 0);
    }

    /** Reads {@code value} from {@code offset} on. */
    Reader(byte[] value, int offset) {
      this.in = new DataInputStream(new ByteArrayInputStream(value, offset, value.length - offset));
    }

    String string() {
      try {
        return in.readBoolean() ? in.readUTF() : null;
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    byte[] bytes() {
      try {
        if (!in.readBoolean()) {
          return null;
        }
        byte[] value = new byte[in.readInt()];
        in.readFully(value);
        return value;
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    long longValue() {
      try {
        return in.readLong();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    int intValue() {
      try {
        return in.readInt();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    boolean bool() {
      try {
        return in.readBoolean();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
