package io.tablestoreycsb.binding.it;

import io.tablestoreycsb.binding.tools.TableTool;
import io.tablestoreycsb.mock.MockTablestore;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Comparator;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import site.ycsb.measurements.Measurements;

/**
 * A mock endpoint plus helpers: the properties a run needs, and the table tool.
 *
 * <p>A test class registers one with {@code @RegisterExtension static final MockFixture fx =
 * MockFixture.perClass();}: it starts before the class's {@code @BeforeAll} methods (which may
 * create tables), clears injected faults after each test, and closes the endpoint and deletes its
 * directory after all tests. {@link #start(Path)} makes an extra one by hand.
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

  private MockFixture() {
  }

  private MockFixture(MockTablestore mock, Path dir) throws IOException {
    open(mock, dir);
  }

  private void open(MockTablestore mock, Path dir) throws IOException {
    this.mock = mock;
    this.dir = dir;
    this.endpointProperties = dir.resolve("endpoint.properties");
    mock.writeProperties(endpointProperties);
  }

  /** A fixture started now, writing into {@code dir}; the caller closes it. */
  static MockFixture start(Path dir) throws IOException {
    return new MockFixture(MockTablestore.builder().start(), dir);
  }

  /** A fixture for {@code @RegisterExtension}: one endpoint for the whole test class. */
  static MockFixture perClass() {
    return new MockFixture();
  }

  @Override
  public void beforeAll(ExtensionContext context) throws IOException {
    ownsDir = true;
    open(MockTablestore.builder().start(), Files.createTempDirectory("mock-fixture"));
  }

  @Override
  public void afterEach(ExtensionContext context) {
    mock.faultPlan().clear();
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
    for (String kv : keyValues) {
      int eq = kv.indexOf('=');
      p.setProperty(kv.substring(0, eq), kv.substring(eq + 1));
    }
    return p;
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
