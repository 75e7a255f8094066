package io.tablestoreycsb.mock.tunnel;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import com.aliyun.ots.thirdparty.com.google.protobuf.UnsafeByteOperations;
import io.tablestoreycsb.mock.operations.Action;
import io.tablestoreycsb.mock.operations.ProtoAction;
import io.tablestoreycsb.mock.operations.RequestContext;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.CapacityUnits;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.storage.ChangeLog;
import io.tablestoreycsb.mock.storage.StreamSettings;
import io.tablestoreycsb.mock.storage.Table;
import java.util.List;

/**
 * The Stream API (ListStream, DescribeStream, GetShardIterator, GetStreamRecord) over the same
 * per-partition change logs the tunnels read: one shard per partition (shard id = the partition's
 * index; partitions never split or merge here, so shards have no parents), iterators naming a
 * position in a shard's log, records encoded as the tunnels hand them out.
 */
final class StreamApiActions {
  /** GetStreamRecord's page when the request gives no limit, and the most it may ask for (the mock's choice). */
  static final int DEFAULT_LIMIT = 100;
  static final int MAX_LIMIT = 1000;
  private static final long MAX_BYTES = 4L << 20;

  private StreamApiActions() {}

  static List<Action> all(Catalog catalog) {
    return List.of(
        ProtoAction.of(ActionName.LIST_STREAM, "ListStreamRequest", OtsInternalApi.ListStreamRequest.parser(),
            (r, c) -> list(catalog, r)),
        ProtoAction.of(ActionName.DESCRIBE_STREAM, "DescribeStreamRequest", OtsInternalApi.DescribeStreamRequest.parser(),
            (r, c) -> describe(catalog, r)),
        ProtoAction.of(ActionName.GET_SHARD_ITERATOR, "GetShardIteratorRequest", OtsInternalApi.GetShardIteratorRequest.parser(),
            (r, c) -> iterator(catalog, r)),
        ProtoAction.of(ActionName.GET_STREAM_RECORD, "GetStreamRecordRequest", OtsInternalApi.GetStreamRecordRequest.parser(),
            (r, c) -> records(catalog, r, c)));
  }

  private static byte[] list(Catalog catalog, OtsInternalApi.ListStreamRequest request) {
    OtsInternalApi.ListStreamResponse.Builder response = OtsInternalApi.ListStreamResponse.newBuilder();
    List<String> names = request.hasTableName() ? List.of(catalog.require(request.getTableName()).name()) : catalog.names();
    for (String name : names) {
      Table table;
      try {
        table = catalog.require(name);
      } catch (OtsException dropped) {
        continue;
      }
      StreamSettings stream = table.stream();
      if (stream.enabled()) {
        response.addStreams(OtsInternalApi.Stream.newBuilder().setStreamId(stream.streamId()).setTableName(name)
            .setCreationTime(stream.lastEnableTimeMillis() * 1000));
      }
    }
    return response.build().toByteArray();
  }

  private static byte[] describe(Catalog catalog, OtsInternalApi.DescribeStreamRequest request) {
    Table table = tableOf(catalog, request.getStreamId());
    StreamSettings stream = table.stream();
    int from = request.hasInclusiveStartShardId() ? shard(table, request.getInclusiveStartShardId()) : 0;
    if (request.hasShardLimit() && request.getShardLimit() <= 0) {
      throw OtsException.parameterInvalid("shard_limit must be positive, got " + request.getShardLimit() + ".");
    }
    int limit = request.hasShardLimit() ? request.getShardLimit() : Integer.MAX_VALUE;
    OtsInternalApi.DescribeStreamResponse.Builder response = OtsInternalApi.DescribeStreamResponse.newBuilder()
        .setStreamId(stream.streamId())
        .setExpirationTime(stream.expirationHours())
        .setTableName(table.name())
        .setCreationTime(stream.lastEnableTimeMillis() * 1000)
        .setStreamStatus(OtsInternalApi.StreamStatus.STREAM_ACTIVE);
    int p = from;
    for (; p < table.partitionCount() && p - from < limit; p++) {
      response.addShards(OtsInternalApi.StreamShard.newBuilder().setShardId(Integer.toString(p)));
    }
    if (p < table.partitionCount()) {
      response.setNextShardId(Integer.toString(p));
    }
    return response.build().toByteArray();
  }

  private static byte[] iterator(Catalog catalog, OtsInternalApi.GetShardIteratorRequest request) {
    Table table = tableOf(catalog, request.getStreamId());
    int partition = shard(table, request.getShardId());
    ChangeLog log = logOf(table, partition);
    // Without a time: the oldest record kept. With one (microseconds): the first record committed at or after it.
    long sequence = request.hasTimestamp() ? log.sequenceAt(request.getTimestamp() / 1000) : log.firstSequence();
    return OtsInternalApi.GetShardIteratorResponse.newBuilder()
        .setShardIterator(encode(table.stream().streamId(), partition, sequence)).build().toByteArray();
  }

  private static byte[] records(Catalog catalog, OtsInternalApi.GetStreamRecordRequest request, RequestContext context) {
    String iterator = request.getShardIterator();
    int second = iterator.lastIndexOf(':');
    int first = second <= 0 ? -1 : iterator.lastIndexOf(':', second - 1);
    if (first <= 0) {
      throw invalidIterator(iterator);
    }
    int partition;
    long sequence;
    try {
      partition = Integer.parseInt(iterator.substring(first + 1, second));
      sequence = Long.parseLong(iterator.substring(second + 1));
    } catch (NumberFormatException e) {
      throw invalidIterator(iterator);
    }
    Table table = tableOf(catalog, iterator.substring(0, first));
    if (partition < 0 || partition >= table.partitionCount() || sequence < 0) {
      throw invalidIterator(iterator);
    }
    if (request.hasLimit() && (request.getLimit() <= 0 || request.getLimit() > MAX_LIMIT)) {
      throw OtsException.parameterInvalid("limit must be from 1 to " + MAX_LIMIT + ", got " + request.getLimit() + ".");
    }
    ChangeLog log = logOf(table, partition);
    if (sequence < log.firstSequence()) {
      throw new OtsException(ErrorCode.TRIMMED_DATA_ACCESS, "The records the shard iterator names have been trimmed:"
          + " shard " + partition + " keeps records from " + log.firstSequence() + " on.");
    }
    if (sequence > log.nextSequence()) {
      throw invalidIterator(iterator);
    }
    ChangeLog.Page page = log.read(sequence, request.hasLimit() ? request.getLimit() : DEFAULT_LIMIT, MAX_BYTES);
    OtsInternalApi.GetStreamRecordResponse.Builder response = OtsInternalApi.GetStreamRecordResponse.newBuilder()
        .setNextShardIterator(encode(table.stream().streamId(), partition, page.nextSequence()))
        // As the service: a read that returned records may have more after them; only the read after the
        // last record says no.
        .setMayMoreRecord(page.more() || !page.records().isEmpty());
    long bytes = 0;
    for (ChangeLog.Record r : page.records()) {
      OtsInternalApi.GetStreamRecordResponse.StreamRecord.Builder record = OtsInternalApi.GetStreamRecordResponse.StreamRecord
          .newBuilder()
          .setActionType(OtsInternalApi.ActionType.forNumber(r.action()))
          .setRecord(UnsafeByteOperations.unsafeWrap(SequenceInfo.appendTo(r)));
      if (r.origin() != null) {
        record.setOriginRecord(UnsafeByteOperations.unsafeWrap(r.origin()));
      }
      response.addStreamRecords(record);
      bytes += r.row().length;
    }
    response.setConsumed(OtsInternalApi.ConsumedCapacity.newBuilder().setCapacityUnit(
        OtsInternalApi.CapacityUnit.newBuilder().setRead(CapacityUnits.forScan(bytes)).setWrite(0)));
    // Records count as rows the shard's partition served: --partition-capacity bounds a shard's read rate too.
    context.served(table, partition, page.records().size());
    return response.build().toByteArray();
  }

  /** The table whose current stream has this id; OTSObjectNotExist for any other (a disabled or older stream too). */
  private static Table tableOf(Catalog catalog, String streamId) {
    for (String name : catalog.names()) {
      try {
        Table t = catalog.require(name);
        if (t.stream().enabled() && streamId.equals(t.stream().streamId())) {
          return t;
        }
      } catch (OtsException dropped) {
        // dropped meanwhile
      }
    }
    throw new OtsException(ErrorCode.OBJECT_NOT_EXIST, "Stream " + streamId + " does not exist (or is disabled).");
  }

  private static int shard(Table table, String shardId) {
    try {
      int p = Integer.parseInt(shardId);
      if (p >= 0 && p < table.partitionCount()) {
        return p;
      }
    } catch (NumberFormatException e) {
      // below
    }
    throw new OtsException(ErrorCode.OBJECT_NOT_EXIST, "Shard " + shardId + " does not exist in the stream of table "
        + table.name() + " (shards 0 to " + (table.partitionCount() - 1) + ").");
  }

  private static ChangeLog logOf(Table table, int partition) {
    ChangeLog log = table.partition(partition).changeLog();
    if (log == null) {
      throw new OtsException(ErrorCode.OBJECT_NOT_EXIST, "The stream of table " + table.name() + " is disabled.");
    }
    return log;
  }

  private static String encode(String streamId, int partition, long sequence) {
    return streamId + ":" + partition + ":" + sequence;
  }

  private static OtsException invalidIterator(String iterator) {
    String shown = iterator.length() > 80 ? iterator.substring(0, 80) + "..." : iterator;
    return OtsException.parameterInvalid("Invalid shard_iterator '" + shown + "'.");
  }
}
