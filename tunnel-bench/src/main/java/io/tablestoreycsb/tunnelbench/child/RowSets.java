package io.tablestoreycsb.tunnelbench.child;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.BitSet;

/**
 * The files the writer and the consumers leave for the coordinator: sets of row numbers (the rows
 * written, the rows each consumer was handed) and the acknowledgement time of every batch. Each file is
 * written to a temporary name and moved into place, so a reader sees it whole or not at all.
 */
public final class RowSets {
  private RowSets() {}

  public static void writeBits(Path file, BitSet rows) throws IOException {
    writeAtomically(file, rows.toByteArray());
  }

  public static BitSet readBits(Path file) throws IOException {
    return BitSet.valueOf(Files.readAllBytes(file));
  }

  /** {@code ackMicros[b]}: when batch b was acknowledged (epoch microseconds), 0 if it never was. */
  public static void writeAcks(Path file, long[] ackMicros) throws IOException {
    ByteBuffer buf = ByteBuffer.allocate(ackMicros.length * Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    buf.asLongBuffer().put(ackMicros);
    writeAtomically(file, buf.array());
  }

  public static long[] readAcks(Path file) throws IOException {
    ByteBuffer buf = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
    long[] acks = new long[buf.remaining() / Long.BYTES];
    buf.asLongBuffer().get(acks);
    return acks;
  }

  private static void writeAtomically(Path file, byte[] bytes) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.write(tmp, bytes);
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }
}
