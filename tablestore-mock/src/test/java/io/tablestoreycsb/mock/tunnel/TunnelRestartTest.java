package io.tablestoreycsb.mock.tunnel;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.model.GetShardIteratorRequest;
import com.alicloud.openservices.tablestore.model.GetStreamRecordRequest;
import com.alicloud.openservices.tablestore.model.GetStreamRecordResponse;
import com.alicloud.openservices.tablestore.model.ListStreamRequest;
import com.alicloud.openservices.tablestore.model.StreamRecord;
import com.alicloud.openservices.tablestore.model.tunnel.ListTunnelRequest;
import com.alicloud.openservices.tablestore.model.tunnel.TunnelInfo;
import com.alicloud.openservices.tablestore.model.tunnel.internal.Channel;
import com.alicloud.openservices.tablestore.model.tunnel.internal.CheckpointRequest;
import com.alicloud.openservices.tablestore.model.tunnel.internal.ConnectTunnelRequest;
import com.alicloud.openservices.tablestore.model.tunnel.internal.GetCheckpointRequest;
import com.alicloud.openservices.tablestore.model.tunnel.internal.GetCheckpointResponse;
import com.alicloud.openservices.tablestore.model.tunnel.internal.HeartbeatRequest;
import com.alicloud.openservices.tablestore.model.tunnel.internal.ReadRecordsRequest;
import com.alicloud.openservices.tablestore.model.tunnel.internal.ReadRecordsResponse;
import com.alicloud.openservices.tablestore.tunnel.worker.TunnelClientConfig;
import io.tablestoreycsb.mock.fixtures.CrashImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table's stream and a tunnel's checkpoint on a data directory: after a restart the tunnel is
 * there, a client that connects again resumes from the checkpoint, and the records written after
 * it (before and after the restart) are still to be read, in order.
 */
class TunnelRestartTest {
  @TempDir
  Path data;

  @TempDir
  Path crashes;

  /**
   * killed: the second mock starts on what a kill -9 of the first would leave (its log, not yet in
   * a checkpoint: the stream's records and the tunnel's checkpoint come back by replay).
   */
  @ParameterizedTest(name = "first mock killed: {0}")
  @ValueSource(booleans = {false, true})
  void aTunnelResumesFromItsCheckpointAfterARestart(boolean killed) throws Exception {
    Path restartOn = killed ? crashes.resolve("image") : data;
    String tunnel;
    String checkpoint;
    List<Long> streamBefore;
    try (TunnelFixture fx = new TunnelFixture(b -> b.dataDirectory(data))) {
      fx.createTable("t", 1);
      tunnel = fx.createTunnel("t", "sync");
      fx.putRows("t", 1, 0, 5);
      String client = connect(fx, tunnel);
      String channel = heartbeat(fx, tunnel, client).get(0).getChannelId();
      String start = fx.tunnels.getCheckpoint(new GetCheckpointRequest(tunnel, client, channel)).getCheckpoint();
      ReadRecordsResponse first = fx.tunnels.readRecords(new ReadRecordsRequest(tunnel, client, channel, start));
      assertThat(seqs(first.getRecords())).containsExactly(0L, 1L, 2L, 3L, 4L);
      checkpoint = first.getNextToken();
      fx.tunnels.checkpoint(new CheckpointRequest(tunnel, client, channel, checkpoint, 1));
      fx.putRows("t", 1, 5, 7);
      streamBefore = streamRowIds(fx);
      assertThat(streamBefore).as("the tunnel's checkpoint trimmed the stream below it").containsExactly(5L, 6L);
      if (killed) {
        CrashImage.of(data, restartOn);
      }
    }

    try (TunnelFixture fx = new TunnelFixture(b -> b.dataDirectory(restartOn))) {
      assertThat(streamRowIds(fx)).as("the stream's records and trim").isEqualTo(streamBefore);
      fx.putRows("t", 1, 7, 8);
      assertThat(fx.tunnels.listTunnel(new ListTunnelRequest("t")).getTunnelInfos()).extracting(TunnelInfo::getTunnelId)
          .containsExactly(tunnel);
      String client = connect(fx, tunnel);
      String channel = heartbeat(fx, tunnel, client).get(0).getChannelId();
      GetCheckpointResponse kept = fx.tunnels.getCheckpoint(new GetCheckpointRequest(tunnel, client, channel));
      assertThat(kept.getCheckpoint()).isEqualTo(checkpoint);
      assertThat(kept.getSequenceNumber()).isEqualTo(1);

      ReadRecordsResponse rest = fx.tunnels.readRecords(new ReadRecordsRequest(tunnel, client, channel, kept.getCheckpoint()));

      assertThat(seqs(rest.getRecords())).containsExactly(5L, 6L, 7L);
    }
  }

  /** The row ids of the stream's records (the Stream API, shard 0), oldest first. */
  private static List<Long> streamRowIds(TunnelFixture fx) {
    String streamId = fx.tables.listStream(new ListStreamRequest("t")).getStreams().get(0).getStreamId();
    String iterator = fx.tables.getShardIterator(new GetShardIteratorRequest(streamId, "0")).getShardIterator();
    List<Long> ids = new ArrayList<>();
    while (true) {
      GetStreamRecordResponse page = fx.tables.getStreamRecord(new GetStreamRecordRequest(iterator));
      for (StreamRecord r : page.getRecords()) {
        ids.add(r.getPrimaryKey().getPrimaryKeyColumn("id").getValue().asLong());
      }
      iterator = page.getNextShardIterator();
      if (page.getRecords().isEmpty()) {
        return ids;
      }
    }
  }

  private static String connect(TunnelFixture fx, String tunnel) {
    return fx.tunnels.connectTunnel(new ConnectTunnelRequest(tunnel, new TunnelClientConfig(300, "test"))).getClientId();
  }

  private static List<Channel> heartbeat(TunnelFixture fx, String tunnel, String client) {
    return fx.tunnels.heartbeat(new HeartbeatRequest(tunnel, client, List.of())).getChannels();
  }

  private static List<Long> seqs(List<StreamRecord> records) {
    return records.stream().map(r -> r.getColumns().get(0).getColumn().getValue().asLong()).toList();
  }
}
