package io.tablestoreycsb.binding.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.binding.TablestoreClient;
import io.tablestoreycsb.binding.config.KeyFormat;
import io.tablestoreycsb.mock.faults.FaultRule;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import site.ycsb.StringByteIterator;

/** bin/tablestore-table's commands against the mock. */
class TableToolTest {
  @RegisterExtension
  static final MockFixture fx = MockFixture.perClass();

  @Test
  void createPreSplitsAtHexPrefixesAndDescribeShowsThePartitions() {
    for (int n : new int[] {1, 4, 16}) {
      MockFixture.ToolResult created = fx.tableTool("create", "--table", "split" + n, "--partitions", String.valueOf(n));
      assertThat(created.code()).as(created.err()).isZero();
      assertThat(created.out()).contains(n + " partition(s)");
      MockFixture.ToolResult described = fx.tableTool("describe", "--table", "split" + n);
      assertThat(described.code()).isZero();
      assertThat(described.out()).contains("partitions: " + n).contains("primary key: userid:STRING");
      for (String point : KeyFormat.splitPoints(n)) {
        assertThat(described.out()).contains("\"" + point + "\")");
      }
    }
    assertThat(fx.tableTool("describe", "--table", "split4").out())
        .contains("1: [INF_MIN, \"4000\")").contains("4: [\"c000\", INF_MAX)");
  }

  @Test
  void countPaginatesAndDropDeletes() throws Exception {
    fx.createTable("counted");
    TablestoreClient db = new TablestoreClient();
    db.setProperties(fx.props("table=counted", "tablestore.batchsize=200"));
    db.init();
    for (int i = 0; i < 12_345; i++) {
      db.insert("counted", KeyFormat.key(i), Map.of("field0", new StringByteIterator("v")));
    }
    db.cleanup();
    assertThat(fx.count("counted")).isEqualTo(12_345);

    MockFixture.ToolResult dropped = fx.tableTool("drop", "--table", "counted");
    assertThat(dropped.code()).isZero();
    assertThat(dropped.out()).contains("dropped table 'counted'");
    MockFixture.ToolResult gone = fx.tableTool("count", "--table", "counted");
    assertThat(gone.code()).isEqualTo(1);
    assertThat(gone.err()).contains("OTSObjectNotExist").contains("'counted' does not exist");
  }

  @Test
  void creatingAnExistingTableFailsWithAHint() {
    fx.createTable("twice");
    MockFixture.ToolResult again = fx.tableTool("create", "--table", "twice");
    assertThat(again.code()).isEqualTo(1);
    assertThat(again.err()).contains("OTSObjectAlreadyExist").contains("already exists");
  }

  @Test
  void aRefusedPreSplitIsExplained() {
    fx.mock.faultPlan().addFault(FaultRule.of(ActionName.CREATE_TABLE, ErrorCode.PARAMETER_INVALID, 1.0));
    try {
      MockFixture.ToolResult refused = fx.tableTool("create", "--table", "refused", "--partitions", "4");
      assertThat(refused.code()).isEqualTo(1);
      assertThat(refused.err()).contains("refused to create 'refused' pre-split into 4 partitions")
          .contains("support ticket").contains("4000, 8000, c000").contains("--partitions 1");
    } finally {
      fx.mock.faultPlan().clear();
    }
  }

  @Test
  void badOptionsAndPropertiesExitTwoNamingTheProblem() throws Exception {
    MockFixture.ToolResult zero = fx.tableTool("create", "--partitions", "0");
    assertThat(zero.code()).isEqualTo(2);
    assertThat(zero.err()).contains("--partitions must be from 1 to 65536, got 0");

    MockFixture.ToolResult notNumber = fx.tableTool("create", "--partitions", "four");
    assertThat(notNumber.code()).isEqualTo(2);
    assertThat(notNumber.err()).contains("--partitions").contains("four");

    MockFixture.ToolResult unknown = fx.tableTool("frobnicate");
    assertThat(unknown.code()).isEqualTo(2);

    MockFixture.ToolResult badProperty = fx.tableTool("describe", "-p", "tablestore.primarykey=9x");
    assertThat(badProperty.code()).isEqualTo(2);
    assertThat(badProperty.err()).contains("tablestore.primarykey");

    Path empty = fx.dir.resolve("empty.properties");
    Files.writeString(empty, "");
    java.io.StringWriter err = new java.io.StringWriter();
    int code = io.tablestoreycsb.binding.tools.TableTool.run(new String[] {"count", "-P", empty.toString()},
        new java.io.PrintWriter(new java.io.StringWriter(), true), new java.io.PrintWriter(err, true));
    assertThat(code).isEqualTo(2);
    assertThat(err.toString()).contains("tablestore.endpoint is not set");

    MockFixture.ToolResult noFile = fx.tableTool("count", "-P", fx.dir.resolve("absent.properties").toString());
    assertThat(noFile.code()).isEqualTo(2);
    assertThat(noFile.err()).contains("absent.properties");

    MockFixture.ToolResult directory = fx.tableTool("count", "-P", fx.dir.toString());
    assertThat(directory.code()).isEqualTo(2);
    assertThat(directory.err()).contains("-P " + fx.dir + ": is a directory, not a properties file");

    Path windowsPath = fx.dir.resolve("windows.properties");
    Files.writeString(windowsPath, "tablestore.statsfile=C:\\users\\me\n");
    MockFixture.ToolResult badEscape = fx.tableTool("count", "-P", windowsPath.toString());
    assertThat(badEscape.code()).isEqualTo(2);
    assertThat(badEscape.err()).contains("-P " + windowsPath + ": line 1: '\\users' is not a \\uXXXX unicode escape");

    MockFixture.ToolResult misspelledOption = fx.tableTool("create", "--partitons", "4");
    assertThat(misspelledOption.code()).isEqualTo(2);
    assertThat(misspelledOption.err()).startsWith("tablestore-table: unknown option --partitons; did you mean"
        + " --partitions?").contains("Try 'tablestore-table create --help'");
  }

  /** A misspelled property would otherwise count (or create, or drop) somewhere else. */
  @Test
  void aMisspelledPropertyExitsTwoNamingTheKeyMeant() {
    MockFixture.ToolResult typo = fx.tableTool("count", "-p", "tablestore.endpont=http://127.0.0.1:1");
    assertThat(typo.code()).isEqualTo(2);
    assertThat(typo.err()).isEqualTo("tablestore-table: unknown property tablestore.endpont; did you mean"
        + " tablestore.endpoint?" + System.lineSeparator());
  }

  /**
   * The SDK retries a refused connection for 10 s in silence; the table tool says what it is
   * waiting for at once and gives up after SharedClients.TOOL_UNREACHABLE_BUDGET_MS (3 s).
   */
  @Test
  void anEndpointThatRefusesConnectionsIsAnnouncedAndGivenUpOnSoonerThanTheSdkWould() throws Exception {
    int closedPort;
    try (java.net.ServerSocket socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      closedPort = socket.getLocalPort();
    }
    String endpoint = "http://127.0.0.1:" + closedPort;
    java.io.ByteArrayOutputStream notices = new java.io.ByteArrayOutputStream();
    java.io.PrintStream stderr = System.err;
    long started = System.nanoTime();
    MockFixture.ToolResult count;
    System.setErr(new java.io.PrintStream(notices, true));
    try {
      count = fx.tableTool("count", "-p", "tablestore.endpoint=" + endpoint);
    } finally {
      System.setErr(stderr);
    }
    double seconds = (System.nanoTime() - started) / 1e9;

    assertThat(count.code()).isEqualTo(1);
    assertThat(count.err()).contains(endpoint);
    assertThat(notices.toString()).contains("tablestore.endpoint " + endpoint
        + " not reachable (connection refused); retrying for up to 3 s");
    assertThat(seconds).as("seconds until the answer (the SDK alone: 10)").isBetween(2.5, 8.0);
  }

  @Test
  void refusedCredentialsExitTwoAsForYcsb() {
    MockFixture.ToolResult refused = fx.tableTool("count", "-p", "tablestore.accesskeysecret=not-the-secret");
    assertThat(refused.code()).isEqualTo(2);
    assertThat(refused.err()).contains("OTSAuthFailed").doesNotContain("not-the-secret");
  }
}
