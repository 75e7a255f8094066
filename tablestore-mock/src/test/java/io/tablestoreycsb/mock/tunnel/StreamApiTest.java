package io.tablestoreycsb.mock.tunnel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.DescribeStreamRequest;
import com.alicloud.openservices.tablestore.model.DescribeStreamResponse;
import com.alicloud.openservices.tablestore.model.DescribeTableRequest;
import com.alicloud.openservices.tablestore.model.GetShardIteratorRequest;
import com.alicloud.openservices.tablestore.model.GetStreamRecordRequest;
import com.alicloud.openservices.tablestore.model.GetStreamRecordResponse;
import com.alicloud.openservices.tablestore.model.ListStreamRequest;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.Stream;
import com.alicloud.openservices.tablestore.model.StreamRecord;
import com.alicloud.openservices.tablestore.model.StreamShard;
import com.alicloud.openservices.tablestore.model.StreamSpecification;
import com.alicloud.openservices.tablestore.model.UpdateTableRequest;
import com.alicloud.openservices.tablestore.model.tunnel.internal.CheckpointRequest;
import com.alicloud.openservices.tablestore.model.tunnel.internal.ConnectTunnelRequest;
import com.alicloud.openservices.tablestore.model.tunnel.internal.GetCheckpointRequest;
import com.alicloud.openservices.tablestore.model.tunnel.internal.HeartbeatRequest;
import com.alicloud.openservices.tablestore.model.tunnel.internal.ReadRecordsRequest;
import com.alicloud.openservices.tablestore.tunnel.worker.TunnelClientConfig;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The SDK's Stream API calls (SyncClient listStream, describeStream, getShardIterator,
 * getStreamRecord) over HTTP: shards are the table's partitions, and a shard's records are its
 * change log, the same the tunnels read.
 */
class StreamApiTest {
  private final TunnelFixture fx = new TunnelFixture();

  @AfterEach
  void close() {
    fx.close();
  }

  @Test
  void aStreamHasAShardPerPartitionWhoseRecordsAreThePartitionsWritesInCommitOrder() {
    fx.createTable("t", 3);
    enableStream("t");
    fx.putRows("t", 3, 0, 250);

    List<Stream> streams = fx.tables.listStream(new ListStreamRequest("t")).getStreams();
    assertThat(streams).hasSize(1);
    String streamId = streams.get(0).getStreamId();
    DescribeStreamResponse described = fx.tables.describeStream(new DescribeStreamRequest(streamId));
    assertThat(described.getTableName()).isEqualTo("t");
    assertThat(described.getExpirationTime()).isEqualTo(24);
    assertThat(described.getShards()).extracting(StreamShard::getShardId).containsExactly("0", "1", "2");

    for (StreamShard shard : described.getShards()) {
      String iterator = fx.tables.getShardIterator(new GetShardIteratorRequest(streamId, shard.getShardId()))
          .getShardIterator();
      List<Long> ids = new ArrayList<>();
      int pages = 0;
      while (true) {
        GetStreamRecordRequest request = new GetStreamRecordRequest(iterator);
        GetStreamRecordResponse page = fx.tables.getStreamRecord(request);
        pages++;
        for (StreamRecord r : page.getRecords()) {
          assertThat(r.getRecordType()).isEqualTo(StreamRecord.RecordType.PUT);
          ids.add(r.getPrimaryKey().getPrimaryKeyColumn("id").getValue().asLong());
        }
        iterator = page.getNextShardIterator();
        if (page.getRecords().isEmpty()) {
          break;
        }
      }
      assertThat(ids).as("shard %s: every write once, in commit order", shard.getShardId())
          .isEqualTo(TunnelWorkerTest.range(0, 250));
      assertThat(pages).as("100 records a page by default, then an empty one").isEqualTo(4);
    }
  }

  @Test
  void recordsCarryRisingSequenceInfoAndMayMoreRecordTurnsFalseOnlyOnTheReadAfterTheLast() {
    fx.createTable("t", 1);
    enableStream("t");
    fx.putRows("t", 1, 0, 150);
    String streamId = fx.tables.listStream(new ListStreamRequest("t")).getStreams().get(0).getStreamId();
    String iterator = fx.tables.getShardIterator(new GetShardIteratorRequest(streamId, "0")).getShardIterator();

    List<Boolean> mayMore = new ArrayList<>();
    List<StreamRecord> records = new ArrayList<>();
    for (int page = 0; page < 3; page++) {
      GetStreamRecordResponse response = fx.tables.getStreamRecord(new GetStreamRecordRequest(iterator));
      records.addAll(response.getRecords());
      mayMore.add(response.getMayMoreRecord());
      iterator = response.getNextShardIterator();
    }

    assertThat(records).hasSize(150);
    assertThat(mayMore).as("100 records, the last 50 (still maybe more), then none").containsExactly(true, true, false);
    assertThat(records).allSatisfy(r -> {
      assertThat(r.getSequenceInfo()).isNotNull();
      assertThat(r.getSequenceInfo().getTimestamp()).as("commit time in microseconds")
          .isGreaterThan(1_600_000_000_000_000L);
    });
    for (int i = 1; i < records.size(); i++) {
      var before = records.get(i - 1).getSequenceInfo();
      var after = records.get(i).getSequenceInfo();
      assertThat(after.getTimestamp() > before.getTimestamp()
          || after.getTimestamp() == before.getTimestamp() && after.getRowIndex() > before.getRowIndex())
          .as("record %d sorts after record %d", i, i - 1).isTrue();
    }
  }

  @Test
  void originColumnsAreDescribedAndEachRecordCarriesTheirValuesBeforeItsWrite() {
    fx.createTable("t", 1);
    UpdateTableRequest update = new UpdateTableRequest("t");
    StreamSpecification spec = new StreamSpecification(true, 24);
    spec.addOriginColumnsToGet(new String[] {"a", "missing"});
    update.setStreamSpecification(spec);
    fx.tables.updateTable(update);
    assertThat(fx.tables.describeTable(new DescribeTableRequest("t"))
        .getStreamDetails().getOriginColumnsToGet()).containsExactlyInAnyOrder("a", "missing");
    for (long value = 1; value <= 3; value++) {
      RowPutChange put = new RowPutChange("t", PrimaryKeyBuilder.createPrimaryKeyBuilder()
          .addPrimaryKeyColumn("part", PrimaryKeyValue.fromString("p"))
          .addPrimaryKeyColumn("id", PrimaryKeyValue.fromLong(7)).build());
      put.addColumn("a", ColumnValue.fromLong(value));
      put.addColumn("b", ColumnValue.fromLong(value * 10));
      fx.tables.putRow(new PutRowRequest(put));
    }
    String streamId = fx.tables.listStream(new ListStreamRequest("t")).getStreams().get(0).getStreamId();
    String iterator = fx.tables.getShardIterator(new GetShardIteratorRequest(streamId, "0")).getShardIterator();

    List<StreamRecord> records = fx.tables.getStreamRecord(new GetStreamRecordRequest(iterator)).getRecords();

    assertThat(records).hasSize(3);
    assertThat(records.get(0).getOriginColumns()).as("a new row has no values before").isNullOrEmpty();
    for (int i = 1; i < 3; i++) {
      long before = i;
      assertThat(records.get(i).getOriginColumns()).as("record %d: a as it was before, b not asked for", i)
          .singleElement().satisfies(c -> {
            assertThat(c.getColumn().getName()).isEqualTo("a");
            assertThat(c.getColumn().getValue().asLong()).isEqualTo(before);
          });
    }
  }

  @Test
  void describeStreamPagesShardsAndUnknownStreamsShardsAndIteratorsAreRefused() {
    fx.createTable("t", 3);
    enableStream("t");
    String streamId = fx.tables.listStream(new ListStreamRequest("t")).getStreams().get(0).getStreamId();

    DescribeStreamRequest firstTwo = new DescribeStreamRequest(streamId);
    firstTwo.setShardLimit(2);
    DescribeStreamResponse page = fx.tables.describeStream(firstTwo);
    assertThat(page.getShards()).extracting(StreamShard::getShardId).containsExactly("0", "1");
    assertThat(page.getNextShardId()).isEqualTo("2");

    assertThatThrownBy(() -> fx.tables.describeStream(new DescribeStreamRequest("no-such-stream")))
        .isInstanceOf(TableStoreException.class).hasMessageContaining("does not exist");
    assertThatThrownBy(() -> fx.tables.getShardIterator(new GetShardIteratorRequest(streamId, "7")))
        .isInstanceOf(TableStoreException.class).hasMessageContaining("Shard 7 does not exist");
    assertThatThrownBy(() -> fx.tables.getStreamRecord(new GetStreamRecordRequest("garbage")))
        .isInstanceOf(TableStoreException.class).hasMessageContaining("Invalid shard_iterator");
  }

  @Test
  void recordsATunnelHasConsumedAreTrimmedAndAnIteratorNamingThemIsAnsweredOtsTrimmedDataAccess() {
    fx.createTable("t", 1);
    String tunnel = fx.createTunnel("t", "sync");
    fx.putRows("t", 1, 0, 5);
    String streamId = fx.tables.listStream(new ListStreamRequest("t")).getStreams().get(0).getStreamId();
    String start = fx.tables.getShardIterator(new GetShardIteratorRequest(streamId, "0")).getShardIterator();
    // A tunnel client reads the five records and checkpoints past them: they are trimmed.
    String client = fx.tunnels.connectTunnel(new ConnectTunnelRequest(tunnel, new TunnelClientConfig(300, "test")))
        .getClientId();
    String channel = fx.tunnels.heartbeat(new HeartbeatRequest(tunnel, client, List.of())).getChannels().get(0)
        .getChannelId();
    String token = fx.tunnels.getCheckpoint(new GetCheckpointRequest(tunnel, client, channel)).getCheckpoint();
    String next = fx.tunnels.readRecords(new ReadRecordsRequest(tunnel, client, channel, token)).getNextToken();
    fx.tunnels.checkpoint(new CheckpointRequest(tunnel, client, channel, next, 1));

    assertThatThrownBy(() -> fx.tables.getStreamRecord(new GetStreamRecordRequest(start)))
        .isInstanceOfSatisfying(TableStoreException.class,
            e -> assertThat(e.getErrorCode()).isEqualTo("OTSTrimmedDataAccess"));
  }

  private void enableStream(String table) {
    UpdateTableRequest update = new UpdateTableRequest(table);
    update.setStreamSpecification(new StreamSpecification(true, 24));
    fx.tables.updateTable(update);
  }
}
