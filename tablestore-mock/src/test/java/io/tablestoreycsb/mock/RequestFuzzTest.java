package io.tablestoreycsb.mock;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.core.protocol.OTSProtocolBuilder;
import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferBuilder;
import com.alicloud.openservices.tablestore.model.BatchGetRowRequest;
import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.ComputeSplitsBySizeRequest;
import com.alicloud.openservices.tablestore.model.Condition;
import com.alicloud.openservices.tablestore.model.CreateTableRequest;
import com.alicloud.openservices.tablestore.model.DeleteRowRequest;
import com.alicloud.openservices.tablestore.model.DeleteTableRequest;
import com.alicloud.openservices.tablestore.model.DescribeTableRequest;
import com.alicloud.openservices.tablestore.model.Direction;
import com.alicloud.openservices.tablestore.model.GetRangeRequest;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.MultiRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.RangeRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.RowDeleteChange;
import com.alicloud.openservices.tablestore.model.RowExistenceExpectation;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.RowUpdateChange;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.TableMeta;
import com.alicloud.openservices.tablestore.model.TableOptions;
import com.alicloud.openservices.tablestore.model.UpdateRowRequest;
import com.alicloud.openservices.tablestore.model.filter.SingleColumnValueFilter;
import com.aliyun.ots.thirdparty.com.google.protobuf.ByteString;
import io.tablestoreycsb.mock.fixtures.TableSpec;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import io.tablestoreycsb.mock.transport.LogLines;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Seeded fuzzing of the endpoint: requests the Java SDK builds (its own OTSProtocolBuilder and
 * PlainBufferBuilder) are mutated (bit flips, truncations, splices, mutated PlainBuffer rows
 * re-wrapped in a valid protobuf, bodies sent to the wrong action, random x-ots headers) and
 * posted, mostly with a valid signature so they reach the decoders. Every answer must be a 2xx
 * or one of the service's own error codes with its status; never OTSInternalServerError, never a
 * dropped connection or a hang; the SDK is served normally afterwards.
 *
 * <p>CI runs {@value #DEFAULT_INPUTS} inputs. The long run (see docs/reliability.md):
 * {@code -Dfuzz.inputs=100000 [-Dfuzz.seed=N] [-Dfuzz.threads=4]}. Input {@code i} is generated
 * from {@code Random(seed + i)} alone, so a failure is reproduced from the printed seed and index.
 */
class RequestFuzzTest {
  static final int DEFAULT_INPUTS = 3000;
  private static final String TABLE = "fuzz";
  private static final String SCRATCH = "scratch";

  @RegisterExtension
  static final MockFixture fx = MockFixture.with(endpoint -> endpoint.memoryBudgetBytes(64L << 20),
      TableSpec.named(TABLE).key("userid", PrimaryKeyType.STRING).maxVersions(3));
  private static List<Seed> seeds;

  /** A valid request; {@code rewrap} rebuilds the body around a different PlainBuffer row, when it has one. */
  record Seed(String action, byte[] body, byte[] row, Function<byte[], byte[]> rewrap) {}

  @BeforeAll
  static void putRowsAndBuildSeeds() throws Exception {
    for (int i = 0; i < 20; i++) {
      fx.client().putRow(new PutRowRequest(put("user" + i)));
    }
    seeds = seeds();
  }

  @Test
  void mutatedSdkRequestsGetServiceAnswersAndTheEndpointKeepsServing() throws Exception {
    int inputs = Integer.getInteger("fuzz.inputs", DEFAULT_INPUTS);
    long seed = Long.getLong("fuzz.seed", 20261122L);
    int threads = Integer.getInteger("fuzz.threads", 4);
    AtomicLong ok = new AtomicLong();
    AtomicLong serviceErrors = new AtomicLong();
    List<String> failures = Collections.synchronizedList(new ArrayList<>());
    long started = System.nanoTime();

    ExecutorService pool = Executors.newFixedThreadPool(threads);
    List<Future<?>> parts = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int first = t;
      parts.add(pool.submit(() -> {
        for (int i = first; i < inputs; i += threads) {
          Input input = generate(new Random(seed + i));
          String problem = check(input);
          if (problem == null) {
            (input.lastStatus == 200 ? ok : serviceErrors).incrementAndGet();
          } else {
            failures.add("input " + i + " (" + input.description + "): " + problem);
          }
        }
      }));
    }
    for (Future<?> part : parts) {
      part.get();
    }
    pool.shutdown();
    long seconds = Duration.ofNanos(System.nanoTime() - started).toSeconds();
    Runtime rt = Runtime.getRuntime();
    System.out.printf("fuzz: seed=%d inputs=%d failed=%d answered2xx=%d serviceErrors=%d seconds=%d heapUsedMiB=%d%n",
        seed, inputs, failures.size(), ok.get(), serviceErrors.get(), seconds, (rt.totalMemory() - rt.freeMemory()) >> 20);
    failures.stream().limit(20).forEach(System.out::println);

    assertThat(failures).isEmpty();
    assertThat(ok.get() + serviceErrors.get()).isEqualTo(inputs);
    // The endpoint still serves the SDK. A fresh table: spliced DeleteTable bodies may validly have dropped TABLE.
    TableMeta after = new TableMeta("after_fuzz");
    after.addPrimaryKeyColumn("userid", PrimaryKeyType.STRING);
    fx.client().createTable(new CreateTableRequest(after, new TableOptions(-1, 1)));
    RowPutChange change = new RowPutChange("after_fuzz", key("k"));
    change.addColumn("field0", ColumnValue.fromString("still-serving"));
    fx.client().putRow(new PutRowRequest(change));
    SingleRowQueryCriteria read = new SingleRowQueryCriteria("after_fuzz", key("k"));
    read.setMaxVersions(1);
    assertThat(fx.client().getRow(new GetRowRequest(read)).getRow().getLatestColumn("field0").getValue().asString())
        .isEqualTo("still-serving");
  }

  @Test
  void idleAndHalfOpenConnectionsAreClosed() throws Exception {
    try (MockTablestore quick = MockTablestore.builder().idleTimeout(Duration.ofSeconds(1)).start()) {
      try (Socket idle = new Socket("127.0.0.1", quick.port())) {
        idle.setSoTimeout(30_000);
        assertThat(idle.getInputStream().read()).as("an idle connection is closed by the server").isEqualTo(-1);
      }
      try (Socket halfOpen = new Socket("127.0.0.1", quick.port())) {
        halfOpen.setSoTimeout(30_000);
        OutputStream out = halfOpen.getOutputStream();
        out.write(("POST /PutRow HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\nonly-a-part")
            .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        InputStream in = halfOpen.getInputStream();
        assertThat(in.readAllBytes()).as("a request that never completes is dropped, not waited on forever").isEmpty();
      }
    }
  }

  /**
   * Malformed HTTP itself (what java.net.http never sends), over raw sockets: garbage or mutated
   * request lines and headers, bad Content-Length, broken chunked bodies, early EOF. The server
   * answers 4xx or closes the connection; never a 5xx, never a hang.
   */
  @Test
  void malformedHttpIsRefusedOrDroppedAndTheServerKeepsServing() throws Exception {
    int inputs = Integer.getInteger("fuzz.httpinputs", 300);
    long seed = Long.getLong("fuzz.seed", 20261122L);
    List<String> failures = new ArrayList<>();
    // The mock names every connection it drops and why (a WARN line each): captured here rather than printed, some
    // 280 of them, and each must say why.
    List<String> dropped;
    try (LogLines drops = new LogLines("io.tablestoreycsb.mock.transport.DroppedConnections")) {
      sendMalformed(inputs, seed, failures);
      dropped = drops.lines();
    }
    System.out.printf("fuzz-http: seed=%d inputs=%d failed=%d dropped=%d%n", seed, inputs, failures.size(),
        dropped.size());
    assertThat(failures).isEmpty();
    assertThat(dropped).isNotEmpty()
        .allSatisfy(line -> assertThat(line).matches("(WARN|INFO) Closing the connection from /127\\.0\\.0\\.1:\\d+: \\S.*"));
    assertThat(fx.raw().post("ListTable", new byte[0]).status()).isEqualTo(200);
  }

  private void sendMalformed(int inputs, long seed, List<String> failures) throws Exception {
    for (int i = 0; i < inputs; i++) {
      Random r = new Random(seed + i);
      byte[] request = malformedHttp(r);
      try (Socket socket = new Socket("127.0.0.1", fx.mock().port())) {
        socket.setSoTimeout(30_000);
        socket.getOutputStream().write(request);
        socket.shutdownOutput();
        byte[] answer = socket.getInputStream().readAllBytes();
        String statusLine = new String(answer, 0, Math.min(answer.length, 12), StandardCharsets.US_ASCII);
        if (statusLine.startsWith("HTTP/1.1 5")) {
          failures.add("input " + i + ": " + statusLine);
        }
      } catch (java.net.SocketTimeoutException e) {
        failures.add("input " + i + ": no answer and no close within 30 s");
      } catch (java.net.SocketException reset) {
        // a connection reset is a legitimate way to refuse garbage
      }
    }
  }

  private static byte[] malformedHttp(Random r) {
    String[] lines = {"POST /PutRow HTTP/1.1", "Host: 127.0.0.1", "x-ots-apiversion: 2015-12-31",
        "Content-Length: 10", ""};
    List<String> l = new ArrayList<>(Arrays.asList(lines));
    String body = "0123456789";
    switch (r.nextInt(8)) {
      case 0 -> l.set(0, randomPrintable(r) + " " + randomPrintable(r) + " HTTP/1.1");
      case 1 -> l.set(0, "POST /" + randomPrintable(r) + " HTTP/" + r.nextInt(4) + "." + r.nextInt(3));
      case 2 -> l.set(3, "Content-Length: " + (r.nextBoolean() ? "-" + r.nextInt(100) : randomPrintable(r)));
      case 3 -> {
        l.set(3, "Transfer-Encoding: chunked");
        body = Integer.toHexString(r.nextInt(1 << 20)) + "\r\n" + randomPrintable(r) + "\r\n" + (r.nextBoolean() ? "0\r\n\r\n" : "");
      }
      case 4 -> l.add(1, randomPrintable(r) + (r.nextBoolean() ? ":" : "") + randomPrintable(r));
      case 5 -> l.add(1, "x-ots-" + "a".repeat(r.nextInt(100_000)) + ": v");
      case 6 -> body = body.substring(0, r.nextInt(body.length())); // EOF before the body ends
      default -> {
        byte[] garbage = new byte[r.nextInt(4096)];
        r.nextBytes(garbage);
        return garbage;
      }
    }
    byte[] bytes = (String.join("\r\n", l) + "\r\n" + body).getBytes(StandardCharsets.ISO_8859_1);
    if (r.nextInt(4) == 0) {
      bytes[r.nextInt(bytes.length)] ^= (byte) (1 << r.nextInt(8));
    }
    return bytes;
  }

  @Test
  void anOversizeBodyIsRefusedFromItsHeadersBeforeItIsSent() throws Exception {
    try (Socket socket = new Socket("127.0.0.1", fx.mock().port())) {
      socket.setSoTimeout(30_000);
      OutputStream out = socket.getOutputStream();
      // Announces 1 GiB and sends none of it: the answer can only come from the headers.
      out.write(("POST /PutRow HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1073741824\r\n\r\n")
          .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      String head = new String(socket.getInputStream().readNBytes(12), StandardCharsets.US_ASCII);
      assertThat(head).isEqualTo("HTTP/1.1 413");
    }
  }

  /** A generated request and, after {@link #check}, the status it got. */
  static final class Input {
    String action;
    byte[] body;
    TreeMap<String, String> headers;
    String description;
    int lastStatus;
  }

  private static Input generate(Random r) {
    Seed seed = seeds.get(r.nextInt(seeds.size()));
    Input in = new Input();
    in.action = seed.action;
    byte[] body = seed.body;
    String what;
    switch (r.nextInt(9)) {
      case 0 -> {
        body = flipBits(body, r, 1 + r.nextInt(8));
        what = "bit flips";
      }
      case 1 -> {
        body = Arrays.copyOf(body, body.length == 0 ? 0 : r.nextInt(body.length));
        what = "truncated";
      }
      case 2 -> {
        body = overwrite(body, r);
        what = "bytes overwritten";
      }
      case 3, 4 -> {
        if (seed.row == null) {
          body = flipBits(body, r, 1);
          what = "bit flip";
        } else {
          byte[] row = r.nextBoolean() ? flipBits(seed.row, r, 1 + r.nextInt(4)) : overwrite(seed.row, r);
          if (r.nextBoolean()) {
            row = Arrays.copyOf(row, r.nextInt(row.length + 1));
          }
          body = seed.rewrap.apply(row);
          what = "PlainBuffer mutated in a valid protobuf";
        }
      }
      case 5 -> {
        Seed other = seeds.get(r.nextInt(seeds.size()));
        body = concat(body, Arrays.copyOfRange(other.body, r.nextInt(other.body.length + 1), other.body.length));
        what = "spliced with " + other.action;
      }
      case 6 -> {
        // Never to DeleteTable: a DescribeTable body there would legitimately drop the table under test.
        do {
          in.action = seeds.get(r.nextInt(seeds.size())).action;
        } while (in.action.equals("DeleteTable"));
        what = "body of " + seed.action + " sent to " + in.action;
      }
      case 7 -> {
        body = new byte[r.nextInt(2048)];
        r.nextBytes(body);
        what = "random bytes";
      }
      default -> {
        what = "headers mutated";
      }
    }
    in.body = body;
    in.headers = fx.raw().signedHeaders(in.action, body, RawOtsHttp.SDK_DATE.format(java.time.Instant.now()));
    if (what.equals("headers mutated") || r.nextInt(10) == 0) {
      what += mutateHeaders(in, r);
    }
    in.description = seed.action + ", " + what;
    return in;
  }

  private static final String[] HEADERS = {"x-ots-date", "x-ots-apiversion", "x-ots-accesskeyid", "x-ots-instancename",
      "x-ots-contentmd5", "x-ots-ststoken", "x-ots-sdk-traceid", "x-ots-trace-threshold", "x-ots-request-compress-type",
      "x-ots-request-compress-size", "x-ots-response-compress-type", "x-ots-signaturev4", "x-ots-signdate",
      "x-ots-signregion", "x-ots-fuzz"};

  private static String mutateHeaders(Input in, Random r) {
    String name = HEADERS[r.nextInt(HEADERS.length)];
    String how;
    switch (r.nextInt(3)) {
      case 0 -> {
        in.headers.remove(name);
        how = " (" + name + " removed)";
      }
      case 1 -> {
        in.headers.put(name, randomPrintable(r));
        how = " (" + name + " random)";
      }
      default -> {
        String old = in.headers.getOrDefault(name, "");
        in.headers.put(name, old.isEmpty() ? "0" : old.substring(0, r.nextInt(old.length())));
        how = " (" + name + " cut)";
      }
    }
    if (r.nextBoolean()) {
      in.headers.put("x-ots-signature", fx.raw().sign(in.action, in.headers));
      how += " re-signed";
    }
    return how;
  }

  /** Null when the answer is one the service could give; otherwise what is wrong with it. */
  private static String check(Input in) {
    RawOtsHttp.Answer answer;
    try {
      answer = fx.raw().send("POST", in.action, in.body, in.headers);
    } catch (AssertionError e) {
      return "no HTTP answer: " + e.getMessage();
    }
    in.lastStatus = answer.status();
    if (answer.status() == 200) {
      return answer.header("x-ots-requestid") == null ? "a 200 without x-ots-requestid" : null;
    }
    OtsInternalApi.Error error;
    try {
      error = OtsInternalApi.Error.parseFrom(answer.body());
    } catch (Exception e) {
      return "status " + answer.status() + " without a protobuf Error body";
    }
    ErrorCode code = ErrorCode.fromCode(error.getCode());
    if (code == null) {
      return "unknown error code " + error.getCode();
    }
    if (code == ErrorCode.INTERNAL_SERVER_ERROR) {
      return "OTSInternalServerError: " + error.getMessage();
    }
    if (code.httpStatus() != answer.status()) {
      return error.getCode() + " with status " + answer.status();
    }
    if (answer.header("x-ots-requestid") == null) {
      return error.getCode() + " without x-ots-requestid";
    }
    return null;
  }

  private static List<Seed> seeds() throws Exception {
    List<Seed> s = new ArrayList<>();
    PutRowRequest putRequest = new PutRowRequest(put("fuzz-put"));
    OtsInternalApi.PutRowRequest putProto = OTSProtocolBuilder.buildPutRowRequest(putRequest);
    s.add(new Seed("PutRow", putProto.toByteArray(), putProto.getRow().toByteArray(),
        row -> putProto.toBuilder().setRow(ByteString.copyFrom(row)).build().toByteArray()));

    RowUpdateChange update = new RowUpdateChange(TABLE, key("user3"));
    update.put("field1", ColumnValue.fromLong(42));
    update.deleteColumns("field2");
    update.deleteColumn("field3", 1000);
    update.setCondition(new Condition(RowExistenceExpectation.EXPECT_EXIST));
    OtsInternalApi.UpdateRowRequest updateProto = OTSProtocolBuilder.buildUpdateRowRequest(new UpdateRowRequest(update));
    s.add(new Seed("UpdateRow", updateProto.toByteArray(), updateProto.getRowChange().toByteArray(),
        row -> updateProto.toBuilder().setRowChange(ByteString.copyFrom(row)).build().toByteArray()));

    OtsInternalApi.DeleteRowRequest deleteProto = OTSProtocolBuilder.buildDeleteRowRequest(
        new DeleteRowRequest(new RowDeleteChange(TABLE, key("user5"))));
    s.add(new Seed("DeleteRow", deleteProto.toByteArray(), deleteProto.getPrimaryKey().toByteArray(),
        row -> deleteProto.toBuilder().setPrimaryKey(ByteString.copyFrom(row)).build().toByteArray()));

    SingleRowQueryCriteria get = criteria("user1");
    get.setFilter(new SingleColumnValueFilter("field0", SingleColumnValueFilter.CompareOperator.EQUAL,
        ColumnValue.fromString("value")));
    OtsInternalApi.GetRowRequest getProto = OTSProtocolBuilder.buildGetRowRequest(new GetRowRequest(get));
    s.add(new Seed("GetRow", getProto.toByteArray(), getProto.getPrimaryKey().toByteArray(),
        row -> getProto.toBuilder().setPrimaryKey(ByteString.copyFrom(row)).build().toByteArray()));

    RangeRowQueryCriteria range = new RangeRowQueryCriteria(TABLE);
    range.setInclusiveStartPrimaryKey(PrimaryKeyBuilder.createPrimaryKeyBuilder()
        .addPrimaryKeyColumn("userid", PrimaryKeyValue.INF_MIN).build());
    range.setExclusiveEndPrimaryKey(PrimaryKeyBuilder.createPrimaryKeyBuilder()
        .addPrimaryKeyColumn("userid", PrimaryKeyValue.INF_MAX).build());
    range.setMaxVersions(2);
    range.setLimit(7);
    range.setDirection(Direction.FORWARD);
    OtsInternalApi.GetRangeRequest rangeProto = OTSProtocolBuilder.buildGetRangeRequest(new GetRangeRequest(range));
    s.add(new Seed("GetRange", rangeProto.toByteArray(), rangeProto.getInclusiveStartPrimaryKey().toByteArray(),
        row -> rangeProto.toBuilder().setInclusiveStartPrimaryKey(ByteString.copyFrom(row)).build().toByteArray()));

    BatchWriteRowRequest batch = new BatchWriteRowRequest();
    batch.addRowChange(put("batch-a"));
    batch.addRowChange(update);
    batch.addRowChange(new RowDeleteChange(TABLE, key("user7")));
    OtsInternalApi.BatchWriteRowRequest batchProto = OTSProtocolBuilder.buildBatchWriteRowRequest(batch);
    s.add(new Seed("BatchWriteRow", batchProto.toByteArray(), batchProto.getTables(0).getRows(0).getRowChange().toByteArray(),
        row -> {
          OtsInternalApi.BatchWriteRowRequest.Builder b = batchProto.toBuilder();
          b.getTablesBuilder(0).getRowsBuilder(0).setRowChange(ByteString.copyFrom(row));
          return b.build().toByteArray();
        }));

    MultiRowQueryCriteria multi = new MultiRowQueryCriteria(TABLE);
    multi.addRow(key("user2"));
    multi.addRow(key("missing"));
    multi.setMaxVersions(1);
    BatchGetRowRequest batchGet = new BatchGetRowRequest();
    batchGet.addMultiRowQueryCriteria(multi);
    OtsInternalApi.BatchGetRowRequest batchGetProto = OTSProtocolBuilder.buildBatchGetRowRequest(batchGet.getCriteriasByTable());
    s.add(new Seed("BatchGetRow", batchGetProto.toByteArray(), batchGetProto.getTables(0).getPrimaryKey(0).toByteArray(),
        row -> {
          OtsInternalApi.BatchGetRowRequest.Builder b = batchGetProto.toBuilder();
          b.getTablesBuilder(0).setPrimaryKey(0, ByteString.copyFrom(row));
          return b.build().toByteArray();
        }));

    TableMeta scratch = new TableMeta(SCRATCH);
    scratch.addPrimaryKeyColumn("pk", PrimaryKeyType.INTEGER);
    scratch.addPrimaryKeyColumn("name", PrimaryKeyType.BINARY);
    CreateTableRequest create = new CreateTableRequest(scratch, new TableOptions(86400, 2));
    s.add(new Seed("CreateTable", OTSProtocolBuilder.buildCreateTableRequest(create).toByteArray(), null, null));
    s.add(new Seed("DescribeTable", OTSProtocolBuilder.buildDescribeTableRequest(new DescribeTableRequest(TABLE)).toByteArray(),
        null, null));
    s.add(new Seed("DeleteTable", OTSProtocolBuilder.buildDeleteTableRequest(new DeleteTableRequest(SCRATCH)).toByteArray(),
        null, null));
    s.add(new Seed("ListTable", OTSProtocolBuilder.buildListTableRequest().toByteArray(), null, null));
    s.add(new Seed("ComputeSplitPointsBySize",
        OTSProtocolBuilder.buildComputeSplitsBySizeRequest(new ComputeSplitsBySizeRequest(TABLE, 1)).toByteArray(), null, null));
    for (Seed seed : s) {
      if (seed.body.length == 0 && !seed.action.equals("ListTable")) {
        throw new IllegalStateException("empty seed for " + seed.action);
      }
    }
    return s;
  }

  private static RowPutChange put(String userid) {
    RowPutChange change = new RowPutChange(TABLE, key(userid));
    for (int f = 0; f < 3; f++) {
      change.addColumn("field" + f, ColumnValue.fromString("value"));
    }
    change.addColumn("n", ColumnValue.fromLong(7));
    change.addColumn("b", ColumnValue.fromBinary(new byte[] {1, 2, 3}));
    change.addColumn("d", ColumnValue.fromDouble(1.5));
    change.addColumn("t", ColumnValue.fromBoolean(true));
    return change;
  }

  private static SingleRowQueryCriteria criteria(String userid) {
    SingleRowQueryCriteria c = new SingleRowQueryCriteria(TABLE, key(userid));
    c.setMaxVersions(1);
    return c;
  }

  private static PrimaryKey key(String userid) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("userid", PrimaryKeyValue.fromString(userid)).build();
  }

  private static byte[] flipBits(byte[] in, Random r, int flips) {
    byte[] out = in.clone();
    for (int i = 0; i < flips && out.length > 0; i++) {
      out[r.nextInt(out.length)] ^= (byte) (1 << r.nextInt(8));
    }
    return out;
  }

  /** Overwrites a run of bytes with random ones or "interesting" values (0, 0xff, 0x7f, 0x80). */
  private static byte[] overwrite(byte[] in, Random r) {
    if (in.length == 0) {
      return new byte[] {(byte) r.nextInt()};
    }
    byte[] out = in.clone();
    int at = r.nextInt(out.length);
    int len = 1 + r.nextInt(Math.min(8, out.length - at));
    byte[] interesting = {0, (byte) 0xff, 0x7f, (byte) 0x80, 0x01};
    for (int i = at; i < at + len; i++) {
      out[i] = r.nextBoolean() ? (byte) r.nextInt() : interesting[r.nextInt(interesting.length)];
    }
    return out;
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  private static String randomPrintable(Random r) {
    StringBuilder s = new StringBuilder();
    int len = r.nextInt(40);
    for (int i = 0; i < len; i++) {
      s.append((char) (0x21 + r.nextInt(0x5e)));
    }
    return s.toString();
  }
}
