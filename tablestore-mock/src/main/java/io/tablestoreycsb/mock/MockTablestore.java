package io.tablestoreycsb.mock;

import io.tablestoreycsb.mock.faults.FaultPlan;
import io.tablestoreycsb.mock.operations.RequestPipeline;
import io.tablestoreycsb.mock.protocol.Credentials;
import io.tablestoreycsb.mock.protocol.ServiceLimits;
import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.storage.MemoryBudget;
import io.tablestoreycsb.mock.transport.MockHttpServer;
import io.tablestoreycsb.mock.transport.ServerOptions;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Properties;

/**
 * A local Tablestore endpoint that the official SDKs talk to over HTTP: wires storage, the
 * request pipeline and the HTTP server together. Start one with {@link #builder()}.
 *
 * <pre>{@code
 * try (MockTablestore mock = MockTablestore.builder().start()) {
 *   SyncClient client = new SyncClient(mock.endpoint(), mock.accessKeyId(), mock.accessKeySecret(), mock.instanceName());
 * }
 * }</pre>
 */
public final class MockTablestore implements AutoCloseable {
  public static final String DEFAULT_INSTANCE = "mock";
  public static final String DEFAULT_ACCESS_KEY_ID = "mock-access-key-id";
  public static final String DEFAULT_ACCESS_KEY_SECRET = "mock-access-key-secret";
  public static final String DEFAULT_HOST = "127.0.0.1";

  private final Credentials credentials;
  private final MockHttpServer server;
  private final FaultPlan faultPlan;
  private final MemoryBudget budget;

  private MockTablestore(Credentials credentials, MockHttpServer server, FaultPlan faultPlan, MemoryBudget budget) {
    this.credentials = credentials;
    this.server = server;
    this.faultPlan = faultPlan;
    this.budget = budget;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** {@code http://<host>:<port>}, the form the SDKs accept (no path). */
  public String endpoint() {
    String host = server.host();
    return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + server.port();
  }

  public int port() {
    return server.port();
  }

  public String instanceName() {
    return credentials.instanceName();
  }

  public String accessKeyId() {
    return credentials.accessKeyId();
  }

  public String accessKeySecret() {
    return credentials.accessKeySecret();
  }

  /** The live fault plan the pipeline consults on every request: change it at run time. */
  public FaultPlan faultPlan() {
    return faultPlan;
  }

  /** Bytes of row data the memory budget allows. */
  public long memoryBudgetBytes() {
    return budget.limitBytes();
  }

  /**
   * Writes {@code tablestore.endpoint}, {@code tablestore.instance}, {@code tablestore.accesskeyid}
   * and {@code tablestore.accesskeysecret} to {@code file} (a properties file for the binding).
   */
  public void writeProperties(Path file) throws IOException {
    Properties p = new Properties();
    p.setProperty("tablestore.endpoint", endpoint());
    p.setProperty("tablestore.instance", instanceName());
    p.setProperty("tablestore.accesskeyid", accessKeyId());
    p.setProperty("tablestore.accesskeysecret", accessKeySecret());
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      p.store(w, "Tablestore mock endpoint");
    }
  }

  @Override
  public void close() {
    server.close();
  }

  @Override
  public String toString() {
    return "MockTablestore{" + endpoint() + ", instance=" + instanceName() + "}";
  }

  /** Configures and starts a {@link MockTablestore}. */
  public static final class Builder {
    private String host = DEFAULT_HOST;
    private int port;
    private String instanceName = DEFAULT_INSTANCE;
    private String accessKeyId = DEFAULT_ACCESS_KEY_ID;
    private String accessKeySecret = DEFAULT_ACCESS_KEY_SECRET;
    private long memoryBudgetBytes = -1;
    private Duration idleTimeout = Duration.ofMinutes(5);
    private int workerThreads = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());
    private final FaultPlan faultPlan = new FaultPlan();

    private Builder() {}

    /** Address to bind; default 127.0.0.1. */
    public Builder host(String host) {
      this.host = Objects.requireNonNull(host, "host");
      return this;
    }

    /** Port to bind; default 0 (a free port, see {@link MockTablestore#port()}). */
    public Builder port(int port) {
      this.port = port;
      return this;
    }

    public Builder instanceName(String instanceName) {
      this.instanceName = Objects.requireNonNull(instanceName, "instanceName");
      return this;
    }

    public Builder credentials(String accessKeyId, String accessKeySecret) {
      this.accessKeyId = Objects.requireNonNull(accessKeyId, "accessKeyId");
      this.accessKeySecret = Objects.requireNonNull(accessKeySecret, "accessKeySecret");
      return this;
    }

    /** Estimated heap bytes rows may use; default half the max heap. Beyond it writes get OTSQuotaExhausted. */
    public Builder memoryBudgetBytes(long bytes) {
      if (bytes <= 0) {
        throw new IllegalArgumentException("memoryBudgetBytes must be positive, got " + bytes);
      }
      this.memoryBudgetBytes = bytes;
      return this;
    }

    /** Keep-alive connections idle this long are closed; default 5 minutes. */
    public Builder idleTimeout(Duration idleTimeout) {
      this.idleTimeout = Objects.requireNonNull(idleTimeout, "idleTimeout");
      return this;
    }

    /** Threads executing actions; default max(4, 2 x cores). */
    public Builder workerThreads(int workerThreads) {
      this.workerThreads = workerThreads;
      return this;
    }

    /**
     * Adds an injected error, e.g. {@code PutRow=OTSServerBusy@0.05} or
     * {@code BatchWriteRow.row=OTSServerBusy@0.05} (see {@link FaultPlan#addFault}).
     */
    public Builder fault(String spec) {
      faultPlan.addFault(spec);
      return this;
    }

    /** Adds response latency, e.g. {@code GetRow=2ms} or {@code *=uniform(1ms,5ms)}. */
    public Builder latency(String spec) {
      faultPlan.addLatency(spec);
      return this;
    }

    /** Rows per second each partition serves before responses queue; 0 = unlimited (default). */
    public Builder partitionCapacity(double rowsPerSecond) {
      faultPlan.setPartitionCapacity(rowsPerSecond);
      return this;
    }

    public MockTablestore start() {
      Credentials credentials = new Credentials(instanceName, accessKeyId, accessKeySecret);
      MemoryBudget budget = new MemoryBudget(memoryBudgetBytes > 0 ? memoryBudgetBytes : MemoryBudget.defaultLimitBytes());
      Catalog catalog = new Catalog(budget);
      RequestPipeline pipeline = new RequestPipeline(catalog, credentials, faultPlan, Clock.systemUTC());
      MockHttpServer server = MockHttpServer.start(
          new ServerOptions(host, port, ServiceLimits.MAX_REQUEST_BODY_BYTES, idleTimeout, workerThreads), pipeline);
      return new MockTablestore(credentials, server, faultPlan, budget);
    }
  }
}
