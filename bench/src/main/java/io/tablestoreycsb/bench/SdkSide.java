package io.tablestoreycsb.bench;

import com.alicloud.openservices.tablestore.SyncClient;
import io.tablestoreycsb.binding.client.SharedClients;
import io.tablestoreycsb.binding.config.ClientConfig;
import java.util.Properties;

/**
 * The baseline: {@code threads} plain loops calling the SDK, each operation built the same way the
 * binding builds it (key from the same KeyFormat, 100-character random values generated per
 * operation), so key and value generation are INCLUDED on both sides.
 */
final class SdkSide implements Rounds.Side {
  private final Properties config;
  private final LoadDriver.Op op;
  private final int rowsPerCall;
  private final int threads;
  private final CpuMeter meter;

  /** {@code config}: the binding's properties, so the SDK client is configured exactly as the binding's. */
  SdkSide(Properties config, LoadDriver.Op op, int threads, CpuMeter meter) {
    this(config, op, 1, threads, meter);
  }

  /** A side whose operations are rows: each call of {@code op} carries {@code rowsPerCall} of them. */
  SdkSide(Properties config, LoadDriver.Op op, int rowsPerCall, int threads, CpuMeter meter) {
    this.config = config;
    this.op = op;
    this.rowsPerCall = rowsPerCall;
    this.threads = threads;
    this.meter = meter;
  }

  @Override
  public SideRun run(double seconds) throws Exception {
    // A fresh client per run, as the YCSB side gets (the binding creates one when its first DB
    // instance starts and shuts it down with the last).
    SyncClient client = SharedClients.newClient(ClientConfig.from(config), 0);
    try {
      return LoadDriver.run(client, op, threads, seconds, meter).countingRows(rowsPerCall);
    } finally {
      client.shutdown();
    }
  }
}
