package io.tablestoreycsb.mock.tunnel;

import com.alicloud.openservices.tablestore.core.protocol.PlainBufferConsts;
import io.tablestoreycsb.mock.storage.ChangeLog;
import java.util.Arrays;

/**
 * The sequence-info extension of a stream record: where the record sits in its shard's order,
 * as {@code (epoch, commit timestamp in microseconds, row index)}. The Go SDK requires it on every
 * GetStreamRecord record ("extension in a stream record is required") and its tunnel client
 * reads it as the record's {@code SequenceInfo}; the Java SDK reads it when present. It follows
 * the row (after a delete marker) and precedes the row checksum, which does not cover it:
 *
 * <pre>
 * 0x0B uint32(24) | 0x0C uint32(19) | 0x0D uint32 epoch | 0x0E int64 timestamp | 0x0F uint32 row index
 * </pre>
 *
 * <p>The mock never splits or merges shards, so the epoch is 0. Records committed in the same
 * millisecond are told apart by the row index, the low 31 bits of the record's sequence number,
 * so {@code (timestamp, row index)} rises with the log's order.
 */
final class SequenceInfo {
  private static final byte TAG_EXTENSION = 0x0B;
  private static final byte TAG_SEQ_INFO = 0x0C;
  private static final byte TAG_SEQ_INFO_EPOCH = 0x0D;
  private static final byte TAG_SEQ_INFO_TS = 0x0E;
  private static final byte TAG_SEQ_INFO_ROW_INDEX = 0x0F;
  private static final int SEQ_INFO_BYTES = 1 + 4 + 1 + 8 + 1 + 4;
  private static final int EXTENSION_BYTES = 1 + 4 + SEQ_INFO_BYTES;
  /** Row checksum tag and its byte: the end of every encoded row. */
  private static final int CHECKSUM_BYTES = 2;

  private SequenceInfo() {}

  /** The record's PlainBuffer row (with header) with its sequence info inserted before the row checksum. */
  static byte[] appendTo(ChangeLog.Record record) {
    byte[] row = record.row();
    int at = row.length - CHECKSUM_BYTES;
    if (at < 0 || row[at] != PlainBufferConsts.TAG_ROW_CHECKSUM) {
      throw new IllegalStateException("a stream record must end with its row checksum");
    }
    byte[] out = Arrays.copyOf(row, row.length + 1 + 4 + EXTENSION_BYTES);
    int p = at;
    out[p++] = TAG_EXTENSION;
    p = int32(out, p, EXTENSION_BYTES);
    out[p++] = TAG_SEQ_INFO;
    p = int32(out, p, SEQ_INFO_BYTES);
    out[p++] = TAG_SEQ_INFO_EPOCH;
    p = int32(out, p, 0);
    out[p++] = TAG_SEQ_INFO_TS;
    long micros = record.timestampMillis() * 1000;
    for (int i = 0; i < 8; i++) {
      out[p++] = (byte) (micros >>> (8 * i));
    }
    out[p++] = TAG_SEQ_INFO_ROW_INDEX;
    p = int32(out, p, (int) (record.sequence() & Integer.MAX_VALUE));
    out[p++] = row[at];
    out[p] = row[at + 1];
    return out;
  }

  private static int int32(byte[] out, int p, int v) {
    for (int i = 0; i < 4; i++) {
      out[p++] = (byte) (v >>> (8 * i));
    }
    return p;
  }
}
