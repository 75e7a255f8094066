package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.aliyun.ots.thirdparty.com.google.protobuf.UnknownFieldSet;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.storage.StreamSettings;
import io.tablestoreycsb.mock.storage.TableSettings;

/** Conversions between the table-level protobuf messages and the storage model. */
final class TableProtos {
  /** DescribeTableResponse.table_status in the service's proto; TableStatus.ACTIVE is 1. */
  private static final int TABLE_STATUS_FIELD = 4;
  private static final long TABLE_STATUS_ACTIVE = 1;

  private TableProtos() {}

  /**
   * {@code table_status: ACTIVE} for a DescribeTableResponse. The Go SDK's proto declares the
   * field {@code required} and rejects a response without it; the Java and Python SDKs' protos
   * lack it, so it travels as a field they skip (the Java builder has no setter for it).
   */
  static UnknownFieldSet activeTableStatus() {
    return UnknownFieldSet.newBuilder()
        .addField(TABLE_STATUS_FIELD, UnknownFieldSet.Field.newBuilder().addVarint(TABLE_STATUS_ACTIVE).build())
        .build();
  }

  /**
   * A table's {@code stream_details}, also when the stream is off ({@code enable_stream: false}):
   * the Go SDK reads {@code UpdateTableResponse.stream_details.enable_stream} without a nil check.
   */
  static OtsInternalApi.StreamDetails streamDetails(StreamSettings stream) {
    OtsInternalApi.StreamDetails.Builder details = OtsInternalApi.StreamDetails.newBuilder().setEnableStream(stream.enabled());
    if (stream.enabled()) {
      details.setStreamId(stream.streamId())
          .setExpirationTime(stream.expirationHours())
          .setLastEnableTime(stream.lastEnableTimeMillis() * 1000) // microseconds, as creation_time
          .addAllColumnToGet(stream.originColumns());
    }
    return details.build();
  }

  /**
   * The stream a {@code stream_spec} asks for: {@code expiration_time} in hours within the
   * service's bounds (default 24); {@code columns_to_get}: the columns whose values before each
   * write the stream's records carry as their origin record.
   */
  static StreamSettings streamSettings(String tableName, OtsInternalApi.StreamSpecification spec, StreamSettings current,
      long nowMillis) {
    if (!spec.getEnableStream()) {
      return StreamSettings.DISABLED;
    }
    for (String column : spec.getColumnsToGetList()) {
      if (column.isEmpty()) {
        throw OtsException.parameterInvalid("stream_spec.columns_to_get must not hold an empty column name.");
      }
    }
    int hours = spec.hasExpirationTime() ? spec.getExpirationTime() : StreamSettings.DEFAULT_EXPIRATION_HOURS;
    if (hours < StreamSettings.MIN_EXPIRATION_HOURS || hours > StreamSettings.MAX_EXPIRATION_HOURS) {
      throw OtsException.parameterInvalid("stream_spec.expiration_time must be in range: [" + StreamSettings.MIN_EXPIRATION_HOURS
          + ", " + StreamSettings.MAX_EXPIRATION_HOURS + "] hours, got " + hours + ".");
    }
    if (current.enabled()) { // the same stream, with a new expiry
      return new StreamSettings(true, current.streamId(), hours, current.lastEnableTimeMillis(), spec.getColumnsToGetList());
    }
    return new StreamSettings(true, tableName + "_" + nowMillis, hours, nowMillis, spec.getColumnsToGetList());
  }

  /** A primary key type: the proto and the SDK's model name them alike (INTEGER, STRING, BINARY). */
  static PrimaryKeyType toModel(OtsInternalApi.PrimaryKeyType type) {
    return PrimaryKeyType.valueOf(type.name());
  }

  static OtsInternalApi.PrimaryKeyType toProto(PrimaryKeyType type) {
    return OtsInternalApi.PrimaryKeyType.valueOf(type.name());
  }

  static OtsInternalApi.PrimaryKeySchema toProto(PrimaryKeySchema schema) {
    OtsInternalApi.PrimaryKeySchema.Builder column =
        OtsInternalApi.PrimaryKeySchema.newBuilder().setName(schema.getName()).setType(toProto(schema.getType()));
    if (schema.getOption() == com.alicloud.openservices.tablestore.model.PrimaryKeyOption.AUTO_INCREMENT) {
      column.setOption(OtsInternalApi.PrimaryKeyOption.AUTO_INCREMENT);
    }
    return column.build();
  }

  static OtsInternalApi.TableOptions options(TableSettings s) {
    return OtsInternalApi.TableOptions.newBuilder()
        .setTimeToLive(s.timeToLiveSeconds())
        .setMaxVersions(s.maxVersions())
        .setDeviationCellVersionInSec(s.deviationCellVersionInSec())
        .setAllowUpdate(s.allowUpdate())
        .build();
  }

  static OtsInternalApi.ReservedThroughputDetails reservedThroughput(TableSettings s) {
    OtsInternalApi.ReservedThroughputDetails.Builder b = OtsInternalApi.ReservedThroughputDetails.newBuilder()
        .setCapacityUnit(OtsInternalApi.CapacityUnit.newBuilder().setRead(s.reservedReadCu()).setWrite(s.reservedWriteCu()))
        .setLastIncreaseTime(s.lastIncreaseTime());
    if (s.lastDecreaseTime() > 0) {
      b.setLastDecreaseTime(s.lastDecreaseTime());
    }
    return b.build();
  }

  /** Applies requested options over current ones, checking each against the service's rules. */
  static TableSettings applyOptions(TableSettings current, OtsInternalApi.TableOptions options) {
    int ttl = current.timeToLiveSeconds();
    int maxVersions = current.maxVersions();
    long deviation = current.deviationCellVersionInSec();
    boolean allowUpdate = current.allowUpdate();
    if (options.hasTimeToLive()) {
      ttl = options.getTimeToLive();
      if (ttl != TableSettings.TTL_FOREVER && ttl < 86400) {
        throw io.tablestoreycsb.mock.protocol.OtsException.parameterInvalid(
            "time_to_live must be -1 (forever) or at least 86400 seconds, got " + ttl + ".");
      }
    }
    if (options.hasMaxVersions()) {
      maxVersions = options.getMaxVersions();
      if (maxVersions < 1) {
        throw io.tablestoreycsb.mock.protocol.OtsException.parameterInvalid("max_versions must be at least 1, got " + maxVersions + ".");
      }
    }
    if (options.hasDeviationCellVersionInSec()) {
      deviation = options.getDeviationCellVersionInSec();
      if (deviation < 1) {
        throw io.tablestoreycsb.mock.protocol.OtsException.parameterInvalid(
            "deviation_cell_version_in_sec must be positive, got " + deviation + ".");
      }
    }
    if (options.hasAllowUpdate()) {
      allowUpdate = options.getAllowUpdate();
    }
    return new TableSettings(ttl, maxVersions, deviation, allowUpdate, current.reservedReadCu(), current.reservedWriteCu(),
        current.lastIncreaseTime(), current.lastDecreaseTime());
  }

  static TableSettings applyReservedThroughput(TableSettings current, OtsInternalApi.ReservedThroughput throughput, long nowSeconds) {
    OtsInternalApi.CapacityUnit cu = throughput.getCapacityUnit();
    int read = cu.hasRead() ? cu.getRead() : current.reservedReadCu();
    int write = cu.hasWrite() ? cu.getWrite() : current.reservedWriteCu();
    if (read < 0 || write < 0) {
      throw io.tablestoreycsb.mock.protocol.OtsException.parameterInvalid(
          "Reserved throughput must not be negative, got read=" + read + ", write=" + write + ".");
    }
    boolean increase = read > current.reservedReadCu() || write > current.reservedWriteCu();
    boolean decrease = read < current.reservedReadCu() || write < current.reservedWriteCu();
    return new TableSettings(current.timeToLiveSeconds(), current.maxVersions(), current.deviationCellVersionInSec(),
        current.allowUpdate(), read, write, increase ? nowSeconds : current.lastIncreaseTime(),
        decrease ? nowSeconds : current.lastDecreaseTime());
  }
}
