package io.tablestoreycsb.mock.persist;

import io.tablestoreycsb.mock.storage.ChangeLog;

/** A change-log record to and from its value in a {@code log/ID/P} map (the sequence is the key). */
final class LogRecordCodec {
  private LogRecordCodec() {}

  static byte[] encode(ChangeLog.Record record) {
    return new Fields.Writer().longValue(record.timestampMillis()).intValue(record.action()).bytes(record.row())
        .bytes(record.origin()).toBytes();
  }

  static ChangeLog.Record decode(long sequence, byte[] value) {
    Fields.Reader r = new Fields.Reader(value);
    return new ChangeLog.Record(sequence, r.longValue(), r.intValue(), r.bytes(), r.bytes());
  }
}
