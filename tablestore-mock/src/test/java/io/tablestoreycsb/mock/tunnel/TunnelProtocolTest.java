package io.tablestoreycsb.mock.tunnel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.Column;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.DeleteRowRequest;
import com.alicloud.openservices.tablestore.model.DeleteTableRequest;
import com.alicloud.openservices.tablestore.model.DescribeTableRequest;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.RecordColumn;
import com.alicloud.openservices.tablestore.model.RowDeleteChange;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.RowUpdateChange;
import com.alicloud.openservices.tablestore.model.StreamRecord;
import com.alicloud.openservices.tablestore.model.UpdateRowRequest;
import com.alicloud.openservices.tablestore.model.tunnel.ChannelInfo;
import com.alicloud.openservices.tablestore.model.tunnel.CreateTunnelRequest;
import com.alicloud.openservices.tablestore.model.tunnel.DeleteTunnelRequest;
import com.alicloud.openservices.tablestore.model.tunnel.DescribeTunnelRequest;
import com.alicloud.openservices.tablestore.model.tunnel.DescribeTunnelResponse;
import com.alicloud.openservices.tablestore.model.tunnel.ListTunnelRequest;
import com.alicloud.openservices.tablestore.model.tunnel.StreamTunnelConfig;
import com.alicloud.openservices.tablestore.model.tunnel.TunnelInfo;
import com.alicloud.openservices.tablestore.model.tunnel.TunnelStage;
import com.alicloud.openservices.tablestore.model.tunnel.TunnelType;
import com.alicloud.openservices.tablestore.model.tunnel.internal.Channel;
import com.alicloud.openservices.tablestore.model.tunnel.ChannelStatus;
import com.alicloud.openservices.tablestore.model.tunnel.internal.CheckpointRequest;
import com.alicloud.openservices.tablestore.model.tunnel.internal.ConnectTunnelRequest;
import com.alicloud.openservices.tablestore.model.tunnel.internal.GetCheckpointRequest;
import com.alicloud.openservices.tablestore.model.tunnel.internal.GetCheckpointResponse;
import com.alicloud.openservices.tablestore.model.tunnel.internal.HeartbeatRequest;
import com.alicloud.openservices.tablestore.model.tunnel.internal.ReadRecordsRequest;
import com.alicloud.openservices.tablestore.model.tunnel.internal.ReadRecordsResponse;
import com.alicloud.openservices.tablestore.model.tunnel.internal.ShutdownTunnelRequest;
import com.alicloud.openservices.tablestore.tunnel.pipeline.Utils;
import com.alicloud.openservices.tablestore.tunnel.worker.TunnelClientConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The Tunnel Service's actions through the SDK's TunnelClient, one call at a time, as a
 * TunnelWorker makes them: tunnels, channels handed out by heartbeats, records, checkpoints.
 */
class TunnelProtocolTest {
  private final TunnelFixture fx = new TunnelFixture();

  @AfterEach
  void close() {
    fx.close();
  }

  @Test
  void aTunnelIsCreatedListedDescribedAndDeletedAndTurnsTheTableStreamOn() {
    fx.createTable("t", 2);
    String id = fx.createTunnel("t", "sync");

    assertThat(fx.tables.describeTable(new DescribeTableRequest("t")).getStreamDetails().isEnableStream()).isTrue();
    List<TunnelInfo> listed = fx.tunnels.listTunnel(new ListTunnelRequest("t")).getTunnelInfos();
    assertThat(listed).extracting(TunnelInfo::getTunnelId).containsExactly(id);
    TunnelInfo info = listed.get(0);
    assertThat(info.getTunnelName()).isEqualTo("sync");
    assertThat(info.getTunnelType()).isEqualTo(TunnelType.Stream);
    assertThat(info.getStage()).isEqualTo(TunnelStage.ProcessStream);
    assertThat(info.getInstanceName()).isEqualTo(fx.mock.instanceName());
    assertThat(info.isExpired()).isFalse();

    DescribeTunnelResponse described = fx.tunnels.describeTunnel(new DescribeTunnelRequest("t", "sync"));
    assertThat(described.getTunnelInfo().getTunnelId()).isEqualTo(id);
    assertThat(described.getChannelInfos()).hasSize(2).as("one channel per partition");
    assertThat(described.getChannelInfos()).extracting(c -> c.getChannelStatus().name()).containsOnly("WAIT");

    fx.tunnels.deleteTunnel(new DeleteTunnelRequest("t", "sync"));
    assertThat(fx.tunnels.listTunnel(new ListTunnelRequest("t")).getTunnelInfos()).isEmpty();
  }

  @Test
  void errorCodesNameWhatIsWrong() {
    fx.createTable("t", 1);
    String id = fx.createTunnel("t", "sync");

    assertCode(() -> fx.createTunnel("t", "sync"), "OTSTunnelExist");
    assertCode(() -> fx.tunnels.connectTunnel(new ConnectTunnelRequest("no-such-tunnel", new TunnelClientConfig())),
        "OTSParameterInvalid");
    assertCode(() -> fx.tunnels.describeTunnel(new DescribeTunnelRequest("t", "other")), "OTSParameterInvalid");
    assertCode(() -> fx.tunnels.heartbeat(new HeartbeatRequest(id, "no-such-client", List.of())), "OTSResourceGone");
    CreateTunnelRequest backwards = new CreateTunnelRequest("t", "backwards", TunnelType.Stream);
    backwards.setStreamTunnelConfig(new StreamTunnelConfig(System.currentTimeMillis() - 1000, System.currentTimeMillis() - 2000));
    assertThatThrownBy(() -> fx.tunnels.createTunnel(backwards)).hasMessageContaining("endOffset")
        .hasMessageContaining("must be after startOffset");

    fx.tables.deleteTable(new DeleteTableRequest("t"));
    assertCode(() -> fx.tunnels.connectTunnel(new ConnectTunnelRequest(id, new TunnelClientConfig())), "OTSTunnelExpired");
  }

  @Test
  void injectedFaultsReachTunnelActionsByName() {
    fx.createTable("t", 1);
    String tunnel = fx.createTunnel("t", "sync");
    fx.mock.faultPlan().addFault("tunnel/connect=OTSServerBusy@1");

    assertCode(() -> fx.tunnels.connectTunnel(new ConnectTunnelRequest(tunnel, new TunnelClientConfig())), "OTSServerBusy");
  }

  @Test
  void partitionCapacityBoundsEachChannelsReadRate() {
    try (TunnelFixture slow = new TunnelFixture(b -> b.partitionCapacity(1000))) {
      slow.createTable("t", 1);
      String tunnel = slow.createTunnel("t", "sync");
      slow.putRows("t", 1, 0, 1000);
      String client = slow.tunnels.connectTunnel(new ConnectTunnelRequest(tunnel, new TunnelClientConfig(300, "slow"))).getClientId();
      String channel = slow.tunnels.heartbeat(new HeartbeatRequest(tunnel, client, List.of())).getChannels().get(0).getChannelId();
      String token = slow.tunnels.getCheckpoint(new GetCheckpointRequest(tunnel, client, channel)).getCheckpoint();

      long start = System.nanoTime();
      int records = slow.tunnels.readRecords(new ReadRecordsRequest(tunnel, client, channel, token)).getRecords().size();
      long millis = (System.nanoTime() - start) / 1_000_000;

      assertThat(records).isEqualTo(1000);
      // One read of 1,000 records costs 0.5 + 1,000 x 0.5 rows' time of a 1,000 rows/s partition (PartitionCapacity).
      assertThat(millis).as("1,000 records in one read at 1,000 rows/s take about half a second").isGreaterThan(400);
    }
  }

  @Test
  void recordsCarryEveryWriteKindWithServerTimestampsDecodedByTheSdk() {
    fx.createTable("t", 1);
    String tunnel = fx.createTunnel("t", "sync");
    long before = System.currentTimeMillis();
    long clientTs = before - 60_000;
    RowPutChange put = new RowPutChange("t", TunnelFixture.key(0, 1));
    put.addColumn("name", ColumnValue.fromString("ada"));
    put.addColumn("count", ColumnValue.fromLong(10));
    put.addColumn("old", ColumnValue.fromLong(7), clientTs);
    fx.tables.putRow(new PutRowRequest(put));
    RowUpdateChange update = new RowUpdateChange("t", TunnelFixture.key(0, 1));
    update.increment(new Column("count", ColumnValue.fromLong(5)));
    update.deleteColumn("old", clientTs);
    update.deleteColumns("name");
    fx.tables.updateRow(new UpdateRowRequest(update));
    fx.tables.deleteRow(new DeleteRowRequest(new RowDeleteChange("t", TunnelFixture.key(0, 1))));

    Client client = new Client(tunnel);
    String channel = client.heartbeat().get(0).getChannelId();
    GetCheckpointResponse start = fx.tunnels.getCheckpoint(new GetCheckpointRequest(tunnel, client.id, channel));
    assertThat(Utils.isStreamToken(start.getCheckpoint())).as("the client recognises a stream token").isTrue();
    assertThat(start.getSequenceNumber()).isZero();

    ReadRecordsResponse read = fx.tunnels.readRecords(new ReadRecordsRequest(tunnel, client.id, channel, start.getCheckpoint()));

    List<StreamRecord> records = read.getRecords();
    assertThat(records).extracting(StreamRecord::getRecordType)
        .containsExactly(StreamRecord.RecordType.PUT, StreamRecord.RecordType.UPDATE, StreamRecord.RecordType.DELETE);
    assertThat(records).extracting(StreamRecord::getPrimaryKey).containsOnly(TunnelFixture.key(0, 1));
    Map<String, RecordColumn> putColumns = byName(records.get(0).getColumns());
    assertThat(putColumns.get("name").getColumn().getValue()).isEqualTo(ColumnValue.fromString("ada"));
    assertThat(putColumns.get("name").getColumn().getTimestamp()).as("server timestamp").isBetween(before, System.currentTimeMillis());
    assertThat(putColumns.get("old").getColumn().getTimestamp()).as("client timestamp").isEqualTo(clientTs);
    Map<String, RecordColumn> updateColumns = byName(records.get(1).getColumns());
    assertThat(updateColumns.get("count").getColumnType()).isEqualTo(RecordColumn.ColumnType.PUT);
    assertThat(updateColumns.get("count").getColumn().getValue()).as("an increment as its result").isEqualTo(ColumnValue.fromLong(15));
    assertThat(updateColumns.get("old").getColumnType()).isEqualTo(RecordColumn.ColumnType.DELETE_ONE_VERSION);
    assertThat(updateColumns.get("old").getColumn().getTimestamp()).isEqualTo(clientTs);
    assertThat(updateColumns.get("name").getColumnType()).isEqualTo(RecordColumn.ColumnType.DELETE_ALL_VERSION);
    assertThat(records.get(2).getColumns()).isEmpty();
    assertThat(read.getMayMoreRecord()).isFalse();
    assertThat(Utils.isStreamToken(read.getNextToken())).isTrue();

    ReadRecordsResponse caughtUp = fx.tunnels.readRecords(new ReadRecordsRequest(tunnel, client.id, channel, read.getNextToken()));
    assertThat(caughtUp.getRecords()).isEmpty();
    assertThat(caughtUp.getMayMoreRecord()).isFalse();
  }

  @Test
  void pagesAreBoundedByCountWithMayMoreRecordUntilTheLastOne() {
    ChannelReader reader = readerOfNewTable("sync", 2500);
    String token = reader.start;

    List<Integer> pageSizes = new ArrayList<>();
    List<Boolean> mayMore = new ArrayList<>();
    long expectedSeq = 0;
    for (int i = 0; i < 3; i++) {
      ReadRecordsResponse page = reader.read(token);
      pageSizes.add(page.getRecords().size());
      mayMore.add(page.getMayMoreRecord());
      for (StreamRecord r : page.getRecords()) {
        assertThat(r.getColumns().get(0).getColumn().getValue().asLong()).as("commit order").isEqualTo(expectedSeq++);
      }
      token = page.getNextToken();
    }
    assertThat(pageSizes).containsExactly(1000, 1000, 500);
    assertThat(mayMore).containsExactly(true, true, false);
  }

  @Test
  void pagesStayUnderFourMegabytes() {
    fx.createTable("t", 1);
    String tunnel = fx.createTunnel("t", "sync");
    byte[] big = new byte[1_500_000];
    for (int i = 0; i < 5; i++) {
      RowPutChange put = new RowPutChange("t", TunnelFixture.key(0, i));
      put.addColumn("blob", ColumnValue.fromBinary(big));
      fx.tables.putRow(new PutRowRequest(put));
    }
    ChannelReader reader = new ChannelReader(tunnel);

    ReadRecordsResponse first = reader.read(reader.start);

    assertThat(first.getRecords()).hasSize(2);
    assertThat(first.getMemoizedSerializedSize()).isLessThan(4 << 20);
    assertThat(first.getMayMoreRecord()).isTrue();
  }

  @Test
  void aCheckpointMustFollowTheStoredSequenceNumber() {
    ChannelReader reader = readerOfNewTable("sync", 3);
    String next = reader.read(reader.start).getNextToken();

    reader.checkpoint(next, 1);
    assertCode(() -> reader.checkpoint(next, 1), "OTSSequenceNumberNotMatch");

    GetCheckpointResponse stored = fx.tunnels.getCheckpoint(new GetCheckpointRequest(reader.client.tunnel, reader.client.id, reader.channel));
    assertThat(stored.getCheckpoint()).isEqualTo(next);
    assertThat(stored.getSequenceNumber()).isEqualTo(1);
  }

  @Test
  void recordsEveryTunnelHasCheckpointedPastAreTrimmed() {
    ChannelReader firstReader = readerOfNewTable("first", 5);
    firstReader.checkpoint(firstReader.read(firstReader.start).getNextToken(), 1);
    fx.putRows("t", 1, 5, 7);

    CreateTunnelRequest earliest = new CreateTunnelRequest("t", "second", TunnelType.Stream);
    earliest.setStreamTunnelConfig(new StreamTunnelConfig(com.alicloud.openservices.tablestore.model.tunnel.StartOffsetFlag.EARLIEST));
    String second = fx.tunnels.createTunnel(earliest).getTunnelId();
    ChannelReader secondReader = new ChannelReader(second);

    List<StreamRecord> left = secondReader.read(secondReader.start).getRecords();
    assertThat(left).extracting(r -> r.getColumns().get(0).getColumn().getValue().asLong()).containsExactly(5L, 6L);
  }

  @Test
  void aTunnelWithAnEndHandsOutTheRecordsBeforeItThenFinishesTheChannel() throws Exception {
    fx.createTable("t", 1);
    fx.createTunnel("t", "first"); // turns the stream on: writes are logged from now on
    long start = System.currentTimeMillis();
    Thread.sleep(5);
    fx.putRows("t", 1, 0, 3);
    Thread.sleep(5);
    long end = System.currentTimeMillis();
    Thread.sleep(5);
    fx.putRows("t", 1, 3, 5);
    CreateTunnelRequest request = new CreateTunnelRequest("t", "bounded", TunnelType.Stream);
    request.setStreamTunnelConfig(new StreamTunnelConfig(start, end));
    String tunnel = fx.tunnels.createTunnel(request).getTunnelId();
    ChannelReader reader = new ChannelReader(tunnel);

    ReadRecordsResponse first = reader.read(reader.start);
    assertThat(first.getRecords()).extracting(r -> r.getColumns().get(0).getColumn().getValue().asLong())
        .as("the rows committed before the end").containsExactly(0L, 1L, 2L);
    assertThat(first.getMayMoreRecord()).as("come straight back for the end").isTrue();
    ReadRecordsResponse last = reader.read(first.getNextToken());
    assertThat(last.getRecords()).isEmpty();
    assertThat(last.getNextToken()).as("the SDK reads the service's 'finished' as no next token").isNull();
    reader.checkpoint("finished", 1);
  }

  @Test
  void aJoiningClientGetsHalfTheChannelsAfterTheHolderClosesThem() {
    fx.createTable("t", 4);
    String tunnel = fx.createTunnel("t", "sync");
    Client a = new Client(tunnel);
    List<Channel> heldByA = a.heartbeat();
    assertThat(heldByA).hasSize(4).extracting(Channel::getStatus).containsOnly(ChannelStatus.OPEN);

    Client b = new Client(tunnel);
    assertThat(b.heartbeat()).as("nothing free until a gives channels up").isEmpty();
    List<Channel> asked = a.heartbeat();
    List<Channel> closing = asked.stream().filter(c -> c.getStatus() == ChannelStatus.CLOSING).collect(Collectors.toList());
    assertThat(closing).hasSize(2);
    for (Channel c : closing) {
      c.setStatus(ChannelStatus.CLOSE);
      c.setVersion(c.getVersion() + 1);
    }
    assertThat(a.heartbeat(asked)).hasSize(2).extracting(Channel::getStatus).containsOnly(ChannelStatus.OPEN);
    List<Channel> heldByB = b.heartbeat();
    assertThat(heldByB).hasSize(2).extracting(Channel::getChannelId)
        .containsExactlyInAnyOrderElementsOf(closing.stream().map(Channel::getChannelId).collect(Collectors.toList()));
    assertThat(heldByB).allSatisfy(c -> assertThat(c.getVersion()).isGreaterThan(closing.get(0).getVersion() - 1));

    String token = fx.tunnels.getCheckpoint(new GetCheckpointRequest(tunnel, a.id, heldByB.get(0).getChannelId())).getCheckpoint();
    assertCode(() -> fx.tunnels.readRecords(new ReadRecordsRequest(tunnel, a.id, heldByB.get(0).getChannelId(), token)),
        "OTSResourceGone");
    DescribeTunnelResponse described = fx.tunnels.describeTunnel(new DescribeTunnelRequest("t", "sync"));
    assertThat(described.getChannelInfos()).extracting(ChannelInfo::getClientId).containsOnly(a.id, b.id);
  }

  @Test
  void aClientThatMissesItsHeartbeatTimeOutLosesItsChannels() throws Exception {
    fx.createTable("t", 2);
    String tunnel = fx.createTunnel("t", "sync");
    Client silent = new Client(tunnel, 1);
    assertThat(silent.heartbeat()).hasSize(2);
    Client alive = new Client(tunnel, 60);

    Thread.sleep(2_500);

    assertThat(alive.heartbeat()).hasSize(2).extracting(Channel::getStatus).containsOnly(ChannelStatus.OPEN);
    assertCode(silent::heartbeat, "OTSResourceGone");
  }

  @Test
  void aClientThatShutsDownHandsItsChannelsOver() {
    fx.createTable("t", 2);
    String tunnel = fx.createTunnel("t", "sync");
    Client leaving = new Client(tunnel);
    assertThat(leaving.heartbeat()).hasSize(2);
    Client staying = new Client(tunnel);

    fx.tunnels.shutdownTunnel(new ShutdownTunnelRequest(tunnel, leaving.id));

    assertThat(staying.heartbeat()).hasSize(2);
  }

  /** A reader of a new tunnel {@code tunnelName} on a new one-partition table "t", into which rows 0 to {@code rows - 1} were then written. */
  private ChannelReader readerOfNewTable(String tunnelName, long rows) {
    fx.createTable("t", 1);
    String tunnel = fx.createTunnel("t", tunnelName);
    fx.putRows("t", 1, 0, rows);
    return new ChannelReader(tunnel);
  }

  private static Map<String, RecordColumn> byName(List<RecordColumn> columns) {
    return columns.stream().collect(Collectors.toMap(c -> c.getColumn().getName(), Function.identity()));
  }

  private static void assertCode(org.assertj.core.api.ThrowableAssert.ThrowingCallable call, String code) {
    assertThatThrownBy(call).isInstanceOfSatisfying(TableStoreException.class, e -> assertThat(e.getErrorCode()).isEqualTo(code));
  }

  /** A client holding the one channel of a one-partition table's tunnel, and the channel's checkpoint when it took it. */
  private final class ChannelReader {
    final Client client;
    final String channel;
    final String start;

    ChannelReader(String tunnel) {
      client = new Client(tunnel);
      channel = client.firstChannel();
      start = client.startToken(channel);
    }

    ReadRecordsResponse read(String token) {
      return fx.tunnels.readRecords(new ReadRecordsRequest(client.tunnel, client.id, channel, token));
    }

    void checkpoint(String token, long sequenceNumber) {
      fx.tunnels.checkpoint(new CheckpointRequest(client.tunnel, client.id, channel, token, sequenceNumber));
    }
  }

  /** A connected client making the calls by hand. */
  private final class Client {
    final String tunnel;
    final String id;

    Client(String tunnel) {
      this(tunnel, 300);
    }

    Client(String tunnel, long timeoutSeconds) {
      this.tunnel = tunnel;
      this.id = fx.tunnels.connectTunnel(new ConnectTunnelRequest(tunnel, new TunnelClientConfig(timeoutSeconds, "test")))
          .getClientId();
    }

    List<Channel> heartbeat() {
      return heartbeat(List.of());
    }

    /** The channel of a one-partition table, handed out by a heartbeat. */
    String firstChannel() {
      return heartbeat().get(0).getChannelId();
    }

    String startToken(String channel) {
      return fx.tunnels.getCheckpoint(new GetCheckpointRequest(tunnel, id, channel)).getCheckpoint();
    }

    List<Channel> heartbeat(List<Channel> reported) {
      return fx.tunnels.heartbeat(new HeartbeatRequest(tunnel, id, reported)).getChannels();
    }
  }
}
