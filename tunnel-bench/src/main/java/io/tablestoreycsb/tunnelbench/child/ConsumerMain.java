package io.tablestoreycsb.tunnelbench.child;

import com.alicloud.openservices.tablestore.TunnelClient;
import com.alicloud.openservices.tablestore.tunnel.worker.TunnelWorker;
import com.alicloud.openservices.tablestore.tunnel.worker.TunnelWorkerConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.BitSet;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * One consumer "server" of the white paper: a JVM running the SDK's {@link TunnelWorker} on the
 * scenario's tunnel with a {@link SyncRecorder} as its processor. It samples itself from the start, waits
 * at its start gate, consumes until the coordinator writes the stop file, shuts the worker down (its
 * channels go back to the tunnel), then waits for the writer's acknowledgement times and leaves its
 * consumed rows, the pages it was handed, its lag log and result in its directory.
 */
@Command(name = "tunnel-bench-consumer", mixinStandardHelpOptions = true,
    description = "One TunnelWorker consumer process of bin/tunnel-bench (started by it).")
public final class ConsumerMain implements Callable<Integer> {
  /** The SDK's minimum: re-balancing when a second consumer joins takes about two heartbeats. */
  static final int HEARTBEAT_INTERVAL_SECONDS = 5;
  /**
   * Short, so that a client the service registered but the worker never heard back from (a connect
   * whose answer was lost, e.g. in the SDK HTTP client's connection-lease race) gives its channels
   * back soon.
   */
  static final int HEARTBEAT_TIMEOUT_SECONDS = 15;

  @Option(names = "--tunnel-id", required = true)
  String tunnelId;

  @Option(names = "--epoch-ms", required = true, description = "The scenario's start, epoch ms.")
  long epochMs;

  @Option(names = "--acks", required = true, description = "The writer's acknowledgement file, awaited at the end.")
  Path acks;

  @Option(names = "--acks-timeout", defaultValue = "120", paramLabel = "SECONDS")
  long acksTimeoutSeconds;

  @Mixin
  ChildOptions child = new ChildOptions();

  /** Where the rows so far are kept (a pod's object store), or null: only the final sets are written. */
  private final RowsSoFar rowsSoFar;

  public ConsumerMain() {
    this(null);
  }

  /** @param rowsSoFar where the rows handed so far are kept ahead of the SDK's checkpoints, or null */
  public ConsumerMain(RowsSoFar rowsSoFar) {
    this.rowsSoFar = rowsSoFar;
  }

  public static void main(String[] args) {
    System.exit(new CommandLine(new ConsumerMain()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    Endpoint endpoint = child.start("consumer");
    SyncRecorder recorder = new SyncRecorder(epochMs * 1000, Host.current());
    String error = null;
    ConsumedSnapshots snapshots = rowsSoFar == null ? null
        : new ConsumedSnapshots(recorder, rowsSoFar);
    if (snapshots != null) {
      recorder.keepStored(snapshots);
      snapshots.start();
    }
    try (SampleLog samples = SampleLog.start(child.file(ChildFiles.SAMPLES), recorder::distinct)) {
      TunnelClient client = endpoint.tunnelClient();
      TunnelWorkerConfig config = new TunnelWorkerConfig(recorder);
      config.setHeartbeatIntervalInSec(HEARTBEAT_INTERVAL_SECONDS);
      config.setHeartbeatTimeoutInSec(HEARTBEAT_TIMEOUT_SECONDS);
      config.setClientTag(child.dir.getFileName().toString());
      TunnelWorker worker = new TunnelWorker(tunnelId, client, config);
      // The first request of a JVM loads the SDK's request path: done before the gate, not while syncing.
      client.listTunnel(new com.alicloud.openservices.tablestore.model.tunnel.ListTunnelRequest(child.table));
      child.awaitStart();
      samples.sampleNow();
      try {
        worker.connectAndWorking();
        writeClientId(worker);
        while (!child.stopRequested()) {
          Thread.sleep(20);
        }
        samples.sampleNow();
      } catch (Exception e) {
        error = "TunnelWorker failed: " + e;
        System.err.println(error);
      } finally {
        worker.shutdown();
        config.shutdown();
        client.shutdown();
        if (snapshots != null) {
          snapshots.close();
          System.err.println("consumer: " + snapshots.summary());
        }
      }
    }
    ConsumerResult result = finish(recorder, error);
    return result.error() == null ? 0 : 1;
  }

  /**
   * Leaves the worker's client id for the coordinator, which waits until the channels are held by
   * the consumers it started (not by a client registered by a connect whose answer was lost). The SDK
   * keeps the id in a private field; without it the coordinator waits on the holder count alone.
   */
  private void writeClientId(TunnelWorker worker) throws IOException {
    try {
      java.lang.reflect.Field f = TunnelWorker.class.getDeclaredField("clientId");
      f.setAccessible(true);
      Object id = f.get(worker);
      if (id != null) {
        Path tmp = child.file(ChildFiles.CLIENT_ID + ".tmp");
        Files.writeString(tmp, id.toString());
        Files.move(tmp, child.file(ChildFiles.CLIENT_ID), java.nio.file.StandardCopyOption.ATOMIC_MOVE);
      }
    } catch (ReflectiveOperationException | RuntimeException e) {
      System.err.println("consumer: cannot read the worker's client id (" + e + "); the coordinator counts holders only");
    }
  }

  /** Waits for the writer's acknowledgement times, then writes the consumed rows, the lag log and the result. */
  private ConsumerResult finish(SyncRecorder recorder, String error) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(acksTimeoutSeconds).toNanos();
    while (!Files.isRegularFile(acks) && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    long[] ackMicros = new long[0];
    if (Files.isRegularFile(acks)) {
      ackMicros = RowSets.readAcks(acks);
    } else if (error == null) {
      error = "the writer left no acknowledgement times in " + acks + " within " + acksTimeoutSeconds + " s";
    }
    LagIntervals lag = new LagIntervals();
    ConsumerResult r = recorder.finish(ackMicros, lag);
    if (error != null) {
      r = r.failed(error);
    }
    BitSet rows = recorder.rows();
    RowSets.writeBits(child.file(ChildFiles.CONSUMED), rows);
    RowSegment.writePages(child.file(ChildFiles.PAGES), recorder.channelPages());
    lag.write(child.file(ChildFiles.LAG));
    Json.write(child.file(ChildFiles.CONSUMER_RESULT), r);
    return r;
  }
}
