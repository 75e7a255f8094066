package io.tablestoreycsb.binding.config;

import com.alicloud.openservices.tablestore.ClientConfiguration;
import com.alicloud.openservices.tablestore.InternalClient;
import com.alicloud.openservices.tablestore.SyncClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * The binding's settings, parsed and validated once from YCSB's properties (plus the credential
 * environment variables). Every problem is reported as a {@link ConfigException} naming the
 * property; a {@code tablestore.*} key the binding does not read is one too ({@link KnownProperties}).
 * The access key secret and STS token are never part of {@link #toString()}.
 */
public final class ClientConfig {
  public static final String ENDPOINT = "tablestore.endpoint";
  public static final String INSTANCE = "tablestore.instance";
  public static final String ACCESS_KEY_ID = "tablestore.accesskeyid";
  public static final String ACCESS_KEY_SECRET = "tablestore.accesskeysecret";
  public static final String STS_TOKEN = "tablestore.ststoken";
  public static final String PRIMARY_KEY = "tablestore.primarykey";
  public static final String BATCH_SIZE = "tablestore.batchsize";
  public static final String BATCH_RETRIES = "tablestore.batchretries";
  public static final String BATCH_GROUPING = "tablestore.batchgrouping";
  public static final String MAX_VERSIONS = "tablestore.maxversions";
  public static final String CONNECTION_TIMEOUT = "tablestore.connectiontimeout";
  public static final String SOCKET_TIMEOUT = "tablestore.sockettimeout";
  public static final String MAX_CONNECTIONS = "tablestore.maxconnections";
  public static final String RETRY = "tablestore.retry";
  public static final String RETRY_BUDGET = "tablestore.retrybudget";
  public static final String CLIENT_PER_THREAD = "tablestore.clientperthread";
  public static final String SCAN_WRAP = "tablestore.scanwrap";
  public static final String STATS_FILE = "tablestore.statsfile";

  /** Property names of YCSB's own Tablestore binding, accepted as aliases. */
  static final String ALIAS_ENDPOINT = "alibaba.cloud.tablestore.end_point";
  static final String ALIAS_INSTANCE = "alibaba.cloud.tablestore.instance_name";
  static final String ALIAS_ACCESS_KEY_ID = "alibaba.cloud.tablestore.access_id";
  static final String ALIAS_ACCESS_KEY_SECRET = "alibaba.cloud.tablestore.access_key";
  static final String ALIAS_PRIMARY_KEY = "alibaba.cloud.tablestore.primary_key";
  static final String ALIAS_MAX_VERSIONS = "alibaba.cloud.tablestore.max_version";
  static final String ALIAS_CONNECTION_TIMEOUT = "alibaba.cloud.tablestore.connection_timeout";
  static final String ALIAS_SOCKET_TIMEOUT = "alibaba.cloud.tablestore.socket_timeout";
  static final String ALIAS_MAX_CONNECTIONS = "alibaba.cloud.tablestore.max_connections";

  public static final String ENV_ACCESS_KEY_ID = "TABLESTORE_ACCESS_KEY_ID";
  public static final String ENV_ACCESS_KEY_SECRET = "TABLESTORE_ACCESS_KEY_SECRET";
  public static final String ENV_STS_TOKEN = "TABLESTORE_STS_TOKEN";

  /** YCSB core's own properties that the binding reads. */
  public static final String YCSB_TABLE = "table";
  public static final String YCSB_TABLE_DEFAULT = "usertable";
  public static final String YCSB_THREAD_COUNT = "threadcount";

  public static final int MAX_BATCH_ROWS = 200;
  public static final int DEFAULT_BATCH_RETRIES = 5;
  public static final int SDK_DEFAULT_TIMEOUT_MS = 30_000;
  /** How long a request that failed on its connection is resent by default: rides out a 10 s outage with room. */
  public static final long DEFAULT_RETRY_BUDGET_MS = 30_000;
  static final long MAX_RETRY_BUDGET_MS = 3_600_000;

  /** The SDK accepts only http(s)://host[:port][/], without a path. */
  private static final Pattern ENDPOINT_FORMAT =
      Pattern.compile("^https?://[A-Za-z0-9.\\-]+(:[0-9]{1,5})?/?$");
  private static final Pattern INSTANCE_FORMAT = Pattern.compile("^[A-Za-z0-9_-]+$");
  private static final Pattern COLUMN_NAME_FORMAT = Pattern.compile("^[A-Za-z_][A-Za-z0-9_]{0,254}$");

  /** How the SDK retries: its default strategy, or never (to measure the raw service). */
  public enum RetryMode { SDK, NONE }

  /**
   * What goes into one BatchWriteRow: rows in the order they come (NONE), or only rows of one
   * partition (PARTITION: buffered per partition, from the table's split points).
   */
  public enum BatchGrouping { NONE, PARTITION }

  private final String endpoint;
  private final String instance;
  private final String accessKeyId;
  private final String accessKeySecret;
  private final String stsToken;
  private final String table;
  private final String primaryKey;
  private final int batchSize;
  private final int batchRetries;
  private final BatchGrouping batchGrouping;
  private final int maxVersions;
  private final int connectionTimeoutMs;
  private final int socketTimeoutMs;
  private final int maxConnections;
  private final RetryMode retryMode;
  private final long retryBudgetMs;
  private final boolean clientPerThread;
  private final boolean scanWrap;
  private final Path statsFile;

  private ClientConfig(Properties props, Map<String, String> env) {
    KnownProperties.checkBindingKeys(props);
    PropertyReader r = new PropertyReader(props, env);
    endpoint = required(r.get(ENDPOINT, ALIAS_ENDPOINT), ENDPOINT,
        "the service address, e.g. https://myinstance.cn-hangzhou.ots.aliyuncs.com");
    if (EndpointText.hasUserInfo(endpoint)) {
      // Never echoed: the part before '@' may be a password.
      throw new ConfigException(shown(r, ENDPOINT, ALIAS_ENDPOINT) + " must not hold a user name or password (got '"
          + EndpointText.withoutUserInfo(endpoint) + "' with user information before it, not shown); give the"
          + " credentials with " + ACCESS_KEY_ID + " and " + ACCESS_KEY_SECRET + " or their environment variables");
    }
    if (!ENDPOINT_FORMAT.matcher(endpoint).matches()) {
      throw new ConfigException(shown(r, ENDPOINT, ALIAS_ENDPOINT)
          + " must look like http(s)://host[:port] with no path, got '" + endpoint + "'");
    }
    instance = required(r.get(INSTANCE, ALIAS_INSTANCE), INSTANCE, "the Tablestore instance name");
    if (!INSTANCE_FORMAT.matcher(instance).matches()) {
      throw new ConfigException(shown(r, INSTANCE, ALIAS_INSTANCE)
          + " may hold only letters, digits, '_' and '-', got '" + instance + "'");
    }
    accessKeyId = r.getOrEnv(ACCESS_KEY_ID, ALIAS_ACCESS_KEY_ID, ENV_ACCESS_KEY_ID);
    if (accessKeyId == null) {
      throw new ConfigException("no access key id: set " + ACCESS_KEY_ID
          + " or the environment variable " + ENV_ACCESS_KEY_ID);
    }
    accessKeySecret = r.getOrEnv(ACCESS_KEY_SECRET, ALIAS_ACCESS_KEY_SECRET, ENV_ACCESS_KEY_SECRET);
    if (accessKeySecret == null) {
      throw new ConfigException("no access key secret: set " + ACCESS_KEY_SECRET
          + " (in a properties file, not on the command line) or the environment variable "
          + ENV_ACCESS_KEY_SECRET);
    }
    stsToken = r.getOrEnv(STS_TOKEN, null, ENV_STS_TOKEN);

    table = r.get(YCSB_TABLE, null) == null ? YCSB_TABLE_DEFAULT : r.get(YCSB_TABLE, null);
    primaryKey = r.get(PRIMARY_KEY, ALIAS_PRIMARY_KEY) == null
        ? "userid" : r.get(PRIMARY_KEY, ALIAS_PRIMARY_KEY);
    if (!COLUMN_NAME_FORMAT.matcher(primaryKey).matches()) {
      throw new ConfigException(shown(r, PRIMARY_KEY, ALIAS_PRIMARY_KEY)
          + " must be a column name (letters, digits, '_', not starting with a digit), got '"
          + primaryKey + "'");
    }
    batchSize = r.getInt(BATCH_SIZE, null, 1, 1, MAX_BATCH_ROWS);
    maxVersions = r.getInt(MAX_VERSIONS, ALIAS_MAX_VERSIONS, 1, 1, Integer.MAX_VALUE);
    connectionTimeoutMs = r.getInt(CONNECTION_TIMEOUT, ALIAS_CONNECTION_TIMEOUT,
        SDK_DEFAULT_TIMEOUT_MS, 1, Integer.MAX_VALUE);
    socketTimeoutMs = r.getInt(SOCKET_TIMEOUT, ALIAS_SOCKET_TIMEOUT,
        SDK_DEFAULT_TIMEOUT_MS, 1, Integer.MAX_VALUE);
    int threadCount = r.getInt(YCSB_THREAD_COUNT, null, 1, 1, Integer.MAX_VALUE);
    clientPerThread = r.getBoolean(CLIENT_PER_THREAD, false);
    scanWrap = r.getBoolean(SCAN_WRAP, false);
    // A synchronous YCSB thread has at most one request in flight: size the pool to the threads
    // that share it, so a run neither queues on connections nor opens hundreds it never uses.
    int sizedToThreads = clientPerThread ? 1 : threadCount;
    maxConnections = r.getInt(MAX_CONNECTIONS, ALIAS_MAX_CONNECTIONS, sizedToThreads, 1, 100_000);

    String retry = r.get(RETRY, null);
    if (retry == null || retry.equalsIgnoreCase("sdk")) {
      retryMode = RetryMode.SDK;
    } else if (retry.equalsIgnoreCase("none")) {
      retryMode = RetryMode.NONE;
    } else {
      throw new ConfigException(RETRY + " must be 'sdk' or 'none', got '" + retry + "'");
    }
    // With retry=none the user wants the raw service: no resend after a connection failure either,
    // unless told to.
    retryBudgetMs = r.getMillis(RETRY_BUDGET, retryMode == RetryMode.NONE ? 0 : DEFAULT_RETRY_BUDGET_MS,
        MAX_RETRY_BUDGET_MS);
    // With retry=none the user wants the raw service: the binding does not retry batch rows either
    // unless told to.
    batchRetries = r.getInt(BATCH_RETRIES, null,
        retryMode == RetryMode.NONE ? 0 : DEFAULT_BATCH_RETRIES, 0, 100);

    String grouping = r.get(BATCH_GROUPING, null);
    if (grouping == null || grouping.equalsIgnoreCase("none")) {
      batchGrouping = BatchGrouping.NONE;
    } else if (grouping.equalsIgnoreCase("partition")) {
      batchGrouping = BatchGrouping.PARTITION;
    } else {
      throw new ConfigException(BATCH_GROUPING + " must be 'none' or 'partition', got '" + grouping + "'");
    }

    String stats = r.get(STATS_FILE, null);
    try {
      statsFile = stats == null ? null : Paths.get(stats);
    } catch (RuntimeException e) {
      throw new ConfigException(STATS_FILE + " is not a usable path: '" + stats + "'");
    }
    if (statsFile != null) {
      checkWritable(statsFile);
    }
  }

  /**
   * The stats file is written at the end of the run: refuse a path that cannot be written now,
   * rather than lose the figures after the whole run.
   */
  private static void checkWritable(Path file) {
    Path absolute = file.toAbsolutePath();
    if (Files.isDirectory(absolute)) {
      throw new ConfigException(STATS_FILE + " is a directory, not a file: '" + file + "'");
    }
    Path existing = absolute.getParent();
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null || !Files.isDirectory(existing) || !Files.isWritable(existing)) {
      throw new ConfigException(STATS_FILE + " cannot be written: '" + file + "' ("
          + (existing == null ? "no existing parent" : "'" + existing + "' is not a writable directory") + ")");
    }
  }

  /** Parses and validates; environment variables come from the process. */
  public static ClientConfig from(Properties props) {
    return from(props, System.getenv());
  }

  public static ClientConfig from(Properties props, Map<String, String> env) {
    return new ClientConfig(Objects.requireNonNull(props), Objects.requireNonNull(env));
  }

  private static String required(String value, String name, String what) {
    if (value == null) {
      throw new ConfigException(name + " is not set: it must name " + what);
    }
    return value;
  }

  private static String shown(PropertyReader r, String name, String alias) {
    String set = r.nameSet(name, alias);
    return set == null ? name : set;
  }

  public String endpoint() {
    return endpoint;
  }

  public String instance() {
    return instance;
  }

  public String accessKeyId() {
    return accessKeyId;
  }

  /** Only for handing to the SDK; never log it. */
  String accessKeySecret() {
    return accessKeySecret;
  }

  /** Only for handing to the SDK; never log it. */
  String stsToken() {
    return stsToken;
  }

  /**
   * An SDK client for these settings' endpoint, instance and credentials with {@code sdk}'s
   * connection settings. Built here so that the secret and the token leave this class only for the SDK.
   */
  public SyncClient syncClient(ClientConfiguration sdk) {
    if (stsToken != null) {
      return new SyncClient(endpoint, accessKeyId, accessKeySecret, instance, sdk, stsToken);
    }
    return new SyncClient(endpoint, accessKeyId, accessKeySecret, instance, sdk);
  }

  /** The SDK's lower-level client for these settings, as {@link #syncClient}. */
  public InternalClient internalClient(ClientConfiguration sdk) {
    return new InternalClient(endpoint, accessKeyId, accessKeySecret, instance, sdk, null, stsToken);
  }

  public String table() {
    return table;
  }

  public String primaryKey() {
    return primaryKey;
  }

  public int batchSize() {
    return batchSize;
  }

  public int batchRetries() {
    return batchRetries;
  }

  /** How rows are grouped into batches (with {@link #batchSize} above 1). */
  public BatchGrouping batchGrouping() {
    return batchGrouping;
  }

  public int maxVersions() {
    return maxVersions;
  }

  public int connectionTimeoutMs() {
    return connectionTimeoutMs;
  }

  public int socketTimeoutMs() {
    return socketTimeoutMs;
  }

  public int maxConnections() {
    return maxConnections;
  }

  public RetryMode retryMode() {
    return retryMode;
  }

  /**
   * How long a request that failed on its connection (refused, reset, closed, timed out) is sent
   * again, in ms; 0: not at all.
   */
  public long retryBudgetMs() {
    return retryBudgetMs;
  }

  public boolean clientPerThread() {
    return clientPerThread;
  }

  /**
   * Whether a scan that reaches the end of the table continues from its beginning (up to, not
   * including, its own start key), so that every scan returns the asked number of rows while the
   * table holds that many. Off by default: YCSB's scan is "the next N rows from the start key".
   */
  public boolean scanWrap() {
    return scanWrap;
  }

  /** Where to write the JSON run statistics, or null. */
  public Path statsFile() {
    return statsFile;
  }

  /**
   * Identifies the settings that a shared SDK client depends on, so DB instances with the same
   * settings share one client. The secret enters only as a hash.
   */
  public String clientKey() {
    return String.join("|", endpoint, instance, accessKeyId,
        Integer.toHexString(Objects.hashCode(accessKeySecret)),
        Integer.toHexString(Objects.hashCode(stsToken)),
        String.valueOf(connectionTimeoutMs), String.valueOf(socketTimeoutMs),
        String.valueOf(maxConnections), retryMode.name(), String.valueOf(retryBudgetMs));
  }

  @Override
  public String toString() {
    return "ClientConfig{endpoint=" + endpoint + ", instance=" + instance
        + ", accessKeyId=" + accessKeyId + ", accessKeySecret=<redacted>"
        + (stsToken == null ? "" : ", stsToken=<redacted>")
        + ", table=" + table + ", primaryKey=" + primaryKey + ", batchSize=" + batchSize
        + ", batchRetries=" + batchRetries + ", batchGrouping=" + batchGrouping.name().toLowerCase()
        + ", maxVersions=" + maxVersions
        + ", connectionTimeoutMs=" + connectionTimeoutMs + ", socketTimeoutMs=" + socketTimeoutMs
        + ", maxConnections=" + maxConnections + ", retry=" + retryMode.name().toLowerCase() + ", retryBudgetMs=" + retryBudgetMs
        + ", clientPerThread=" + clientPerThread + ", scanWrap=" + scanWrap + ", statsFile=" + statsFile + "}";
  }
}
