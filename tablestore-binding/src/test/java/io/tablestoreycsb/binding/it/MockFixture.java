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
import java.util.Properties;
import site.ycsb.measurements.Measurements;

/** A mock endpoint plus helpers: the properties a run needs, and the table tool. */
final class MockFixture implements AutoCloseable {
  final MockTablestore mock;
  final Path dir;
  final Path endpointProperties;

  static {
    // YCSB's measurement singleton must be configured before anything asks for it.
    Measurements.setProperties(new Properties());
  }

  MockFixture(MockTablestore mock, Path dir) throws IOException {
    this.mock = mock;
    this.dir = dir;
    this.endpointProperties = dir.resolve("endpoint.properties");
    mock.writeProperties(endpointProperties);
  }

  static MockFixture start(Path dir) throws IOException {
    return new MockFixture(MockTablestore.builder().start(), dir);
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
