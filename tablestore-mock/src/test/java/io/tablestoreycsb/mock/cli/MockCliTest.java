package io.tablestoreycsb.mock.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.InternalClient;
import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.CommitTransactionRequest;
import com.alicloud.openservices.tablestore.model.CreateTableRequest;
import com.alicloud.openservices.tablestore.model.CreateTableRequestEx;
import com.alicloud.openservices.tablestore.model.GetRangeRequest;
import com.alicloud.openservices.tablestore.model.GetRangeResponse;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.RangeRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.StartLocalTransactionRequest;
import com.alicloud.openservices.tablestore.model.TableMeta;
import com.alicloud.openservices.tablestore.model.TableOptions;
import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.mock.faults.FaultRule;
import io.tablestoreycsb.mock.faults.LatencyRule;
import io.tablestoreycsb.mock.fixtures.UserTable;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The launcher's main logic, run in this JVM: options, credentials, properties, ready line. */
@Timeout(60) // a hang guard, not a timed assertion
class MockCliTest {

  @TempDir
  Path dir;

  private final ExecutorService executor = Executors.newSingleThreadExecutor();
  private final CountDownLatch stop = new CountDownLatch(1);
  private final StringWriter err = new StringWriter();

  @AfterEach
  void stopServer() {
    stop.countDown();
    executor.shutdown();
  }

  /** Runs the CLI in the background; returns its first stdout line and its exit status. */
  private Started start(Map<String, String> env, String... args) throws Exception {
    PipedInputStream stdout = new PipedInputStream();
    PrintWriter out = new PrintWriter(new PipedOutputStream(stdout), true);
    Future<Integer> status = executor.submit(() -> {
      try {
        return MockCli.run(args, env, stop, out, new PrintWriter(err, true));
      } finally {
        out.close();
      }
    });
    BufferedReader lines = new BufferedReader(new InputStreamReader(stdout, StandardCharsets.UTF_8));
    return new Started(lines.readLine(), status);
  }

  private record Started(String firstLine, Future<Integer> status) {
  }

  private static Properties load(Path file) throws Exception {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(file)) {
      p.load(r);
    }
    return p;
  }

  private static SyncClient clientFrom(Properties p) {
    return new SyncClient(p.getProperty("tablestore.endpoint"),
        p.getProperty("tablestore.accesskeyid"), p.getProperty("tablestore.accesskeysecret"),
        p.getProperty("tablestore.instance"));
  }

  @Test
  void writesWorkingClientPropertiesThenPrintsTheReadyLineAndStopsWithStatusZero()
      throws Exception {
    Path props = dir.resolve("conf/mock.properties");

    Started started = start(Map.of(), "--port", "0", "--write-properties", props.toString());

    ReadyLine ready = ReadyLine.parse(started.firstLine());
    assertThat(ready.instance()).isEqualTo("mock");
    Properties p = load(props);
    assertThat(p).containsEntry("tablestore.endpoint", ready.endpoint())
        .containsEntry("tablestore.instance", "mock")
        .containsEntry("tablestore.accesskeyid", MockTablestore.DEFAULT_ACCESS_KEY_ID)
        .containsEntry("tablestore.accesskeysecret", MockTablestore.DEFAULT_ACCESS_KEY_SECRET);
    assertThat(Files.getPosixFilePermissions(props))
        .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);

    SyncClient client = clientFrom(p);
    try {
      UserTable users = new UserTable(client, "usertable").create();
      users.put("user1", "field0", "hello");
      assertThat(users.get("user1", "field0")).isEqualTo("hello");
      assertThat(users.get("user2", "field0")).isNull();
    } finally {
      client.shutdown();
    }

    stop.countDown();
    assertThat(started.status().get()).isZero();
  }

  @Test
  void takesTheKeyIdFromTheEnvironmentAndTheSecretFromAFileAndNeverPrintsTheSecret()
      throws Exception {
    Path secretFile = dir.resolve("secret");
    Files.writeString(secretFile, "s3cr3t-from-file\n");
    Path props = dir.resolve("mock.properties");

    Started started = start(Map.of(MockCli.ENV_ACCESS_KEY_ID, "env-key-id",
            MockCli.ENV_ACCESS_KEY_SECRET, "ignored-because-the-file-wins"),
        "--instance", "bench_1", "--access-key-secret-file", secretFile.toString(),
        "--write-properties", props.toString(), "--fault", "DeleteRow=OTSServerUnavailable@1",
        "--latency", "GetRow=1ms", "--partition-capacity", "1e6");

    assertThat(ReadyLine.parse(started.firstLine()).instance()).isEqualTo("bench_1");
    Properties p = load(props);
    assertThat(p).containsEntry("tablestore.accesskeyid", "env-key-id")
        .containsEntry("tablestore.accesskeysecret", "s3cr3t-from-file")
        .containsEntry("tablestore.instance", "bench_1");
    SyncClient good = clientFrom(p);
    SyncClient wrongSecret = new SyncClient(p.getProperty("tablestore.endpoint"), "env-key-id",
        MockTablestore.DEFAULT_ACCESS_KEY_SECRET, "bench_1");
    try {
      UserTable table = new UserTable(good, "t").create();
      table.put("k", "f", "v");
      assertThat(catchOts(() -> good.deleteRow(table.deleteRequest("k"))))
          .isEqualTo("OTSServerUnavailable");
      assertThat(table.get("k", "f")).isEqualTo("v");
      assertThat(catchOts(() -> new UserTable(wrongSecret, "t").put("k", "f", "x")))
          .isEqualTo("OTSAuthFailed");
    } finally {
      good.shutdown();
      wrongSecret.shutdown();
    }
    stop.countDown();
    assertThat(started.status().get()).isZero();
    assertThat(err.toString()).contains("faults: DeleteRow=OTSServerUnavailable@1")
        .contains("latency: GetRow=1ms")
        .contains("partition capacity: 1000000 rows/s per partition")
        .doesNotContain("s3cr3t");
  }

  @Test
  void anOptionOverridesTheEnvironmentForTheKeyId() throws Exception {
    Path props = dir.resolve("p");
    Started started = start(Map.of(MockCli.ENV_ACCESS_KEY_ID, "from-env",
            MockCli.ENV_ACCESS_KEY_SECRET, "env-secret"),
        "--access-key-id", "from-option", "--write-properties", props.toString());

    ReadyLine.parse(started.firstLine());
    assertThat(load(props)).containsEntry("tablestore.accesskeyid", "from-option")
        .containsEntry("tablestore.accesskeysecret", "env-secret");
  }

  private static String catchOts(Runnable call) {
    try {
      call.run();
      return "no error";
    } catch (TableStoreException e) {
      return e.getErrorCode();
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(delimiter = '|', value = {
      "--port               | 70000              | --port",
      "--port               | http               | --port",
      "--instance           | bad.name           | --instance",
      "--fault              | PutRow=Nope@0.1    | unknown error code 'Nope'",
      "--fault              | PutRow=OTSServerBusy@2 | rate '2'",
      "--fault              | Put=OTSServerBusy@0.1  | unknown action 'Put'",
      "--latency            | GetRow=2           | bad duration '2'",
      "--partition-capacity | -5                 | --partition-capacity",
      "--partition-capacity | lots               | --partition-capacity",
      "--memory-budget      | lots               | --memory-budget",
      "--memory-budget      | 0                  | --memory-budget",
      "--local-transaction-idle-timeout | 60     | --local-transaction-idle-timeout",
      "--local-transaction-idle-timeout | 0      | must be longer than 0",
      "--body-memory        | 1m                 | less than one request of the largest size (5m)",
      "--body-memory        | lots               | --body-memory",
      "--request-read-timeout | 0                | must be longer than 0",
      "--request-read-timeout | soon             | bad duration 'soon'",
      "--access-key-secret-file | /nonexistent/secret | --access-key-secret-file",
      "--access-key-secret  | hunter2            | --access-key-secret",
  })
  void aBadOptionFailsNamingIt(String option, String value, String expected) {
    StringWriter out = new StringWriter();
    StringWriter errors = new StringWriter();

    int status = MockCli.run(new String[] {option, value}, Map.of(), new CountDownLatch(0),
        new PrintWriter(out), new PrintWriter(errors));

    assertThat(status).isEqualTo(2);
    assertThat(errors.toString()).contains(expected).contains(option);
    assertThat(out.toString()).doesNotContain(MockCli.READY_PREFIX);
  }

  @Test
  void aMisspelledOptionIsNamedWithTheOptionItMostLikelyMeant() {
    StringWriter errors = new StringWriter();

    int status = MockCli.run(new String[] {"--partition-capacty", "5"}, Map.of(), new CountDownLatch(0),
        new PrintWriter(new StringWriter()), new PrintWriter(errors));

    assertThat(status).isEqualTo(2);
    assertThat(errors.toString()).startsWith("tablestore-mock: unknown option --partition-capacty;"
        + " did you mean --partition-capacity?");
  }

  @Test
  void aSecretPassedToAnOptionThatDoesNotExistIsNotEchoed() {
    StringWriter errors = new StringWriter();

    int status = MockCli.run(new String[] {"--access-key-secret=hunter2", "hunter3"}, Map.of(),
        new CountDownLatch(0), new PrintWriter(new StringWriter()), new PrintWriter(errors));

    assertThat(status).isEqualTo(2);
    assertThat(errors.toString()).contains("unknown option --access-key-secret")
        .contains("--access-key-secret-file").doesNotContain("hunter");
  }

  @Test
  void anUnwritablePropertiesFileFailsBeforeTheReadyLine() {
    StringWriter out = new StringWriter();
    StringWriter errors = new StringWriter();
    Path blocked = dir.resolve("file");

    int status;
    try {
      Files.writeString(blocked, "not a directory");
      status = MockCli.run(new String[] {"--write-properties", blocked.resolve("p").toString()},
          Map.of(), new CountDownLatch(0), new PrintWriter(out), new PrintWriter(errors));
    } catch (Exception e) {
      throw new AssertionError(e);
    }

    assertThat(status).isEqualTo(1);
    assertThat(errors.toString()).contains("--write-properties");
    assertThat(out.toString()).doesNotContain(MockCli.READY_PREFIX);
  }

  @Test
  void aPortInUseFailsWithStatusOneNamingTheAddress() throws Exception {
    StringWriter out = new StringWriter();
    StringWriter errors = new StringWriter();
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      int port = taken.getLocalPort();

      int status = MockCli.run(new String[] {"--port", Integer.toString(port)}, Map.of(),
          new CountDownLatch(0), new PrintWriter(out), new PrintWriter(errors));

      assertThat(status).isEqualTo(1);
      assertThat(errors.toString()).contains("cannot start on 127.0.0.1:" + port);
      assertThat(out.toString()).doesNotContain(MockCli.READY_PREFIX);
    }
  }

  @Test
  void helpListsEveryOptionAndExitsZero() {
    StringWriter out = new StringWriter();

    int status = MockCli.run(new String[] {"--help"}, Map.of(), new CountDownLatch(0),
        new PrintWriter(out), new PrintWriter(new StringWriter()));

    assertThat(status).isZero();
    assertThat(out.toString()).contains("--host", "--port", "--instance", "--write-properties",
        "--fault", "--latency", "--partition-capacity", "--memory-budget", "--access-key-id",
        "--range-pages-across-partitions", "--local-transaction-idle-timeout", "--body-memory",
        "--request-read-timeout",
        "--access-key-secret-file", MockCli.ENV_ACCESS_KEY_SECRET);
  }

  @Test
  void warnsLoudlyWhenListeningBeyondLoopbackExceptInsideAContainer() throws Exception {
    InetAddress any = InetAddress.getByName("0.0.0.0");

    assertThat(MockCli.exposureNotice(InetAddress.getByName("127.0.0.1"), "127.0.0.1", Map.of()))
        .isNull();
    assertThat(MockCli.exposureNotice(any, "0.0.0.0", Map.of()))
        .startsWith("WARNING").contains("0.0.0.0").contains("--host 127.0.0.1");
    assertThat(MockCli.exposureNotice(any, "0.0.0.0", Map.of(MockCli.ENV_IN_CONTAINER, "true")))
        .contains("inside a container").contains("-p 127.0.0.1:8800:8800");
  }

  @Test
  void theRequestReadTimeoutOptionCutsOffARequestThatDoesNotArriveInTime() throws Exception {
    Started started = start(Map.of(), "--request-read-timeout", "500ms", "--body-memory", "64m");
    URI endpoint = URI.create(ReadyLine.parse(started.firstLine()).endpoint());
    try (Socket socket = new Socket(endpoint.getHost(), endpoint.getPort())) {
      socket.setSoTimeout(15_000);
      socket.getOutputStream().write("POST /PutRow HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc"
          .getBytes(StandardCharsets.US_ASCII));

      String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
      assertThat(answer).startsWith("HTTP/1.1 503 ").contains("Connection: close");
    }
  }

  @Test
  void theMemoryBudgetOptionBoundsTheRowDataHeld() throws Exception {
    Path props = dir.resolve("p");
    Started started = start(Map.of(), "--memory-budget", "1m", "--write-properties",
        props.toString());
    ReadyLine.parse(started.firstLine());
    SyncClient client = clientFrom(load(props));
    try {
      UserTable users = new UserTable(client, "usertable").create();
      String hundredKb = "x".repeat(100 * 1024);
      int written = 0;
      String error = "no error";
      while (written < 20 && error.equals("no error")) {
        int row = written;
        error = catchOts(() -> users.put("user" + row, "field0", hundredKb));
        if (error.equals("no error")) {
          written++;
        }
      }
      // 1 MiB holds about ten rows of 100 KB, never twenty.
      assertThat(error).isEqualTo("OTSQuotaExhausted");
      assertThat(written).isBetween(5, 10);
    } finally {
      client.shutdown();
    }
  }

  @Test
  void theLocalTransactionIdleTimeoutOptionAbortsAnIdleTransaction() throws Exception {
    Path props = dir.resolve("p");
    Started started = start(Map.of(), "--local-transaction-idle-timeout", "300ms", "--write-properties", props.toString());
    ReadyLine.parse(started.firstLine());
    SyncClient client = clientFrom(load(props));
    try {
      TableMeta meta = new TableMeta("txn");
      meta.addPrimaryKeyColumn("id", PrimaryKeyType.STRING);
      CreateTableRequest create = new CreateTableRequest(meta, new TableOptions(-1, 1));
      create.setLocalTxnEnabled(true);
      client.createTable(create);
      String txn = client.startLocalTransaction(new StartLocalTransactionRequest("txn", PrimaryKeyBuilder
          .createPrimaryKeyBuilder().addPrimaryKeyColumn("id", PrimaryKeyValue.fromString("a")).build())).getTransactionID();

      Thread.sleep(1_000);

      assertThat(catchOts(() -> client.commitTransaction(new CommitTransactionRequest(txn)))).isEqualTo("OTSSessionNotExist");
    } finally {
      client.shutdown();
    }
  }

  @Test
  void rangePagesAcrossPartitionsLetsOnePageSpanASplitPoint() throws Exception {
    Path props = dir.resolve("p");
    Started started = start(Map.of(), "--range-pages-across-partitions", "--write-properties", props.toString());
    ReadyLine.parse(started.firstLine());
    Properties p = load(props);
    SyncClient client = clientFrom(p);
    InternalClient internal = new InternalClient(p.getProperty("tablestore.endpoint"),
        p.getProperty("tablestore.accesskeyid"), p.getProperty("tablestore.accesskeysecret"),
        p.getProperty("tablestore.instance"));
    try {
      TableMeta meta = new TableMeta("split");
      meta.addPrimaryKeyColumn("id", PrimaryKeyType.STRING);
      CreateTableRequestEx create = new CreateTableRequestEx(meta, new TableOptions(-1, 1));
      create.setSplitPoints(List.of(PrimaryKeyValue.fromString("k50")));
      internal.createTableEx(create, null).get();
      BatchWriteRowRequest batch = new BatchWriteRowRequest();
      for (int i = 10; i < 90; i++) {
        RowPutChange put = new RowPutChange("split", PrimaryKeyBuilder.createPrimaryKeyBuilder()
            .addPrimaryKeyColumn("id", PrimaryKeyValue.fromString("k" + i)).build());
        put.addColumn("v", ColumnValue.fromLong(i));
        batch.addRowChange(put);
      }
      assertThat(client.batchWriteRow(batch).isAllSucceed()).isTrue();
      RangeRowQueryCriteria range = new RangeRowQueryCriteria("split");
      range.setInclusiveStartPrimaryKey(PrimaryKeyBuilder.createPrimaryKeyBuilder()
          .addPrimaryKeyColumn("id", PrimaryKeyValue.INF_MIN).build());
      range.setExclusiveEndPrimaryKey(PrimaryKeyBuilder.createPrimaryKeyBuilder()
          .addPrimaryKeyColumn("id", PrimaryKeyValue.INF_MAX).build());
      range.setMaxVersions(1);

      GetRangeResponse page = client.getRange(new GetRangeRequest(range));

      assertThat(page.getRows()).hasSize(80);
      assertThat(page.getNextStartPrimaryKey()).isNull();
    } finally {
      internal.shutdown();
      client.shutdown();
    }
  }

  @Test
  void theCommandLinesSpecsParseIntoTheValuesTheBuilderTakes() {
    assertThat(new MockCli.FaultSpec().convert("BatchWriteRow.row=OTSServerBusy@1%"))
        .isEqualTo(FaultRule.onRows(ActionName.BATCH_WRITE_ROW, ErrorCode.SERVER_BUSY, 0.01));
    assertThat(new MockCli.FaultSpec().convert("*=OTSServerUnavailable@0.001"))
        .isEqualTo(FaultRule.onEveryAction(ErrorCode.SERVER_UNAVAILABLE, 0.001));
    assertThat(new MockCli.LatencySpec().convert("putrow=2ms+spike(100ms@0.001)"))
        .isEqualTo(LatencyRule.of(ActionName.PUT_ROW, LatencyRule.fixed(Duration.ofMillis(2)),
            LatencyRule.spike(Duration.ofMillis(100), 0.001)));
  }
}
