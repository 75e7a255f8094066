package io.tablestoreycsb.mock.persist;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.zip.CRC32C;

/**
 * Reads the write-ahead log back at start, from a checkpoint's position on. A kill while a record
 * was being appended leaves it cut short at the end of the last segment: that record was never
 * acknowledged and is dropped, with everything before it read. Anything else that does not check
 * (a record whose CRC-32C differs, one cut short inside the log, a segment missing) is refused with
 * the file and offset: skipping it would silently lose or reorder acknowledged writes.
 */
final class WalReader {
  /** Where appending goes on: the last segment's start and the bytes of it that hold whole records. */
  record End(long segmentStart, long validBytes) {}

  private WalReader() {}

  /** Hands each record's payload from {@code from} on to {@code replay}, in log order. */
  static End replay(Path dir, long from, Consumer<byte[]> replay) {
    List<Long> starts = WalSegments.starts(dir).stream().filter(s -> s >= from).toList();
    if (starts.isEmpty()) {
      return new End(from, 0);
    }
    long expected = from;
    End end = null;
    for (int i = 0; i < starts.size(); i++) {
      long start = starts.get(i);
      Path file = WalSegments.file(dir, start);
      if (start != expected) {
        throw new StateFileException("cannot read data directory " + dir + ": the log is missing its part from position "
            + expected + " (" + WalSegments.file(dir, expected).getFileName() + " before " + file.getFileName()
            + "); nothing was changed", null);
      }
      long valid = readSegment(file, i == starts.size() - 1, replay);
      end = new End(start, valid);
      expected = start + valid;
    }
    return end;
  }

  /** Replays one segment; returns how many of its bytes hold whole records. */
  private static long readSegment(Path file, boolean last, Consumer<byte[]> replay) {
    long size;
    try {
      size = Files.size(file);
    } catch (IOException e) {
      throw new StateFileException("cannot read " + file + ": " + e.getMessage(), e);
    }
    try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
      long offset = 0;
      byte[] header = new byte[WalWriter.HEADER_BYTES];
      CRC32C crc = new CRC32C();
      while (offset < size) {
        long left = size - offset;
        if (left < WalWriter.HEADER_BYTES) {
          return torn(file, offset, last, "a record header cut short");
        }
        in.readNBytes(header, 0, header.length);
        int length = intAt(header, 0);
        int expectedCrc = intAt(header, 4);
        if (length <= 0) {
          if (last && length == 0 && expectedCrc == 0 && zerosToTheEnd(in)) {
            return offset; // space the file system gave the file before the record reached it (a machine crash)
          }
          throw corrupt(file, offset, "a record length of " + length);
        }
        if (length > left - WalWriter.HEADER_BYTES) {
          return torn(file, offset, last, "a record of " + length + " bytes with " + (left - WalWriter.HEADER_BYTES) + " left");
        }
        byte[] payload = in.readNBytes(length);
        crc.reset();
        crc.update(payload);
        if ((int) crc.getValue() != expectedCrc) {
          throw corrupt(file, offset, "a record whose CRC-32C does not match its bytes");
        }
        try {
          replay.accept(payload);
        } catch (IllegalArgumentException e) {
          throw corrupt(file, offset, "a record that cannot be read (" + e.getMessage() + ")");
        }
        offset += WalWriter.HEADER_BYTES + length;
      }
      return offset;
    } catch (IOException e) {
      throw new StateFileException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  private static long torn(Path file, long offset, boolean last, String what) {
    if (!last) {
      throw corrupt(file, offset, what + " before the log's end");
    }
    return offset; // the append a kill interrupted: never acknowledged
  }

  private static boolean zerosToTheEnd(InputStream in) throws IOException {
    int b;
    while ((b = in.read()) >= 0) {
      if (b != 0) {
        return false;
      }
    }
    return true;
  }

  private static StateFileException corrupt(Path file, long offset, String what) {
    return new StateFileException("cannot read data directory log " + file + ": " + what + " at offset " + offset
        + "; the records after it would be lost, so nothing was read or changed (restore the directory from a"
        + " copy).", null);
  }

  private static int intAt(byte[] bytes, int at) {
    return ((bytes[at] & 0xFF) << 24) | ((bytes[at + 1] & 0xFF) << 16) | ((bytes[at + 2] & 0xFF) << 8) | (bytes[at + 3] & 0xFF);
  }
}
