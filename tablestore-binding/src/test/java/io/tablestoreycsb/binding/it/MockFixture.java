package io.tablestoreycsb.binding.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablestoreycsb.binding.tools.TableTool;
import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.mock.faults.FaultRule;
import io.tablestoreycsb.mock.journal.RecordedRequest;
import io.tablestoreycsb.mock.protocol.ActionName;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import site.ycsb.measurements.Measurements;

/**
 * A mock endpoint plus helpers: the properties a run needs, the table tool, and what the endpoint
 * received (its request journal).
 *
 * <p>A test class registers one with {@code @RegisterExtension static final MockFixture fx =
 * MockFixture.perClass();}: it starts before the class's {@code @BeforeAll} methods (which may
 * create tables), clears injected faults and the request journal after each test, and closes the
 * endpoint and deletes its directory after all tests. {@link #start(Path)} makes an extra one by hand.
 */
final class MockFixture implements AutoCloseable, BeforeAllCallback, AfterEachCallback, AfterAllCallback {
  // Set once: in the constructor, or in beforeAll for a per-class fixture.
  MockTablestore mock;
  Path dir;
  Path endpointProperties;
  private boolean ownsDir;

  static {
    // YCSB's measurement singleton must be configured before anything asks for it.
    Measurements.setProperties(new Properties());
  }

  /** Whether the endpoint listens outside the ephemeral port range (see {@link #perClassRestartable()}). */
  private final boolean restartable;
  /** Injected in every test: from the start, and again after each test's own faults are cleared. */
  private final List<FaultRule> faultsInEveryTest;

  private MockFixture(boolean restartable, List<FaultRule> faultsInEveryTest) {
    this.restartable = restartable;
    this.faultsInEveryTest = faultsInEveryTest;
  }

  private MockFixture(MockTablestore mock, Path dir) throws IOException {
    this(false, List.of());
    open(mock, dir);
  }

  private void open(MockTablestore mock, Path dir) throws IOException {
    this.mock = mock;
    this.dir = dir;
    this.endpointProperties = dir.resolve("endpoint.properties");
    mock.writeProperties(endpointProperties);
  }

  /**
   * Rows the request journal keeps: the largest test (FaultToleranceTest at the full sizes)
   * sends about 300,000 rows to one endpoint, each row's journal entry a few references.
   */
  static final int JOURNAL_ROWS = 1_000_000;

  /** A fixture started now, writing into {@code dir}; the caller closes it. */
  static MockFixture start(Path dir) throws IOException {
    return new MockFixture(MockTablestore.builder().journalCapacity(JOURNAL_ROWS).start(), dir);
  }

  /**
   * A fixture for {@code @RegisterExtension}: one endpoint for the whole test class, injecting
   * {@code faultsInEveryTest} in each of its tests.
   */
  static MockFixture perClass(FaultRule... faultsInEveryTest) {
    return new MockFixture(false, List.of(faultsInEveryTest));
  }

  /**
   * {@link #perClass()} for a class that stops and resumes the endpoint on its port. The port is
   * taken below the kernel's ephemeral range: while nothing listens on an ephemeral port, a client
   * reconnecting to it can be given that same port as its own and connect to itself (TCP's
   * simultaneous open), and the endpoint then cannot listen there again ("Address already in use").
   */
  static MockFixture perClassRestartable() {
    return new MockFixture(true, List.of());
  }

  @Override
  public void beforeAll(ExtensionContext context) throws IOException {
    ownsDir = true;
    MockTablestore.Builder builder = MockTablestore.builder().journalCapacity(JOURNAL_ROWS);
    if (restartable) {
      builder.port(FixedPorts.belowEphemeralRange());
    }
    faultsInEveryTest.forEach(builder::fault);
    open(builder.start(), Files.createTempDirectory("mock-fixture"));
  }

  @Override
  public void afterEach(ExtensionContext context) {
    mock.faultPlan().clear();
    faultsInEveryTest.forEach(mock.faultPlan()::addFault);
    mock.journal().clear();
  }

  /** What the endpoint received for {@code table} of {@code action}, in the order it answered. */
  List<RecordedRequest> received(ActionName action, String table) {
    return mock.journal().requests(r -> r.action() == action && table.equals(r.table()));
  }

  @Override
  public void afterAll(ExtensionContext context) throws IOException {
    close();
    if (ownsDir) {
      try (Stream<Path> files = Files.walk(dir)) {
        for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }
  }

  /** Connection properties plus fast failure (no SDK retries) unless a test says otherwise. */
  Properties props(String... keyValues) {
    Properties p = new Properties();
    p.setProperty("tablestore.endpoint", mock.endpoint());
    p.setProperty("tablestore.instance", mock.instanceName());
    p.setProperty("tablestore.accesskeyid", mock.accessKeyId());
    p.setProperty("tablestore.accesskeysecret", mock.accessKeySecret());
    p.setProperty("tablestore.retry", "none");
    p.setProperty("tablestore.connectiontimeout", "2000");
    p.setProperty("tablestore.sockettimeout", "10000");
    return set(p, keyValues);
  }

  /**
   * {@link #props()} for a YCSB phase: {@code rows} records of {@code table}, the binding's
   * statistics written to {@code statsFile}, then {@code keyValues} (the row shape, retries...).
   */
  Properties phase(String table, long rows, Path statsFile, String... keyValues) {
    Properties p = props("table=" + table, "recordcount=" + rows, "tablestore.statsfile=" + statsFile);
    return set(p, keyValues);
  }

  /** Sets each {@code key=value} of {@code keyValues} in {@code p}; returns {@code p}. */
  static Properties set(Properties p, String... keyValues) {
    for (String kv : keyValues) {
      int eq = kv.indexOf('=');
      p.setProperty(kv.substring(0, eq), kv.substring(eq + 1));
    }
    return p;
  }

  /**
   * The requests the binding sent, each once. The SDK's HTTP client sometimes reports a call the
   * server answered as failed ("Connection closed", its connection-lease race; the binding resends
   * it and counts it in sdkRetries.ClientException): the server then received that request twice,
   * the second time with the same rows. Such repeats are left out, and there are no more of them
   * than the binding counted. {@code json} is the run's statistics file.
   */
  List<RecordedRequest> receivedOnce(ActionName action, String table, JsonNode json) {
    List<RecordedRequest> received = received(action, table);
    List<RecordedRequest> distinct = new ArrayList<>();
    Set<List<String>> seen = new HashSet<>();
    int repeats = 0;
    for (RecordedRequest r : received) {
      List<String> rows = keys(List.of(r));
      boolean allWritten = r.succeeded() && r.failedRows().isEmpty();
      if (allWritten && !seen.add(rows)) {
        repeats++; // the same rows, all written before: only a resend of an answered call does that
      } else {
        distinct.add(r);
      }
    }
    assertThat(repeats).as("requests received twice").isLessThanOrEqualTo(json.at("/sdkRetries/ClientException").asInt());
    return distinct;
  }

  /** The {@code userid} of every row of {@code requests}, in order. */
  static List<String> keys(List<RecordedRequest> batches) {
    return batches.stream().flatMap(b -> b.rows().stream()).map(r -> r.key("userid")).toList();
  }
  /** Runs bin/tablestore-table's main code in-process; returns exit code, stdout and stderr. */
  ToolResult tableTool(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.add(1, "-P");
    all.add(2, endpointProperties.toString());
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = TableTool.run(all.toArray(new String[0]), new PrintWriter(out, true), new PrintWriter(err, true));
    return new ToolResult(code, out.toString(), err.toString());
  }

  void createTable(String table, String... extra) {
    List<String> args = new ArrayList<>(List.of("create", "--table", table));
    args.addAll(List.of(extra));
    ToolResult r = tableTool(args.toArray(new String[0]));
    if (r.code != 0) {
      throw new IllegalStateException("create failed: " + r.err);
    }
  }

  long count(String table) {
    ToolResult r = tableTool("count", "--table", table);
    if (r.code != 0) {
      throw new IllegalStateException("count failed: " + r.err);
    }
    return Long.parseLong(r.out.trim());
  }

  Path file(String name) {
    return dir.resolve(name);
  }

  String read(Path file) throws IOException {
    return Files.readString(file);
  }

  @Override
  public void close() {
    mock.close();
  }

  record ToolResult(int code, String out, String err) {
  }
}
