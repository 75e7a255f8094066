package io.tablestoreycsb.mock.cli;

import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.mock.faults.Durations;
import io.tablestoreycsb.mock.faults.FaultRule;
import io.tablestoreycsb.mock.faults.LatencyRule;
import io.tablestoreycsb.mock.persist.DataDirectory;
import io.tablestoreycsb.mock.persist.StateFileException;
import io.tablestoreycsb.mock.journal.RequestJournal;
import io.tablestoreycsb.mock.protocol.ServiceLimits;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The standalone mock endpoint: {@code bin/tablestore-mock}.
 *
 * <p>Starts a {@link MockTablestore}, optionally writes a client properties file, prints one
 * ready line on stdout ({@value #READY_PREFIX} ENDPOINT instance=NAME) and serves until SIGTERM
 * or SIGINT, on which it closes the server and exits with status 0.
 */
@Command(name = "tablestore-mock", sortOptions = false,
    versionProvider = MockCli.Version.class,
    description = {
        "A local, protocol-faithful Tablestore endpoint for the official SDKs.",
        "Prints '" + MockCli.READY_PREFIX + " http://HOST:PORT instance=NAME' on stdout when it"
            + " accepts requests; stops cleanly (exit 0) on SIGTERM or SIGINT.",
        "Credentials: access key id from --access-key-id or $" + MockCli.ENV_ACCESS_KEY_ID
            + "; secret from --access-key-secret-file or $" + MockCli.ENV_ACCESS_KEY_SECRET
            + "; defaults " + MockTablestore.DEFAULT_ACCESS_KEY_ID + " / "
            + MockTablestore.DEFAULT_ACCESS_KEY_SECRET + "."},
    footer = {"", "Examples:",
        "  tablestore-mock --port 8800 --write-properties mock.properties",
        "  tablestore-mock --fault PutRow=OTSServerBusy@0.05",
        "  tablestore-mock --latency 'GetRow=uniform(1ms,5ms)' --latency '*=1ms'",
        "  tablestore-mock --partition-capacity 20000",
        "  tablestore-mock --data-dir ./mock-data",
        "See docs/mock-endpoint.md for the fault and latency grammar."})
public final class MockCli implements Callable<Integer> {

  /** The start of the ready line; the endpoint and instance follow. Parsed by tools: keep it. */
  public static final String READY_PREFIX = "tablestore-mock listening on";
  public static final String ENV_ACCESS_KEY_ID = "TABLESTORE_MOCK_ACCESS_KEY_ID";
  public static final String ENV_ACCESS_KEY_SECRET = "TABLESTORE_MOCK_ACCESS_KEY_SECRET";
  /** Set by the container image: there, listening on 0.0.0.0 is expected (see the Dockerfile). */
  public static final String ENV_IN_CONTAINER = "TABLESTORE_MOCK_IN_CONTAINER";
  /** The volume the image declares for {@code --data-dir} (tablestore-mock/Dockerfile). */
  public static final Path CONTAINER_DATA_DIR = Path.of("/data");

  private static final Pattern INSTANCE_NAME = Pattern.compile("[A-Za-z0-9_-]+");

  @Spec
  private CommandSpec spec;

  @Option(names = "--host", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
      description = "Address to listen on (default: ${DEFAULT-VALUE}). Any address other than"
          + " loopback exposes the endpoint to the network and prints a warning.")
  private String host;

  @Option(names = "--port", paramLabel = "PORT", defaultValue = "0",
      description = "TCP port; 0 picks a free one (default: ${DEFAULT-VALUE}).")
  private int port;

  @Option(names = "--instance", paramLabel = "NAME",
      defaultValue = MockTablestore.DEFAULT_INSTANCE,
      description = "Instance name clients must send, [A-Za-z0-9_-]+ (default: ${DEFAULT-VALUE}).")
  private String instance;

  @Option(names = "--access-key-id", paramLabel = "ID",
      description = "Access key id clients must sign with (default: $" + ENV_ACCESS_KEY_ID
          + ", else " + MockTablestore.DEFAULT_ACCESS_KEY_ID + ").")
  private String accessKeyId;

  @Option(names = "--access-key-secret-file", paramLabel = "FILE",
      description = "File holding the access key secret (default: $" + ENV_ACCESS_KEY_SECRET
          + ", else " + MockTablestore.DEFAULT_ACCESS_KEY_SECRET + "). There is no option for"
          + " the secret itself: command lines are visible to other users.")
  private Path accessKeySecretFile;

  @Option(names = "--write-properties", paramLabel = "FILE",
      description = "Write the client properties (tablestore.* endpoint, instance, access key id and"
          + " secret) to FILE (mode 600) before printing the ready line; removed again when the"
          + " mock stops, so a script waiting for FILE never reads a stopped mock's endpoint.")
  private Path propertiesFile;

  @Option(names = "--fault", paramLabel = "SPEC", converter = FaultSpec.class,
      description = "Inject errors, repeatable:%n  ACTION[.row]=CODE@RATE[:MESSAGE]%nfor example"
          + "%n  PutRow=OTSServerBusy@0.05%n  BatchWriteRow.row=OTSServerBusy@1%%")
  private List<FaultRule> faults = new ArrayList<>();

  @Option(names = "--latency", paramLabel = "SPEC", converter = LatencySpec.class,
      description = "Add latency, repeatable: ACTION=TERM[+TERM...] (ACTION may be *) with"
          + " terms such as%n  2ms  uniform(1ms,5ms)  exp(2ms)  spike(50ms@0.01)")
  private List<LatencyRule> latencies = new ArrayList<>();

  @Option(names = "--partition-capacity", paramLabel = "ROWS_PER_SECOND", defaultValue = "0",
      description = "Rows per second each partition serves, reads and writes alike; requests"
          + " beyond it queue (default: ${DEFAULT-VALUE} = unlimited).")
  private double partitionCapacity;

  @Option(names = "--range-pages-across-partitions",
      description = "Let a GetRange page span partitions (ending only at the limit, 5000 rows or 4 MB)."
          + " By default a page ends where the scan leaves its start partition, with a next start"
          + " key, as the service may end it.")
  private boolean rangePagesAcrossPartitions;

  @Option(names = "--memory-budget", paramLabel = "SIZE", converter = MemoryBudget.class,
      description = "Estimated heap the stored rows may use, e.g. 512m or 2g; beyond it writes"
          + " get OTSQuotaExhausted (default: half the JVM's max heap).")
  private Long memoryBudgetBytes;

  @Option(names = "--local-transaction-idle-timeout", paramLabel = "DURATION", converter = Timeout.class,
      description = "Abort a local transaction that gets no request for this long, e.g. 60s or 500ms"
          + " (default: 60s, the service's).")
  private Duration localTransactionIdleTimeout;

  @Option(names = "--body-memory", paramLabel = "SIZE", converter = MemoryBudget.class,
      description = "What request bodies may hold together across all connections, e.g. 256m;"
          + " a body beyond it gets OTSServerBusy and its connection is closed (default: a quarter"
          + " of the JVM's max heap, at least 5m).")
  private Long bodyMemoryBytes;

  @Option(names = "--request-read-timeout", paramLabel = "DURATION", converter = Timeout.class,
      description = "A request must arrive whole within this time of its first byte, e.g. 10s;"
          + " otherwise it gets OTSTimeout and its connection is closed (default: 30s).")
  private Duration requestReadTimeout;

  @Option(names = "--data-dir", paramLabel = "DIR",
      description = "Keep tables, rows, indexes, streams and tunnel checkpoints in DIR (created if"
          + " missing) and load them at start: every acknowledged write survives the process being"
          + " killed. One mock at a time per directory (default: memory only).")
  private Path dataDir;

  @Option(names = "--sync-writes",
      description = "With --data-dir: also force each group commit to the disk (fsync), so"
          + " acknowledged writes survive a crash of the machine, not only of the process.")
  private boolean syncWrites;

  @Option(names = "--seed", paramLabel = "FILE",
      description = "Start from the snapshot FILE (written by POST /_mock/snapshot or"
          + " MockTablestore.snapshot, or a stopped mock's DIR/state.mv). With --data-dir, the"
          + " directory must be new or empty.")
  private Path seed;
  @Option(names = "--journal-capacity", paramLabel = "ROWS",
      defaultValue = "" + RequestJournal.DEFAULT_CAPACITY,
      description = "Rows the request journal keeps for GET /_mock/journal (a request weighs its rows,"
          + " at least 1; the oldest go first); 0 turns it off (default: ${DEFAULT-VALUE}).")
  private int journalCapacity;

  @Option(names = "--admin-signed",
      description = "Serve the admin API (/_mock/...) only to requests signed with the mock's credentials,"
          + " also on loopback. Bound beyond loopback it always requires them.")
  private boolean adminSigned;

  @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
  private boolean help;

  @Option(names = {"-V", "--version"}, versionHelp = true, description = "Print the version and exit.")
  private boolean version;

  private final Map<String, String> env;
  private final CountDownLatch stop;
  private volatile MockTablestore running;
  private volatile ReadyPropertiesFile readyFile;

  MockCli(Map<String, String> env, CountDownLatch stop) {
    this.env = env;
    this.stop = stop;
  }

  public static void main(String[] args) {
    CountDownLatch stop = new CountDownLatch(1);
    Signals.onTerminate(stop::countDown);
    System.exit(run(args, System.getenv(), stop, new PrintWriter(System.out, true),
        new PrintWriter(System.err, true)));
  }

  /**
   * Parses {@code args}, serves until {@code stop} opens, and returns the exit status: 0 after a
   * clean stop or --help, 2 for a bad option, 1 when the server cannot start.
   */
  static int run(String[] args, Map<String, String> env, CountDownLatch stop, PrintWriter out,
      PrintWriter err) {
    CommandLine commandLine = commandLine(env, stop).setOut(out).setErr(err);
    int status = commandLine.execute(args);
    out.flush();
    err.flush();
    return status;
  }

  /** The command line of the mock, with its error handlers (help-text checks use it too). */
  public static CommandLine commandLine(Map<String, String> env, CountDownLatch stop) {
    return new CommandLine(new MockCli(env, stop))
        .setParameterExceptionHandler(MockCli::reportBadOption)
        .setExecutionExceptionHandler((e, cmd, parsed) -> {
          cmd.getErr().println("tablestore-mock: " + e.getMessage());
          cmd.getErr().flush();
          return 1;
        });
  }

  /**
   * Reports a bad option in one line. Unknown arguments are not echoed (only unknown option
   * names are): a mistyped option may have been followed by a secret.
   */
  private static int reportBadOption(ParameterException e, String[] args) {
    PrintWriter err = e.getCommandLine().getErr();
    String message = e.getMessage();
    if (e instanceof UnmatchedArgumentException unmatched) {
      List<String> names = unmatched.getUnmatched().stream()
          .filter(a -> a.startsWith("-")).map(a -> a.replaceFirst("=.*", ""))
          .collect(Collectors.toList());
      List<String> suggestions = unmatched.getSuggestions();
      message = names.isEmpty() ? "unexpected arguments (this command takes only options)"
          : "unknown option " + String.join(", ", names)
              + (suggestions.isEmpty() ? "" : "; did you mean " + suggestions.get(0) + "?");
      if (names.contains("--access-key-secret")) {
        message += ": there is no option for the secret itself, as command lines are visible"
            + " to other users; use --access-key-secret-file FILE or $" + ENV_ACCESS_KEY_SECRET;
      }
    }
    err.println("tablestore-mock: " + message);
    err.println("Try 'tablestore-mock --help' for the options.");
    err.flush();
    return e.getCommandLine().getCommandSpec().exitCodeOnInvalidInput();
  }

  @Override
  public Integer call() throws Exception {
    validate();
    var builder = MockTablestore.builder()
        .host(host)
        .port(port)
        .instanceName(instance)
        .credentials(resolveAccessKeyId(), resolveAccessKeySecret())
        .partitionCapacity(partitionCapacity)
        .rangePagesEndAtPartitionBoundary(!rangePagesAcrossPartitions)
        .journalCapacity(journalCapacity)
        .adminSigned(adminSigned);

    faults.forEach(builder::fault);
    latencies.forEach(builder::latency);
    if (memoryBudgetBytes != null) {
      builder.memoryBudgetBytes(memoryBudgetBytes);
    }
    if (localTransactionIdleTimeout != null) {
      builder.localTransactionIdleTimeout(localTransactionIdleTimeout);
    }
    if (bodyMemoryBytes != null) {
      builder.bodyMemoryBytes(bodyMemoryBytes);
    }
    if (requestReadTimeout != null) {
      builder.requestReadTimeout(requestReadTimeout);
    }
    if (dataDir != null) {
      builder.dataDirectory(dataDir).syncDataDirectory(syncWrites);
    }
    if (seed != null) {
      builder.seed(seed);
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    warnIfExposed(err);
    warnIfContainerDataUnused(err);
    Thread closeOnExit = new Thread(this::closeQuietly, "tablestore-mock-shutdown");
    Runtime.getRuntime().addShutdownHook(closeOnExit);
    try {
      try {
        running = builder.start();
      } catch (StateFileException e) {
        throw new IllegalStateException(e.getMessage() + containerHint(e), e); // the data directory or seed, not the address
      } catch (IllegalArgumentException e) {
        throw new IllegalStateException(e.getMessage(), e); // about the data directory or seed, not the address
      } catch (Exception e) {
        throw new IllegalStateException("cannot start on " + host + ":" + port + ": "
            + e.getMessage(), e);
      }
      if (propertiesFile != null) {
        writeProperties(running);
      }
      String plan = running.faultPlan().describe();
      if (!plan.startsWith("no faults")) {
        err.println("tablestore-mock " + plan.replace("\n", "\ntablestore-mock "));
        err.flush();
      }
      out.println(readyLine(running));
      out.flush();
      stop.await();
      return 0;
    } finally {
      closeQuietly();
      try {
        Runtime.getRuntime().removeShutdownHook(closeOnExit);
      } catch (IllegalStateException shuttingDown) {
        // The hook is already running; it closes the server too.
      }
    }
  }

  /** The line printed when the endpoint accepts requests. */
  public static String readyLine(MockTablestore mock) {
    return READY_PREFIX + " " + mock.endpoint() + " instance=" + mock.instanceName();
  }

  private void validate() {
    if (port < 0 || port > 65535) {
      throw new ParameterException(spec.commandLine(),
          "Invalid value for option '--port': " + port + " is not in 0..65535");
    }
    if (!INSTANCE_NAME.matcher(instance).matches()) {
      throw new ParameterException(spec.commandLine(), "Invalid value for option '--instance': '"
          + instance + "' must match [A-Za-z0-9_-]+");
    }
    if (bodyMemoryBytes != null && bodyMemoryBytes < ServiceLimits.MAX_REQUEST_BODY_BYTES) {
      throw new ParameterException(spec.commandLine(), "Invalid value for option '--body-memory': "
          + bodyMemoryBytes + " bytes is less than one request of the largest size (5m)");
    }
    if (!(partitionCapacity >= 0) || Double.isInfinite(partitionCapacity)) {
      throw new ParameterException(spec.commandLine(),
          "Invalid value for option '--partition-capacity': " + partitionCapacity
              + " (rows per second; 0 or more, 0 = unlimited)");
    }
    if (syncWrites && dataDir == null) {
      throw new ParameterException(spec.commandLine(), "--sync-writes needs --data-dir DIR (there is nothing to sync)");
    }
    if (seed != null && !Files.isRegularFile(seed)) {
      throw new ParameterException(spec.commandLine(), "Invalid value for option '--seed': no such file " + seed);
    }
    if (journalCapacity < 0) {
      throw new ParameterException(spec.commandLine(), "Invalid value for option '--journal-capacity': "
          + journalCapacity + " (rows to keep; 0 turns the journal off)");
    }
    if (accessKeyId != null && accessKeyId.isBlank()) {
      throw new ParameterException(spec.commandLine(),
          "Invalid value for option '--access-key-id': it is empty");
    }
  }

  private String resolveAccessKeyId() {
    if (accessKeyId != null) {
      return accessKeyId;
    }
    String fromEnv = env.get(ENV_ACCESS_KEY_ID);
    return fromEnv == null || fromEnv.isBlank() ? MockTablestore.DEFAULT_ACCESS_KEY_ID : fromEnv;
  }

  private String resolveAccessKeySecret() {
    if (accessKeySecretFile != null) {
      String secret;
      try {
        secret = Files.readString(accessKeySecretFile).strip();
      } catch (IOException e) {
        throw new ParameterException(spec.commandLine(),
            "Invalid value for option '--access-key-secret-file': cannot read "
                + accessKeySecretFile + " (" + e.getClass().getSimpleName() + ")");
      }
      if (secret.isEmpty()) {
        throw new ParameterException(spec.commandLine(),
            "Invalid value for option '--access-key-secret-file': " + accessKeySecretFile
                + " is empty");
      }
      return secret;
    }
    String fromEnv = env.get(ENV_ACCESS_KEY_SECRET);
    return fromEnv == null || fromEnv.isEmpty()
        ? MockTablestore.DEFAULT_ACCESS_KEY_SECRET : fromEnv;
  }

  /**
   * A container started again on its volume without {@code --data-dir /data} would start empty and
   * keep nothing, silently: the volume's data is there, this mock just does not use it.
   */
  private void warnIfContainerDataUnused(PrintWriter err) {
    if (dataDir == null && "true".equals(env.get(ENV_IN_CONTAINER)) && DataDirectory.isDataDirectory(CONTAINER_DATA_DIR)) {
      err.println("WARNING: tablestore-mock: " + CONTAINER_DATA_DIR + " holds a tablestore-mock data directory, but"
          + " without --data-dir " + CONTAINER_DATA_DIR + " this mock neither loads nor keeps it: it starts empty and"
          + " its tables are lost when the container stops.");
      err.flush();
    }
  }

  private void warnIfExposed(PrintWriter err) {
    InetAddress address;
    try {
      address = InetAddress.getByName(host);
    } catch (UnknownHostException e) {
      throw new ParameterException(spec.commandLine(),
          "Invalid value for option '--host': cannot resolve '" + host + "'");
    }
    String notice = exposureNotice(address, host, env);
    if (notice != null) {
      err.println(notice);
      err.flush();
    }
  }

  /**
   * In a container, how to give the mock a directory it may write: the image's user owns a new named
   * volume, while a host directory keeps its host owner.
   */
  private String containerHint(StateFileException e) {
    if (!e.notWritable() || !"true".equals(env.get(ENV_IN_CONTAINER))) {
      return "";
    }
    return " In a container: mount a named volume (docker run -v NAME:/data), or run the container as the"
        + " host directory's owner (docker run --user \"$(id -u):$(id -g)\" -v \"$PWD/DIR:/data\").";
  }

  /** What to tell the user about listening on {@code address}; null for loopback. */
  static String exposureNotice(InetAddress address, String host, Map<String, String> env) {
    if (address.isLoopbackAddress()) {
      return null;
    }
    if ("true".equals(env.get(ENV_IN_CONTAINER))) {
      return "tablestore-mock: listening on " + host + " inside a container; publish the port"
          + " on the host's loopback only, e.g. docker run -p 127.0.0.1:8800:8800";
    }
    return "WARNING: tablestore-mock is listening on " + host + ", not on loopback: other"
        + " machines can reach it, and it accepts well-known test credentials. Use --host"
        + " 127.0.0.1 unless that is what you want.";
  }

  private void writeProperties(MockTablestore mock) throws IOException {
    try {
      readyFile = ReadyPropertiesFile.write(propertiesFile, mock);
    } catch (IOException | RuntimeException e) {
      throw new IOException("cannot write --write-properties file " + propertiesFile + ": "
          + e.getMessage(), e);
    }
  }

  private void closeQuietly() {
    // The file first: whoever still finds it should find a mock that answers.
    ReadyPropertiesFile file = readyFile;
    if (file != null) {
      readyFile = null;
      file.removeIfUnchanged();
    }
    MockTablestore mock = running;
    if (mock != null) {
      running = null;
      try {
        mock.close();
      } catch (Exception e) {
        // Stopping anyway; nothing useful to do with a failure to close.
      }
    }
  }

  /** The --version line: this jar's version as Maven recorded it. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() throws IOException {
      String version = "unknown";
      try (var in = MockCli.class.getResourceAsStream(
          "/META-INF/maven/io.tablestoreycsb/tablestore-mock/pom.properties")) {
        if (in != null) {
          java.util.Properties p = new java.util.Properties();
          p.load(in);
          version = p.getProperty("version", version);
        }
      }
      return new String[] {"tablestore-mock tablestore-ycsb " + version};
    }
  }

  /** Parses a --fault spec into the rule the builder takes, so a mistake is reported against the option. */
  static final class FaultSpec implements ITypeConverter<FaultRule> {
    @Override
    public FaultRule convert(String value) {
      try {
        return FaultRule.parse(value);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }

  /** Parses a --latency spec into the rule the builder takes. */
  static final class LatencySpec implements ITypeConverter<LatencyRule> {
    @Override
    public LatencyRule convert(String value) {
      try {
        return LatencyRule.parse(value);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }

  /** Parses --memory-budget. */
  static final class MemoryBudget implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
      try {
        return ByteSize.parse(value);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }

  /**
   * Parses a positive duration with a unit (ns, us, ms, s): --request-read-timeout and
   * --local-transaction-idle-timeout.
   */
  static final class Timeout implements ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
      long nanos;
      try {
        nanos = Durations.parseNanos(value, value);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
      if (nanos <= 0) {
        throw new TypeConversionException("'" + value + "' must be longer than 0");
      }
      return Duration.ofNanos(nanos);
    }
  }
}
