package io.tablestoreycsb.binding.client;

import com.alicloud.openservices.tablestore.ClientConfiguration;
import com.alicloud.openservices.tablestore.InternalClient;
import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.model.DefaultRetryStrategy;
import com.alicloud.openservices.tablestore.model.NoRetryStrategy;
import com.alicloud.openservices.tablestore.model.RetryStrategy;
import io.tablestoreycsb.binding.config.ClientConfig;
import io.tablestoreycsb.binding.stats.RunStats;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SDK clients of this JVM. By default all DB instances with the same settings share one
 * reference-counted {@link SyncClient} (connections sized to YCSB's thread count); with
 * {@code tablestore.clientperthread=true} each instance owns one, as in the white paper's runs.
 * Every client is shut down when its last user releases it.
 */
public final class SharedClients {
  private static final Logger LOG = LoggerFactory.getLogger(SharedClients.class);
  private static final Map<String, Shared> SHARED = new HashMap<>();
  /**
   * How long a tool's call retries an endpoint that refuses connections: long enough for an
   * endpoint that is just starting, short enough that a wrong address is reported at once.
   */
  public static final long TOOL_UNREACHABLE_BUDGET_MS = 3_000;

  private SharedClients() {
  }

  /** A client for {@code config}: shared or private according to the configuration. */
  public static ClientLease acquire(ClientConfig config) {
    return acquire(config, null);
  }

  /**
   * Like {@link #acquire(ClientConfig)}, counting the SDK's own retries in {@code stats} (when not
   * null). A shared client counts into the stats of the run that created it: clients live no
   * longer than their run, as the last DB instance of a run releases them.
   */
  public static ClientLease acquire(ClientConfig config, RunStats stats) {
    if (config.clientPerThread()) {
      SyncClient own = newClient(config, 1, stats);
      return new ClientLease() {
        private boolean closed;

        @Override
        public SyncClient client() {
          return own;
        }

        @Override
        public synchronized void close() {
          if (!closed) {
            closed = true;
            own.shutdown();
          }
        }
      };
    }
    synchronized (SHARED) {
      Shared shared = SHARED.computeIfAbsent(config.clientKey(), k -> new Shared(k, newClient(config, 0, stats)));
      shared.users++;
      return shared.lease();
    }
  }

  /** Number of shared clients alive (for tests and diagnostics). */
  public static int sharedClientCount() {
    synchronized (SHARED) {
      return SHARED.size();
    }
  }

  /**
   * Builds an SDK client. {@code ioThreads} 0 keeps the SDK's default (one per core); a client
   * serving a single synchronous thread needs only one.
   */
  public static SyncClient newClient(ClientConfig config, int ioThreads) {
    return newClient(config, ioThreads, null);
  }

  /** {@link #newClient(ClientConfig, int)} counting the SDK's retries in {@code stats} (when not null). */
  public static SyncClient newClient(ClientConfig config, int ioThreads, RunStats stats) {
    return syncClient(config, sdkConfiguration(config, ioThreads, stats));
  }

  /**
   * A client for one-off calls before or outside a run (the table check of bin/ycsb, the table
   * tool): one I/O thread, and an endpoint that refuses connections is given up on after
   * {@link #TOOL_UNREACHABLE_BUDGET_MS} rather than the SDK's 10 s. The caller shuts it down.
   */
  public static SyncClient newToolClient(ClientConfig config) {
    return newToolClient(config, config.maxConnections());
  }

  /** A tool's client that sends up to {@code concurrentRequests} requests at once (its connection pool's size). */
  public static SyncClient newToolClient(ClientConfig config, int concurrentRequests) {
    ClientConfiguration sdk = sdkConfiguration(config, 1, null, TOOL_UNREACHABLE_BUDGET_MS, 0);
    sdk.setMaxConnections(Math.max(config.maxConnections(), concurrentRequests));
    return syncClient(config, sdk);
  }

  private static SyncClient syncClient(ClientConfig config, ClientConfiguration sdk) {
    LOG.debug("new Tablestore client: {}", config);
    return config.syncClient(sdk);
  }

  /**
   * The SDK's lower-level client, needed only for what SyncClient does not offer (creating a
   * pre-split table); a tool's client, as {@link #newToolClient}. The caller shuts it down.
   */
  public static InternalClient newInternalClient(ClientConfig config) {
    return config.internalClient(sdkConfiguration(config, 1, null, TOOL_UNREACHABLE_BUDGET_MS, 0));
  }

  private static ClientConfiguration sdkConfiguration(ClientConfig config, int ioThreads, RunStats stats) {
    return sdkConfiguration(config, ioThreads, stats, 0, config.retryBudgetMs());
  }

  /**
   * {@code connectionBudgetMs}: how long the binding's requests are resent after a connection failure
   * (a run's clients: {@code tablestore.retrybudget}; a tool's: 0, it answers fast instead).
   */
  private static ClientConfiguration sdkConfiguration(ClientConfig config, int ioThreads, RunStats stats,
      long unreachableBudgetMs, long connectionBudgetMs) {
    ClientConfiguration sdk = new ClientConfiguration();
    sdk.setConnectionTimeoutInMillisecond(config.connectionTimeoutMs());
    sdk.setSocketTimeoutInMillisecond(config.socketTimeoutMs());
    sdk.setMaxConnections(config.maxConnections());
    if (ioThreads > 0) {
      sdk.setIoThreadCount(ioThreads);
    }
    RetryStrategy base = config.retryMode() == ClientConfig.RetryMode.NONE
        ? new NoRetryStrategy() : new DefaultRetryStrategy();
    sdk.setRetryStrategy(new BindingRetryStrategy(base, stats, config.endpoint(), unreachableBudgetMs,
        connectionBudgetMs, System.err));
    return sdk;
  }

  private static final class Shared {
    private final String key;
    private final SyncClient client;
    private int users;

    Shared(String key, SyncClient client) {
      this.key = key;
      this.client = client;
    }

    ClientLease lease() {
      return new ClientLease() {
        private boolean closed;

        @Override
        public SyncClient client() {
          return client;
        }

        @Override
        public void close() {
          synchronized (SHARED) {
            if (closed) {
              return;
            }
            closed = true;
            if (--users == 0) {
              SHARED.remove(key);
              client.shutdown();
            }
          }
        }
      };
    }
  }
}
