package io.tablestoreycsb.binding.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tablestoreycsb.binding.tools.TableTool;
import io.tablestoreycsb.mock.faults.FaultPlan;
import io.tablestoreycsb.mock.faults.Injection;
import io.tablestoreycsb.mock.operations.RequestPipeline;
import io.tablestoreycsb.mock.protocol.Credentials;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.protocol.ServiceLimits;
import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.storage.MemoryBudget;
import io.tablestoreycsb.mock.transport.MockHttpServer;
import io.tablestoreycsb.mock.transport.ServerOptions;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.measurements.Measurements;

/**
 * {@code tablestore.batchgrouping=partition} as the server sees it: the mock's request pipeline with an
 * injection that notes, for every BatchWriteRow it serves, which partitions the request's rows fell in
 * (the pipeline reserves partition capacity once per partition a request touches, on the request's own
 * thread). Grouped batches touch one partition each; ungrouped ones many. Rows failing with injected
 * row faults are sent again, and every row ends up in the table.
 */
class BatchGroupingTest {
  private static final int ROWS = 4000;
  private static final int PARTITIONS = 16;

  static {
    // YCSB's measurement singleton must be configured before anything asks for it.
    Measurements.setProperties(new Properties());
  }

  private static PartitionsPerRequest seen;
  private static MockHttpServer server;
  private static Path endpoint;

  @BeforeAll
  static void start(@TempDir Path dir) throws Exception {
    Credentials credentials = new Credentials("grouping", "test-id", "test-secret");
    seen = new PartitionsPerRequest(FaultPlan.none().addFault("BatchWriteRow.row=OTSServerBusy@0.1"));
    RequestPipeline pipeline = new RequestPipeline(new Catalog(new MemoryBudget(256L << 20)), credentials, seen,
        Clock.systemUTC(), true);
    server = MockHttpServer.start(new ServerOptions("127.0.0.1", 0, ServiceLimits.MAX_REQUEST_BODY_BYTES,
        Duration.ofMinutes(1), 4), pipeline);
    endpoint = dir.resolve("endpoint.properties");
    Files.writeString(endpoint, "tablestore.endpoint=http://127.0.0.1:" + server.port() + "\n"
        + "tablestore.instance=grouping\ntablestore.accesskeyid=test-id\ntablestore.accesskeysecret=test-secret\n");
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void groupedBatchesTouchOnePartitionEachAndLoseNoRowUnderRowFaults(@TempDir Path dir) throws Exception {
    List<Set<String>> grouped = load("grouped", "partition", dir);
    assertThat(grouped).isNotEmpty();
    assertThat(grouped).as("partitions of each BatchWriteRow, as the server saw them").allSatisfy(partitions ->
        assertThat(partitions).hasSizeLessThanOrEqualTo(1));
    assertThat(grouped.stream().flatMap(Set::stream).distinct().count()).isEqualTo(PARTITIONS);

    // Without grouping a 50-row batch of MD5-spread keys falls in most of the 16 partitions.
    List<Set<String>> mixed = load("mixed", "none", dir);
    assertThat(mixed.stream().mapToInt(Set::size).max().orElse(0)).isGreaterThan(8);
  }

  /** Loads ROWS rows with 50-row batches from 4 threads; returns the partitions of each BatchWriteRow. */
  private static List<Set<String>> load(String table, String grouping, Path dir) throws Exception {
    assertThat(tool("create", "--table", table, "--partitions", Integer.toString(PARTITIONS))).isEqualTo(0);
    Path stats = dir.resolve(table + ".json");
    Properties p = new Properties();
    try (var in = Files.newBufferedReader(endpoint)) {
      p.load(in);
    }
    p.setProperty("tablestore.retry", "none");
    p.setProperty("tablestore.batchsize", "50");
    p.setProperty("tablestore.batchretries", "50");
    p.setProperty("tablestore.batchgrouping", grouping);
    p.setProperty("tablestore.statsfile", stats.toString());
    p.setProperty("table", table);
    p.setProperty("recordcount", Integer.toString(ROWS));
    p.setProperty("fieldcount", "2");
    p.setProperty("fieldlength", "20");
    seen.clear();

    YcsbRun.run(p, true, 4);

    JsonNode json = new ObjectMapper().readTree(stats.toFile());
    assertThat(json.at("/errors/OTSServerBusy").asLong()).as("row faults were injected").isPositive();
    assertThat(json.at("/batch/rowsFailed").asLong()).isZero();
    assertThat(json.at("/rows/written").asLong()).isEqualTo(ROWS);
    assertThat(count(table)).as("rows in the table").isEqualTo(ROWS);
    return seen.batches(table);
  }

  private static int tool(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.add(1, "-P");
    all.add(2, endpoint.toString());
    return TableTool.run(all.toArray(new String[0]), new PrintWriter(new StringWriter()),
        new PrintWriter(new StringWriter()));
  }

  private static long count(String table) {
    StringWriter out = new StringWriter();
    int code = TableTool.run(new String[] {"count", "-P", endpoint.toString(), "--table", table},
        new PrintWriter(out, true), new PrintWriter(new StringWriter()));
    assertThat(code).isZero();
    return Long.parseLong(out.toString().strip());
  }

  /**
   * The server's view: a BatchWriteRow starts with the request-fault check, and the pipeline then
   * reserves capacity for each partition the request served, on the same thread.
   */
  private static final class PartitionsPerRequest implements Injection {
    private final Injection faults;
    private final ThreadLocal<Set<String>> current = new ThreadLocal<>();
    private final List<Set<String>> batches = Collections.synchronizedList(new ArrayList<>());

    PartitionsPerRequest(Injection faults) {
      this.faults = faults;
    }

    void clear() {
      batches.clear();
    }

    /** The partitions of each BatchWriteRow on {@code table} ("table/partition"), ones that wrote no row empty. */
    List<Set<String>> batches(String table) {
      synchronized (batches) {
        return batches.stream().filter(b -> b.isEmpty() || b.iterator().next().startsWith(table + "/")).toList();
      }
    }

    @Override
    public OtsException requestFault(String action) {
      if (action.equals("BatchWriteRow")) {
        Set<String> partitions = Collections.synchronizedSet(new TreeSet<>());
        current.set(partitions);
        batches.add(partitions);
      } else {
        current.remove();
      }
      return faults.requestFault(action);
    }

    @Override
    public OtsException rowFault(String action) {
      return faults.rowFault(action);
    }

    @Override
    public long addedLatencyNanos(String action) {
      return faults.addedLatencyNanos(action);
    }

    @Override
    public long reserveCapacityNanos(String table, int partition, int rows) {
      Set<String> partitions = current.get();
      if (partitions != null) {
        partitions.add(table + "/" + partition);
      }
      return faults.reserveCapacityNanos(table, partition, rows);
    }
  }
}
