package io.tablestoreycsb.mock.persist;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Appends framed records to the write-ahead log's current segment ({@link WalSegments}); used by
 * one thread at a time ({@link GroupCommit}). Each record is framed as a 4-byte length, the
 * payload's CRC-32C (4 bytes) and the payload ({@link WalReader} checks both at start).
 */
final class WalWriter implements AutoCloseable {
  static final int HEADER_BYTES = 8;

  private final Path dir;
  private FileChannel segment;
  private long segmentStart;
  private long segmentBytes;

  private WalWriter(Path dir, long segmentStart, long segmentBytes, FileChannel segment) {
    this.dir = dir;
    this.segmentStart = segmentStart;
    this.segmentBytes = segmentBytes;
    this.segment = segment;
  }

  /**
   * Appends to the segment starting at {@code start}, cut to its first {@code validBytes} (what
   * follows is a record torn by a kill, dropped at start); {@code validBytes} 0 creates it.
   */
  static WalWriter open(Path dir, long start, long validBytes) {
    Path file = WalSegments.file(dir, start);
    try {
      FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      channel.truncate(validBytes);
      channel.position(validBytes);
      WalSegments.syncDirectory(dir);
      return new WalWriter(dir, start, validBytes, channel);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open " + file, e);
    }
  }

  /** Where the next record goes: bytes of log before it over all segments. */
  long position() {
    return segmentStart + segmentBytes;
  }

  void write(byte[] framed, int length) {
    ByteBuffer buffer = ByteBuffer.wrap(framed, 0, length);
    try {
      while (buffer.hasRemaining()) {
        segmentBytes += segment.write(buffer);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + WalSegments.file(dir, segmentStart), e);
    }
  }

  /** Forces what was written to the disk. */
  void sync() {
    try {
      segment.force(false);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot sync " + WalSegments.file(dir, segmentStart), e);
    }
  }

  /**
   * Ends the current segment (forced to the disk: a checkpoint is about to rely on it being
   * complete) and begins a new one at the current position, which it returns. An empty segment
   * is kept as the new one.
   */
  long roll() {
    if (segmentBytes == 0) {
      return segmentStart;
    }
    sync();
    long start = position();
    FileChannel previous = segment;
    try {
      segment = FileChannel.open(WalSegments.file(dir, start), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
      previous.close();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot begin log segment " + WalSegments.file(dir, start), e);
    }
    WalSegments.syncDirectory(dir);
    segmentStart = start;
    segmentBytes = 0;
    return start;
  }

  @Override
  public void close() {
    try {
      segment.close();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close " + WalSegments.file(dir, segmentStart), e);
    }
  }
}
