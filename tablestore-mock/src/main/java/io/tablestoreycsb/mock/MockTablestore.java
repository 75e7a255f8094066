package io.tablestoreycsb.mock;

import io.tablestoreycsb.mock.admin.AdminAccess;
import io.tablestoreycsb.mock.admin.AdminContext;
import io.tablestoreycsb.mock.admin.AdminRouter;
import io.tablestoreycsb.mock.admin.AdminRoutes;
import io.tablestoreycsb.mock.admin.StateReset;
import io.tablestoreycsb.mock.faults.FaultPlan;
import io.tablestoreycsb.mock.faults.FaultRule;
import io.tablestoreycsb.mock.faults.LatencyRule;
import io.tablestoreycsb.mock.journal.RequestJournal;
import io.tablestoreycsb.mock.operations.LoadReport;
import io.tablestoreycsb.mock.operations.LocalTransactions;
import io.tablestoreycsb.mock.operations.RequestPipeline;
import io.tablestoreycsb.mock.persist.DataDirectory;
import io.tablestoreycsb.mock.persist.MockState;
import io.tablestoreycsb.mock.persist.Snapshots;
import io.tablestoreycsb.mock.transport.RequestHandler;
import io.tablestoreycsb.mock.protocol.Credentials;
import io.tablestoreycsb.mock.protocol.ServiceLimits;
import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.storage.StoredRow;
import io.tablestoreycsb.mock.storage.Table;
import io.tablestoreycsb.mock.tunnel.TunnelService;
import io.tablestoreycsb.mock.storage.MemoryBudget;
import io.tablestoreycsb.mock.transport.MockHttpServer;
import io.tablestoreycsb.mock.transport.RequestHandler;
import io.tablestoreycsb.mock.transport.ServerOptions;
import java.io.IOException;
import java.io.Writer;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Iterator;
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
  private final FaultPlan faultPlan;
  private final RequestJournal journal;
  private final MemoryBudget budget;
  /**
   * What the server hands requests to: the admin API in front of the Tablestore pipeline, behind
   * the data directory's durable replies when there is one.
   */
  private final RequestHandler handler;
  private final AdminContext admin;
  private final boolean adminSigned;
  private final Catalog catalog;
  /** Snapshots, restores and the data directory (null in it when the state is kept in memory only). */
  private final MockState state;
  /** The options of the first start, with its actual port, so a resumed server listens where clients expect it. */
  private final ServerOptions options;
  private final String host;
  private final int port;
  /** Null while serving is stopped; guarded by {@code this}. */
  private MockHttpServer server;
  private boolean closed;

  private MockTablestore(Credentials credentials, MockHttpServer server, FaultPlan faultPlan, RequestJournal journal,
      MemoryBudget budget, RequestHandler handler, AdminContext admin, boolean adminSigned, ServerOptions options) {
    this.credentials = credentials;
    this.server = server;
    this.faultPlan = faultPlan;
    this.journal = journal;
    this.budget = budget;
    this.handler = handler;
    this.admin = admin;
    this.adminSigned = adminSigned;
    this.catalog = admin.catalog();
    this.state = admin.state();
    this.host = server.host();
    this.port = server.port();
    this.options = new ServerOptions(options.host(), port, options.maxRequestBodyBytes(), options.bodyMemoryBytes(),
        options.requestReadTimeout(), options.idleTimeout(), options.workerThreads());
  }

  public static Builder builder() {
    return new Builder();
  }

  /** {@code http://<host>:<port>}, the form the SDKs accept (no path). */
  public String endpoint() {
    return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }

  public int port() {
    return port;
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

  /**
   * What the mock served, request by request: take them as they arrive or query the ones kept
   * (see {@link RequestJournal}). Off (every query refused) when started with
   * {@code journalCapacity(0)}.
   */
  public RequestJournal journal() {
    return journal;
  }

  /**
   * Drops every table (rows, indexes, streams), every tunnel and every open local transaction, as
   * {@code POST /_mock/reset} does; fault rules and the journal stay.
   */
  public StateReset.Dropped reset() {
    return StateReset.reset(admin);
  }

  /**
   * Whether the admin API ({@code /_mock/...}) needs signed requests: when bound beyond loopback,
   * or when built with {@code adminSigned(true)}. See docs/mock-admin.md.
   */
  public boolean adminSigned() {
    return adminSigned;
  }

  /**
   * How many rows {@code table} holds now, counted in the mock's storage: no request is made, so no
   * partition capacity is spent and nothing is journaled (a GetRange over the whole table pays for every
   * row it reads). A row counts from the moment its write is applied; a row whose cells have all
   * outlived the table's time to live still counts, though reads no longer return it.
   *
   * @throws IllegalArgumentException when there is no such table
   */
  public long rowCount(String table) {
    Table stored = catalog.find(table);
    if (stored == null) {
      throw new IllegalArgumentException("the mock has no table '" + table + "' (tables: " + catalog.names() + ")");
    }
    long rows = 0;
    for (Iterator<StoredRow> it = stored.allRows(); it.hasNext(); it.next()) {
      rows++;
    }
    return rows;
  }

  /** Bytes of row data the memory budget allows. */
  public long memoryBudgetBytes() {
    return budget.limitBytes();
  }

  /**
   * Stops listening and drops every open connection (requests in flight get a connection reset),
   * keeping tables, rows and the fault plan, to simulate an endpoint that goes away. No-op when
   * already stopped.
   */
  public synchronized void stopServing() {
    if (server != null) {
      server.close();
      server = null;
    }
  }

  /** Listens again on the same address and port, serving the data kept by {@link #stopServing()}. */
  public synchronized void resumeServing() {
    if (closed) {
      throw new IllegalStateException("the mock is closed");
    }
    if (server == null) {
      server = MockHttpServer.start(options, handler);
    }
  }

  /** False between {@link #stopServing()} and {@link #resumeServing()}, and after {@link #close()}. */
  public synchronized boolean isServing() {
    return server != null;
  }

  /**
   * Writes {@code tablestore.endpoint}, {@code tablestore.instance}, {@code tablestore.accesskeyid}
   * and {@code tablestore.accesskeysecret} to {@code file} (a properties file for the binding).
   * The file holds the secret, so it is created readable by its owner only (mode 600).
   */
  public void writeProperties(Path file) throws IOException {
    Properties p = new Properties();
    p.setProperty("tablestore.endpoint", endpoint());
    p.setProperty("tablestore.instance", instanceName());
    p.setProperty("tablestore.accesskeyid", accessKeyId());
    p.setProperty("tablestore.accesskeysecret", accessKeySecret());
    PrivateFiles.createOwnerOnly(file);
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      p.store(w, "Tablestore mock endpoint");
    }
  }

  /**
   * Writes the whole state (tables with their settings and split points, rows with their
   * versions, secondary indexes, streams, tunnels and their checkpoints) to {@code file}, replacing
   * it whole. The file is in the data directory's format: it seeds a mock ({@code --seed}, {@link
   * Builder#seed}) or {@link #restore}s one. Rows written while it runs may or may not be in it.
   */
  public void snapshot(Path file) throws IOException {
    state.snapshot(file);
  }

  /**
   * Replaces every table, row, stream and tunnel with those of the snapshot {@code file} (and,
   * with a data directory, what the directory keeps, before this returns). Requests in flight
   * meanwhile may see either state; a file that is not a snapshot is refused before anything
   * changes ({@link io.tablestoreycsb.mock.persist.StateFileException}).
   */
  public void restore(Path file) {
    state.restore(file);
  }

  /** The data directory the state is kept in, or null when it is kept in memory only. */
  public Path dataDirectory() {
    return state.dataDirectory() == null ? null : state.dataDirectory().path();
  }

  /** Stops the server and, with a data directory, writes what is left and releases it; calling it again does nothing. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    stopServing();
    if (state.dataDirectory() != null) {
      state.dataDirectory().close();
    }
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
    private long bodyMemoryBytes = -1;
    private Duration requestReadTimeout = ServerOptions.DEFAULT_REQUEST_READ_TIMEOUT;
    private int workerThreads;
    private boolean rangePagesEndAtPartitionBoundary = true;
    private Duration localTransactionIdleTimeout = LocalTransactions.DEFAULT_IDLE_TIMEOUT;
    private int journalCapacity = RequestJournal.DEFAULT_CAPACITY;
    private boolean adminSigned;
    private final FaultPlan faultPlan = new FaultPlan();
    private Path dataDirectory;
    private boolean syncDataDirectory;
    private Path seed;

    private Builder() {}

    /**
     * Keeps the state in {@code dir} (created if missing): what it holds is loaded at start, and
     * every write is in it before it is answered, so acknowledged writes survive the process
     * being killed. One mock at a time uses a directory. Default: none (memory only).
     */
    public Builder dataDirectory(Path dir) {
      this.dataDirectory = Objects.requireNonNull(dir, "dataDirectory");
      return this;
    }

    /**
     * With a data directory: also force every group commit to the disk (fsync), so acknowledged
     * writes survive the machine too, at the disk's flush latency per commit. Default false.
     */
    public Builder syncDataDirectory(boolean sync) {
      this.syncDataDirectory = sync;
      return this;
    }

    /**
     * Starts from the snapshot {@code file} ({@link MockTablestore#snapshot}, or a stopped mock's
     * {@code DIR/state.mv}). With a data directory, the directory must be empty (a new one).
     */
    public Builder seed(Path file) {
      this.seed = Objects.requireNonNull(file, "seed");
      return this;
    }

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

    /**
     * What request bodies may hold together across all connections, from their first byte until
     * their action has run; default a quarter of the max heap. Memory grows with the bytes that
     * arrive, not with the Content-Length a client announces; a body that would go beyond gets
     * OTSServerBusy and its connection is closed. At least the 5 MB body limit.
     */
    public Builder bodyMemoryBytes(long bytes) {
      if (bytes < ServiceLimits.MAX_REQUEST_BODY_BYTES) {
        throw new IllegalArgumentException("bodyMemoryBytes must be at least the " + ServiceLimits.MAX_REQUEST_BODY_BYTES
            + "-byte request body limit, got " + bytes);
      }
      this.bodyMemoryBytes = bytes;
      return this;
    }

    /**
     * A request must arrive whole (request line, headers, body) this long after its first byte;
     * default 30 s. Otherwise it is answered OTSTimeout and its connection closed, so a client
     * that trickles bytes cannot hold a connection and its buffer for ever.
     */
    public Builder requestReadTimeout(Duration timeout) {
      Objects.requireNonNull(timeout, "requestReadTimeout");
      if (timeout.isNegative() || timeout.isZero()) {
        throw new IllegalArgumentException("requestReadTimeout must be positive, got " + timeout);
      }
      this.requestReadTimeout = timeout;
      return this;
    }

    /**
     * 0 (the default): actions run on the I/O threads that read the requests, the cheapest path.
     * n > 0: a pool of n threads runs them, so that one connection's long action (a 5,000-row
     * GetRange, a large BatchGetRow) cannot delay requests on other connections that share its I/O
     * thread; each request then costs two thread handoffs more.
     */
    public Builder workerThreads(int workerThreads) {
      if (workerThreads < 0) {
        throw new IllegalArgumentException("workerThreads must be 0 (run actions on the I/O threads) or positive, got "
            + workerThreads);
      }
      this.workerThreads = workerThreads;
      return this;
    }

    /**
     * Adds an injected error, e.g. {@code FaultRule.of(ActionName.PUT_ROW, ErrorCode.SERVER_BUSY, 0.05)}
     * or {@code FaultRule.onRows(ActionName.BATCH_WRITE_ROW, ErrorCode.SERVER_BUSY, 0.05)}.
     */
    public Builder fault(FaultRule rule) {
      faultPlan.addFault(rule);
      return this;
    }

    /**
     * Adds an injected error given as a spec, e.g. {@code PutRow=OTSServerBusy@0.05} or
     * {@code BatchWriteRow.row=OTSServerBusy@0.05} (see {@link FaultRule#parse}).
     */
    public Builder fault(String spec) {
      return fault(FaultRule.parse(spec));
    }

    /** Adds response latency, e.g. {@code LatencyRule.of(ActionName.GET_ROW, Duration.ofMillis(2))}. */
    public Builder latency(LatencyRule rule) {
      faultPlan.addLatency(rule);
      return this;
    }

    /** Adds response latency given as a spec, e.g. {@code GetRow=2ms} or {@code *=uniform(1ms,5ms)}. */
    public Builder latency(String spec) {
      return latency(LatencyRule.parse(spec));
    }

    /**
     * true (the default): a GetRange page ends where the scan leaves the partition its start key is
     * in, with next_start_primary_key set, as the service may end it, so a client that does not
     * follow next_start_primary_key sees short scans here as it would against the service. false:
     * pages end only at the limit, 5000 rows or 4 MB.
     */
    public Builder rangePagesEndAtPartitionBoundary(boolean endAtBoundary) {
      this.rangePagesEndAtPartitionBoundary = endAtBoundary;
      return this;
    }

    /**
     * How long a local transaction may go without a request before it is aborted: 60 s, the
     * service's, by default; shorter in tests of the time-out.
     */
    public Builder localTransactionIdleTimeout(Duration idleTimeout) {
      if (idleTimeout.isNegative() || idleTimeout.isZero()) {
        throw new IllegalArgumentException("localTransactionIdleTimeout must be positive, got " + idleTimeout);
      }
      this.localTransactionIdleTimeout = idleTimeout;
      return this;
    }

    /**
     * How many rows the request journal keeps (a request weighs its rows, at least 1); past it the
     * oldest requests are dropped and counted. Default {@value RequestJournal#DEFAULT_CAPACITY};
     * 0 turns the journal off.
     */
    public Builder journalCapacity(int rows) {
      if (rows < 0) {
        throw new IllegalArgumentException("journalCapacity must be 0 (off) or a positive number of rows, got " + rows);
      }
      this.journalCapacity = rows;
      return this;
    }

    /**
     * true: the admin API ({@code /_mock/...}) serves only requests signed with the mock's
     * credentials, even on loopback. Bound beyond loopback it always does. Default false.
     */
    public Builder adminSigned(boolean signed) {
      this.adminSigned = signed;
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
      TunnelService tunnels = new TunnelService(catalog, instanceName, Clock.systemUTC());
      RequestJournal journal = new RequestJournal(journalCapacity);
      LocalTransactions transactions = new LocalTransactions(localTransactionIdleTimeout);
      RequestPipeline pipeline = new RequestPipeline(catalog, credentials, faultPlan, journal, Clock.systemUTC(),
          rangePagesEndAtPartitionBoundary, tunnels.actions(), transactions);
      int maxBody = ServiceLimits.MAX_REQUEST_BODY_BYTES;
      ServerOptions options = new ServerOptions(host, port, maxBody,
          bodyMemoryBytes > 0 ? bodyMemoryBytes : ServerOptions.defaultBodyMemoryBytes(maxBody),
          requestReadTimeout, idleTimeout, workerThreads);
      DataDirectory data = dataDirectory == null ? null : DataDirectory.open(dataDirectory, syncDataDirectory);
      try {
        MockState state = new MockState(catalog, tunnels, data, Clock.systemUTC());
        AdminContext admin = new AdminContext(instanceName, catalog, faultPlan, journal, tunnels, transactions, state);
        boolean signed = adminSigned || !isLoopback(host);
        RequestHandler handler = new AdminRouter(AdminRoutes.standard(admin),
            signed ? AdminAccess.signed(credentials, Clock.systemUTC()) : AdminAccess.open(),
            new LoadReport(faultPlan.load(), pipeline));
        if (data == null) {
          if (seed != null) {
            Snapshots.read(seed, catalog, tunnels, Clock.systemUTC());
          }
        } else {
          if (seed != null && !data.isEmpty()) {
            throw new IllegalArgumentException("cannot seed data directory " + dataDirectory + " from " + seed
                + ": it already holds tables (a seed starts a new directory); use an empty directory, or drop the seed");
          }
          // Outermost: a request that changed the state, through the Tablestore API or the admin API, is answered once it is kept.
          handler = data.start(catalog, tunnels, handler, Clock.systemUTC());
          if (seed != null) {
            data.pause();
            Snapshots.read(seed, catalog, tunnels, Clock.systemUTC());
            data.keepCurrentState();
          }
        }
        MockHttpServer server = MockHttpServer.start(options, handler);
        return new MockTablestore(credentials, server, faultPlan, journal, budget, handler, admin, signed, options);
      } catch (RuntimeException e) {
        if (data != null) {
          data.close();
        }
        throw e;
      }
    }

    /** Whether {@code host} is a loopback address; one that does not resolve counts as not. */
    private static boolean isLoopback(String host) {
      try {
        return InetAddress.getByName(host).isLoopbackAddress();
      } catch (UnknownHostException e) {
        return false;
      }
    }
  }
}
