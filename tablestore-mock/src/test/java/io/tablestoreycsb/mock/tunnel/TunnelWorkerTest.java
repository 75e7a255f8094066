package io.tablestoreycsb.mock.tunnel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.TunnelClient;
import com.alicloud.openservices.tablestore.model.StreamRecord;
import com.alicloud.openservices.tablestore.model.tunnel.ChannelInfo;
import com.alicloud.openservices.tablestore.model.tunnel.CreateTunnelRequest;
import com.alicloud.openservices.tablestore.model.tunnel.DescribeTunnelRequest;
import com.alicloud.openservices.tablestore.model.tunnel.StreamTunnelConfig;
import com.alicloud.openservices.tablestore.model.tunnel.TunnelType;
import com.alicloud.openservices.tablestore.model.tunnel.internal.ConnectTunnelRequest;
import com.alicloud.openservices.tablestore.model.tunnel.internal.GetCheckpointRequest;
import com.alicloud.openservices.tablestore.tunnel.worker.IChannelProcessor;
import com.alicloud.openservices.tablestore.tunnel.worker.ProcessRecordsInput;
import com.alicloud.openservices.tablestore.tunnel.worker.TunnelClientConfig;
import com.alicloud.openservices.tablestore.tunnel.worker.TunnelWorker;
import com.alicloud.openservices.tablestore.tunnel.worker.TunnelWorkerConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The SDK's own TunnelWorker against the mock over HTTP: one and two workers, channels moving
 * when a worker joins or leaves, a crashed worker replaced. The worker heartbeats at its minimum
 * interval (5 s), so hand-overs take a few heartbeats; waits allow a minute.
 */
class TunnelWorkerTest {
  private static final int PARTITIONS = 4;
  private static final Duration WAIT = Duration.ofSeconds(60);

  private final TunnelFixture fx = new TunnelFixture();
  private final List<Consumer> consumers = new ArrayList<>();

  @AfterEach
  void close() {
    for (Consumer c : consumers) {
      c.stop();
    }
    fx.close();
  }

  @Test
  void oneWorkerConsumesEveryRowOnceInCommitOrderPerChannel() throws Exception {
    String tunnel = tunnelOnNewTable();
    Consumer worker = start(tunnel);
    fx.putRows("t", PARTITIONS, 0, 300);

    await(() -> worker.total() == PARTITIONS * 300, "every row consumed");

    for (int p = 0; p < PARTITIONS; p++) {
      assertThat(worker.ids(p)).as("partition %d in commit order, once each", p).isEqualTo(range(0, 300));
    }
  }

  @Test
  void aJoiningWorkerTakesHalfTheChannelsAndALeavingOneHandsThemBackWithNoRowLost() throws Exception {
    String tunnel = tunnelOnNewTable();
    Consumer first = start(tunnel);
    fx.putRows("t", PARTITIONS, 0, 100);
    await(() -> first.total() == PARTITIONS * 100, "the first worker consumed the first rows");

    Consumer second = start(tunnel);
    await(() -> holders(tunnel).values().stream().distinct().count() == 2
        && Collections.frequency(new ArrayList<>(holders(tunnel).values()), second.clientId()) == PARTITIONS / 2,
        "the channels split two and two");
    fx.putRows("t", PARTITIONS, 100, 200);
    await(() -> consumedIds(first, second).equals(allIds(0, 200)), "every row consumed by one worker or the other");
    assertThat(second.total()).as("the second worker consumed its channels' new rows").isGreaterThanOrEqualTo(2 * 100);
    for (Consumer c : List.of(first, second)) {
      for (int p = 0; p < PARTITIONS; p++) {
        assertThat(c.ids(p)).as("order within channel %d", p).isSorted();
      }
    }

    second.stop();
    await(() -> holders(tunnel).size() == PARTITIONS && new HashSet<>(holders(tunnel).values()).equals(Set.of(first.clientId())),
        "the first worker holds every channel again");
    fx.putRows("t", PARTITIONS, 200, 250);
    await(() -> consumedIds(first, second).equals(allIds(0, 250)), "rows written after the second worker left are consumed");
  }

  @Test
  void aCrashedWorkersSuccessorResumesFromItsLastCheckpointWithNoRowLost() throws Exception {
    String tunnel = tunnelOnNewTable();
    Consumer crashed = start(tunnel);
    fx.putRows("t", PARTITIONS, 0, 100);
    await(() -> crashed.total() == PARTITIONS * 100, "the first worker consumed the first rows");
    await(() -> checkpointedRows(tunnel) == PARTITIONS * 100L, "the first worker checkpointed them");

    crashed.crash(); // its heartbeats stop; the mock drops it after its 8 s time-out
    fx.putRows("t", PARTITIONS, 100, 150);
    Consumer successor = start(tunnel);

    await(() -> consumedIds(crashed, successor).equals(allIds(0, 150)), "every row consumed");
    for (int p = 0; p < PARTITIONS; p++) {
      assertThat(successor.ids(p)).as("partition %d resumes after the checkpoint", p).isEqualTo(range(100, 150));
    }
  }

  @Test
  void aBaseAndStreamTunnelDeliversEveryEarlierRowOnceThenLaterWrites() throws Exception {
    fx.createTable("t", PARTITIONS);
    fx.putRows("t", PARTITIONS, 0, 120);
    String tunnel = fx.createTunnel("t", "sync", TunnelType.BaseAndStream);
    Consumer worker = start(tunnel);

    await(() -> worker.total() == PARTITIONS * 120, "the full read delivered the earlier rows");
    await(() -> stage().equals("ProcessStream"), "the tunnel moves on to the stream once every partition was read");
    fx.putRows("t", PARTITIONS, 120, 150);
    await(() -> worker.total() == PARTITIONS * 150, "later writes arrive from the stream");

    for (int p = 0; p < PARTITIONS; p++) {
      assertThat(worker.ids(p)).as("partition %d: every row once, the full read in key order then the stream", p)
          .isEqualTo(range(0, 150));
    }
  }

  @Test
  void aBaseDataTunnelReadsEveryRowOnceAndEnds() throws Exception {
    fx.createTable("t", PARTITIONS);
    fx.putRows("t", PARTITIONS, 0, 1500); // more than one page per partition
    String tunnel = fx.createTunnel("t", "sync", TunnelType.BaseData);
    Consumer worker = start(tunnel);

    await(() -> worker.total() == PARTITIONS * 1500, "every row delivered");
    await(() -> fx.tunnels.describeTunnel(new DescribeTunnelRequest("t", "sync")).getChannelInfos().stream()
        .allMatch(c -> c.getChannelStatus().name().equals("TERMINATED")), "every channel terminated");
    assertThat(stage()).as("a finished full read moves on, as the service's does").isEqualTo("ProcessStream");
    for (int p = 0; p < PARTITIONS; p++) {
      assertThat(worker.ids(p)).as("partition %d once each in key order", p).isEqualTo(range(0, 1500));
    }
  }

  @Test
  void aTunnelWithAnEndOffsetDeliversTheRowsCommittedBeforeItThenEndsItsChannels() throws Exception {
    fx.createTable("t", PARTITIONS);
    fx.createTunnel("t", "first"); // turns the stream on: writes are logged from now on
    long start = System.currentTimeMillis();
    Thread.sleep(5);
    fx.putRows("t", PARTITIONS, 0, 100);
    Thread.sleep(5);
    long end = System.currentTimeMillis();
    Thread.sleep(5);
    fx.putRows("t", PARTITIONS, 100, 150); // committed after the end: never handed out
    CreateTunnelRequest request = new CreateTunnelRequest("t", "sync", TunnelType.Stream);
    request.setStreamTunnelConfig(new StreamTunnelConfig(start, end));
    String tunnel = fx.tunnels.createTunnel(request).getTunnelId();

    Consumer worker = start(tunnel);

    await(() -> fx.tunnels.describeTunnel(new DescribeTunnelRequest("t", "sync")).getChannelInfos().stream()
        .allMatch(c -> c.getChannelStatus().name().equals("TERMINATED")), "every channel reached the end and terminated");
    for (int p = 0; p < PARTITIONS; p++) {
      assertThat(worker.ids(p)).as("partition %d: the rows committed between start and end, once each", p)
          .isEqualTo(range(0, 100));
    }
    assertThat(fx.tunnels.describeTunnel(new DescribeTunnelRequest("t", "sync")).getTunnelInfo().getStreamTunnelConfig()
        .getEndOffset()).as("describe echoes the end (ms in the SDK's model)").isEqualTo(end);
  }

  @Test
  void aWorkerGivenAnUnknownTunnelStopsInsteadOfRetryingForever() throws Exception {
    fx.createTable("t", 1);
    TunnelClient client = fx.newTunnelClient();
    TunnelWorkerConfig config = new TunnelWorkerConfig(new Sink());
    TunnelWorker worker = new TunnelWorker("no-such-tunnel", client, config);
    try {
      CompletableFuture<Void> run = CompletableFuture.runAsync(() -> {
        try {
          worker.connectAndWorking();
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      });
      assertThatThrownBy(() -> run.get(20, TimeUnit.SECONDS)).as("connect gives up").hasStackTraceContaining("OTSParameterInvalid");
    } finally {
      worker.shutdown();
      config.shutdown();
      client.shutdown();
    }
  }

  private String stage() {
    return fx.tunnels.describeTunnel(new DescribeTunnelRequest("t", "sync")).getTunnelInfo().getStage().name();
  }

  private String tunnelOnNewTable() {
    fx.createTable("t", PARTITIONS);
    return fx.createTunnel("t", "sync");
  }

  private Consumer start(String tunnel) throws Exception {
    Consumer c = new Consumer(tunnel);
    consumers.add(c);
    c.start();
    return c;
  }

  /** Channel id to the client holding it (OPEN or CLOSING), from DescribeTunnel. */
  private Map<String, String> holders(String tunnel) {
    Map<String, String> held = new HashMap<>();
    for (ChannelInfo c : fx.tunnels.describeTunnel(new DescribeTunnelRequest("t", "sync")).getChannelInfos()) {
      String status = c.getChannelStatus().name();
      if (c.getClientId() != null && !c.getClientId().isEmpty() && (status.equals("OPEN") || status.equals("CLOSING"))) {
        held.put(c.getChannelId(), c.getClientId());
      }
    }
    return held;
  }

  /** Rows below every channel's checkpoint, summed (each partition's log sequence is its row id here). */
  private long checkpointedRows(String tunnel) {
    String observer = fx.tunnels.connectTunnel(new ConnectTunnelRequest(tunnel, new TunnelClientConfig(300, "observer"))).getClientId();
    long rows = 0;
    for (ChannelInfo c : fx.tunnels.describeTunnel(new DescribeTunnelRequest("t", "sync")).getChannelInfos()) {
      String token = fx.tunnels.getCheckpoint(new GetCheckpointRequest(tunnel, observer, c.getChannelId())).getCheckpoint();
      rows += StreamTokens.decode(token, "checkpoint").sequence();
    }
    fx.tunnels.shutdownTunnel(new com.alicloud.openservices.tablestore.model.tunnel.internal.ShutdownTunnelRequest(tunnel, observer));
    return rows;
  }

  private static Set<String> consumedIds(Consumer... consumers) {
    Set<String> all = new HashSet<>();
    for (Consumer c : consumers) {
      for (int p = 0; p < PARTITIONS; p++) {
        for (long id : c.ids(p)) {
          all.add(p + "/" + id);
        }
      }
    }
    return all;
  }

  private static Set<String> allIds(long from, long to) {
    Set<String> all = new HashSet<>();
    for (int p = 0; p < PARTITIONS; p++) {
      for (long id = from; id < to; id++) {
        all.add(p + "/" + id);
      }
    }
    return all;
  }

  static List<Long> range(long from, long to) {
    List<Long> ids = new ArrayList<>();
    for (long id = from; id < to; id++) {
      ids.add(id);
    }
    return ids;
  }

  private static void await(BooleanSupplier condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not within " + WAIT.toSeconds() + " s: " + what);
      }
      Thread.sleep(100);
    }
  }

  /** Collects each partition's row ids in the order the worker handed them over. */
  private static final class Sink implements IChannelProcessor {
    final Map<Integer, List<Long>> ids = new ConcurrentHashMap<>();

    @Override
    public void process(ProcessRecordsInput input) {
      for (StreamRecord r : input.getRecords()) {
        int partition = Integer.parseInt(r.getPrimaryKey().getPrimaryKeyColumn("part").getValue().asString().substring(1));
        ids.computeIfAbsent(partition, p -> Collections.synchronizedList(new ArrayList<>()))
            .add(r.getPrimaryKey().getPrimaryKeyColumn("id").getValue().asLong());
      }
    }

    @Override
    public void shutdown() {}
  }

  /** A TunnelWorker with its own client (a "server" of the white paper). */
  private final class Consumer {
    final String tunnel;
    final Sink sink = new Sink();
    final TunnelClient client = fx.newTunnelClient();
    final TunnelWorkerConfig config = new TunnelWorkerConfig(sink);
    final TunnelWorker worker;
    private boolean stopped;

    Consumer(String tunnel) {
      this.tunnel = tunnel;
      config.setHeartbeatIntervalInSec(5);
      config.setHeartbeatTimeoutInSec(8);
      config.setCheckpointIntervalInMillis(500);
      worker = new TunnelWorker(tunnel, client, config);
    }

    void start() throws Exception {
      worker.connectAndWorking();
    }

    String clientId() {
      try {
        java.lang.reflect.Field f = TunnelWorker.class.getDeclaredField("clientId");
        f.setAccessible(true);
        return (String) f.get(worker);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException(e);
      }
    }

    List<Long> ids(int partition) {
      List<Long> ids = sink.ids.get(partition);
      if (ids == null) {
        return List.of();
      }
      synchronized (ids) {
        return new ArrayList<>(ids);
      }
    }

    long total() {
      long n = 0;
      for (int p = 0; p < PARTITIONS; p++) {
        n += ids(p).size();
      }
      return n;
    }

    /** Its HTTP client goes away mid-work: no more heartbeats, reads or checkpoints reach the mock. */
    void crash() {
      client.shutdown();
    }

    void stop() {
      if (!stopped) {
        stopped = true;
        worker.shutdown();
        config.shutdown();
        client.shutdown();
      }
    }
  }
}
