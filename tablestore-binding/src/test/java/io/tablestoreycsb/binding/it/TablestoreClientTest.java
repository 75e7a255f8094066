package io.tablestoreycsb.binding.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.model.Column;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tablestoreycsb.binding.TablestoreClient;
import io.tablestoreycsb.binding.client.StatusMapping;
import io.tablestoreycsb.binding.config.KeyFormat;
import io.tablestoreycsb.mock.faults.FaultRule;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.Vector;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/** Every DB method against the mock endpoint over HTTP with the real SDK. */
class TablestoreClientTest {
  @RegisterExtension
  static final MockFixture fx = MockFixture.perClass();

  @BeforeAll
  static void start() throws Exception {
    fx.createTable("usertable");
    fx.createTable("versions", "-p", "tablestore.maxversions=3");
    fx.createTable("scans");
  }

  private static TablestoreClient open(Properties p) throws DBException {
    TablestoreClient db = new TablestoreClient();
    db.setProperties(p);
    db.init();
    return db;
  }

  /** For init that must fail: a successful init is cleaned up so it cannot leak into other tests. */
  private static void openExpectingFailure(Properties p) throws DBException {
    open(p).cleanup();
  }

  private static Map<String, ByteIterator> row(String... kv) {
    Map<String, ByteIterator> m = new HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], new StringByteIterator(kv[i + 1]));
    }
    return m;
  }

  private static Map<String, String> strings(Map<String, ByteIterator> m) {
    Map<String, String> out = new TreeMap<>();
    m.forEach((k, v) -> out.put(k, v.toString()));
    return out;
  }

  @Test
  void insertReadUpdateDeleteRoundTrip() throws Exception {
    TablestoreClient db = open(fx.props());
    try {
      String key = KeyFormat.key(1);
      assertThat(db.insert("usertable", key, row("field0", "a0", "field1", "b1", "field2", "c2"))).isEqualTo(Status.OK);

      Map<String, ByteIterator> all = new HashMap<>();
      assertThat(db.read("usertable", key, null, all)).isEqualTo(Status.OK);
      assertThat(strings(all)).containsExactlyEntriesOf(new TreeMap<>(Map.of("field0", "a0", "field1", "b1", "field2", "c2")));

      Map<String, ByteIterator> projected = new HashMap<>();
      assertThat(db.read("usertable", key, Set.of("field1", "field2"), projected)).isEqualTo(Status.OK);
      assertThat(strings(projected)).containsOnlyKeys("field1", "field2").containsEntry("field1", "b1");

      // A row lacking the requested column exists all the same: OK with nothing, not NOT_FOUND.
      Map<String, ByteIterator> none = new HashMap<>();
      assertThat(db.read("usertable", key, Set.of("field9"), none)).isEqualTo(Status.OK);
      assertThat(none).isEmpty();

      assertThat(db.update("usertable", key, row("field1", "B1", "field3", "d3"))).isEqualTo(Status.OK);
      Map<String, ByteIterator> updated = new HashMap<>();
      db.read("usertable", key, null, updated);
      assertThat(strings(updated)).containsEntry("field0", "a0").containsEntry("field1", "B1").containsEntry("field3", "d3");

      assertThat(db.delete("usertable", key)).isEqualTo(Status.OK);
      assertThat(db.read("usertable", key, null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
      assertThat(db.read("usertable", KeyFormat.key(999_999), Set.of("field0"), new HashMap<>()))
          .isEqualTo(Status.NOT_FOUND);
    } finally {
      db.cleanup();
    }
  }

  @Test
  void readReturnsTheNewestOfSeveralVersions() throws Exception {
    String key = KeyFormat.key(7);
    // Three versions with explicit timestamps, written out of order: the newest is not the last written.
    long now = System.currentTimeMillis();
    SyncClient sdk = new SyncClient(fx.mock.endpoint(), fx.mock.accessKeyId(), fx.mock.accessKeySecret(),
        fx.mock.instanceName());
    try {
      RowPutChange put = new RowPutChange("versions", PrimaryKeyBuilder.createPrimaryKeyBuilder()
          .addPrimaryKeyColumn("userid", PrimaryKeyValue.fromString(key)).build());
      put.addColumn(new Column("field0", ColumnValue.fromString("old"), now - 2000));
      put.addColumn(new Column("field0", ColumnValue.fromString("newest"), now));
      put.addColumn(new Column("field0", ColumnValue.fromString("middle"), now - 1000));
      put.addColumn(new Column("field1", ColumnValue.fromString("only"), now - 500));
      sdk.putRow(new PutRowRequest(put));
    } finally {
      sdk.shutdown();
    }
    TablestoreClient db = open(fx.props("table=versions", "tablestore.maxversions=3"));
    try {
      Map<String, ByteIterator> r = new HashMap<>();
      assertThat(db.read("versions", key, Set.of("field0"), r)).isEqualTo(Status.OK);
      assertThat(r.get("field0").toString()).isEqualTo("newest");
      Map<String, ByteIterator> all = new HashMap<>();
      db.read("versions", key, null, all);
      assertThat(strings(all)).containsExactlyEntriesOf(new TreeMap<>(Map.of("field0", "newest", "field1", "only")));
      Vector<HashMap<String, ByteIterator>> scanned = new Vector<>();
      assertThat(db.scan("versions", key, 1, null, scanned)).isEqualTo(Status.OK);
      assertThat(scanned.get(0).get("field0").toString()).isEqualTo("newest");
    } finally {
      db.cleanup();
    }
  }

  @Test
  void scanFollowsNextStartKeyPastOneGetRangePage() throws Exception {
    Path stats = fx.file("scan-stats.json");
    int rows = 6_500;
    TablestoreClient loader = open(fx.props("table=scans", "tablestore.batchsize=200"));
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      String key = KeyFormat.key(i);
      keys.add(key);
      Status s = loader.insert("scans", key, row("field0", "value-" + i, "field1", "x"));
      assertThat(s.isOk()).isTrue();
    }
    loader.cleanup();
    keys.sort(null);

    TablestoreClient db = open(fx.props("table=scans", "tablestore.statsfile=" + stats));
    Vector<HashMap<String, ByteIterator>> result = new Vector<>();
    // From the smallest key: 6,000 rows need two GetRange pages (the service returns at most 5,000).
    assertThat(db.scan("scans", keys.get(0), 6_000, Set.of("field0"), result)).isEqualTo(Status.OK);
    assertThat(result).hasSize(6_000);
    for (int i = 0; i < 6_000; i++) {
      long number = KeyFormat.keyNumber(keys.get(i));
      assertThat(result.get(i)).containsOnlyKeys("field0");
      assertThat(result.get(i).get("field0").toString()).isEqualTo("value-" + number);
    }
    // Near the end of the table: fewer rows than asked, still OK.
    Vector<HashMap<String, ByteIterator>> tail = new Vector<>();
    assertThat(db.scan("scans", keys.get(rows - 10), 100, null, tail)).isEqualTo(Status.OK);
    assertThat(tail).hasSize(10);
    assertThat(tail.get(0)).containsOnlyKeys("field0", "field1");
    db.cleanup();

    JsonNode json = new ObjectMapper().readTree(stats.toFile());
    assertThat(json.at("/requests/GetRange").asLong()).isEqualTo(3);
    assertThat(json.at("/rows/read").asLong()).isEqualTo(6_010);
    assertThat(json.at("/capacityUnits/read").asLong()).isPositive();
  }

  @Test
  void aScanAcrossASplitPointReturnsEveryRowThoughThePageEndsAtTheBoundary() throws Exception {
    // The mock, like the service, ends a GetRange page where the scan leaves a partition: 100 rows
    // spread over the two partitions of a table split at "8000" need two pages.
    fx.createTable("splitscan", "--partitions", "2");
    Path stats = fx.file("splitscan-stats.json");
    TablestoreClient loader = open(fx.props("table=splitscan", "tablestore.batchsize=100"));
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      keys.add(KeyFormat.key(i));
      assertThat(loader.insert("splitscan", keys.get(i), row("field0", "value-" + i)).isOk()).isTrue();
    }
    loader.cleanup();
    keys.sort(null);
    assertThat(keys.get(0)).as("rows on both sides of the split point").isLessThan("8000");
    assertThat(keys.get(99)).isGreaterThan("8000");

    TablestoreClient db = open(fx.props("table=splitscan", "tablestore.statsfile=" + stats));
    Vector<HashMap<String, ByteIterator>> result = new Vector<>();
    assertThat(db.scan("splitscan", keys.get(0), 100, Set.of("field0"), result)).isEqualTo(Status.OK);
    db.cleanup();

    assertThat(result).extracting(r -> r.get("field0").toString())
        .containsExactlyElementsOf(keys.stream().map(k -> "value-" + KeyFormat.keyNumber(k)).toList());
    JsonNode json = new ObjectMapper().readTree(stats.toFile());
    assertThat(json.at("/requests/GetRange").asLong()).as("GetRange pages").isEqualTo(2);
    // Each row counts on its own partition (a page's rows are counted per run of one partition).
    long below = keys.stream().filter(k -> k.compareTo("8000") < 0).count();
    JsonNode rowsRead = json.at("/partitions/splitscan/rowsRead");
    assertThat(rowsRead.get(0).asLong()).isEqualTo(below);
    assertThat(rowsRead.get(1).asLong()).isEqualTo(100 - below);
  }

  @Test
  void aScanOverRowsWithDifferentColumnsGivesEachRowItsOwnNamesAndValues() throws Exception {
    // The binding reuses the previous row's column names when they are equal; rows whose columns
    // differ (fewer, other, more than before, in any order of keys) must still come back as written.
    fx.createTable("mixedscan");
    List<Map<String, ByteIterator>> written = List.of(
        row("field0", "a0", "field1", "a1", "field2", "a2", "field3", "a3", "field4", "a4"),
        row("field1", "b1", "other", "b-other"),
        row("field0", "c0", "field1", "c1", "field2", "c2", "field3", "c3", "field4", "c4"),
        row("a", "d-a", "field2", "d2", "field9", "d9", "x1", "1", "x2", "2", "x3", "3", "x4", "4", "x5", "5", "x6", "6",
            "x7", "7"),
        row("field0", "e0"));
    TablestoreClient db = open(fx.props("table=mixedscan"));
    try {
      List<String> keys = new ArrayList<>();
      for (int i = 0; i < written.size(); i++) {
        keys.add("row" + i); // in key order as written
        assertThat(db.insert("mixedscan", keys.get(i), written.get(i))).isEqualTo(Status.OK);
      }
      List<Map<String, String>> expected = new ArrayList<>();
      for (int i = 0; i < written.size(); i++) {
        Map<String, ByteIterator> again = new HashMap<>();
        assertThat(db.read("mixedscan", keys.get(i), null, again)).isEqualTo(Status.OK);
        expected.add(strings(again));
      }
      assertThat(expected.get(1)).containsExactlyEntriesOf(new TreeMap<>(Map.of("field1", "b1", "other", "b-other")));

      for (int pass = 0; pass < 2; pass++) { // twice: the second scan starts with the last row's names
        Vector<HashMap<String, ByteIterator>> scanned = new Vector<>();
        assertThat(db.scan("mixedscan", keys.get(0), written.size(), null, scanned)).isEqualTo(Status.OK);
        assertThat(scanned).extracting(TablestoreClientTest::strings).containsExactlyElementsOf(expected);
      }
      Vector<HashMap<String, ByteIterator>> projected = new Vector<>();
      assertThat(db.scan("mixedscan", keys.get(0), written.size(), Set.of("field1", "field2"), projected))
          .isEqualTo(Status.OK);
      assertThat(projected).extracting(r -> new TreeMap<>(r).keySet()).containsExactly(Set.of("field1", "field2"),
          Set.of("field1"), Set.of("field1", "field2"), Set.of("field2"), Set.of());
    } finally {
      db.cleanup();
    }
  }

  @Test
  void withScanWrapAScanNearTheEndContinuesFromTheFirstRowAndNeverRepeatsOne() throws Exception {
    fx.createTable("wrapscan");
    int rows = 300;
    TablestoreClient loader = open(fx.props("table=wrapscan", "tablestore.batchsize=100"));
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      keys.add(KeyFormat.key(i));
      assertThat(loader.insert("wrapscan", keys.get(i), row("field0", "value-" + i)).isOk()).isTrue();
    }
    loader.cleanup();
    keys.sort(null);

    TablestoreClient db = open(fx.props("table=wrapscan", "tablestore.scanwrap=true"));
    Vector<HashMap<String, ByteIterator>> result = new Vector<>();
    assertThat(db.scan("wrapscan", keys.get(rows - 10), 100, Set.of("field0"), result))
        .isEqualTo(Status.OK);
    List<String> expected = new ArrayList<>(keys.subList(rows - 10, rows));
    expected.addAll(keys.subList(0, 90));
    assertThat(result).extracting(r -> r.get("field0").toString())
        .containsExactlyElementsOf(expected.stream()
            .map(k -> "value-" + KeyFormat.keyNumber(k)).toList());

    // Asking for more than the table holds: every row exactly once, then the scan stops.
    Vector<HashMap<String, ByteIterator>> all = new Vector<>();
    assertThat(db.scan("wrapscan", keys.get(150), 1_000, Set.of("field0"), all)).isEqualTo(Status.OK);
    assertThat(all).hasSize(rows);
    assertThat(all).extracting(r -> r.get("field0").toString()).doesNotHaveDuplicates();
    db.cleanup();
  }

  @Test
  void serviceErrorsMapToStatusesAndAreCountedByCode() throws Exception {
    Path stats = fx.file("errors-stats.json");
    TablestoreClient db = open(fx.props("tablestore.statsfile=" + stats));
    try {
      // Another table than the one checked at init: OTSObjectNotExist on each operation.
      assertThat(db.read("no_such_table", KeyFormat.key(1), null, new HashMap<>())).isEqualTo(Status.ERROR);
      assertThat(db.insert("no_such_table", KeyFormat.key(1), row("f", "v"))).isEqualTo(Status.ERROR);
      fx.mock.faultPlan().addFault(FaultRule.of(ActionName.PUT_ROW, ErrorCode.SERVER_BUSY, 1.0));
      assertThat(db.insert("usertable", KeyFormat.key(2), row("field0", "v"))).isEqualTo(StatusMapping.THROTTLED);
      assertThat(db.insert("usertable", KeyFormat.key(3), row("field0", "v"))).isEqualTo(StatusMapping.THROTTLED);
    } finally {
      fx.mock.faultPlan().clear();
      db.cleanup();
    }
    JsonNode json = new ObjectMapper().readTree(stats.toFile());
    assertThat(json.at("/errors/OTSObjectNotExist").asLong()).isEqualTo(2);
    assertThat(json.at("/errors/OTSServerBusy").asLong()).isEqualTo(2);
    assertThat(json.at("/requests/PutRow").asLong()).isEqualTo(3);
    assertThat(json.at("/rows/written").asLong()).isZero();
  }

  @Test
  void eachErrorCodeIsLoggedOnceWithItsRequestId() throws Exception {
    java.io.PrintStream original = System.err;
    java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
    TablestoreClient db = open(fx.props());
    fx.mock.faultPlan().addFault(FaultRule.of(ActionName.GET_ROW, ErrorCode.TIMEOUT, 1.0));
    try {
      System.setErr(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
      for (int i = 0; i < 20; i++) {
        assertThat(db.read("usertable", KeyFormat.key(i), null, new HashMap<>())).isEqualTo(Status.SERVICE_UNAVAILABLE);
      }
    } finally {
      System.setErr(original);
      fx.mock.faultPlan().clear();
      db.cleanup();
    }
    List<String> lines = captured.toString(java.nio.charset.StandardCharsets.UTF_8).lines()
        .filter(l -> l.contains("OTSTimeout")).toList();
    assertThat(lines).hasSize(1);
    assertThat(lines.get(0)).contains("first OTSTimeout from GetRow on table 'usertable'").contains("request id ")
        .doesNotContain("request id null");
  }

  @Test
  void everyMethodMapsServiceErrorsToTheirStatus() throws Exception {
    Path stats = fx.file("method-errors.json");
    TablestoreClient db = open(fx.props("tablestore.statsfile=" + stats));
    String key = KeyFormat.key(42);
    try {
      db.insert("usertable", key, row("field0", "v"));
      fx.mock.faultPlan().addFault(FaultRule.of(ActionName.GET_ROW, ErrorCode.PARTITION_UNAVAILABLE, 1.0));
      fx.mock.faultPlan().addFault(FaultRule.of(ActionName.GET_RANGE, ErrorCode.CAPACITY_UNIT_EXHAUSTED, 1.0));
      fx.mock.faultPlan().addFault(FaultRule.of(ActionName.UPDATE_ROW, ErrorCode.PARAMETER_INVALID, 1.0));
      fx.mock.faultPlan().addFault(FaultRule.of(ActionName.DELETE_ROW, ErrorCode.AUTH_FAILED, 1.0));
      fx.mock.faultPlan().addFault(FaultRule.of(ActionName.PUT_ROW, ErrorCode.CONDITION_CHECK_FAIL, 1.0));
      assertThat(db.read("usertable", key, null, new HashMap<>())).isEqualTo(Status.SERVICE_UNAVAILABLE);
      assertThat(db.scan("usertable", key, 10, null, new Vector<>())).isEqualTo(StatusMapping.THROTTLED);
      assertThat(db.update("usertable", key, row("field0", "w"))).isEqualTo(Status.BAD_REQUEST);
      assertThat(db.delete("usertable", key)).isEqualTo(Status.FORBIDDEN);
      assertThat(db.insert("usertable", key, row("field0", "x"))).isEqualTo(Status.UNEXPECTED_STATE);
    } finally {
      fx.mock.faultPlan().clear();
      db.cleanup();
    }
    JsonNode json = new ObjectMapper().readTree(stats.toFile());
    assertThat(json.get("errors").size()).isEqualTo(5);
    for (String code : List.of("OTSPartitionUnavailable", "OTSCapacityUnitExhausted", "OTSParameterInvalid",
        "OTSAuthFailed", "OTSConditionCheckFail")) {
      assertThat(json.at("/errors/" + code).asLong()).as(code).isEqualTo(1);
    }
    assertThat(json.at("/rows/written").asLong()).isEqualTo(1);
  }

  @Test
  void anUnreachableEndpointIsAnErrorCountedAsClientException() throws Exception {
    Path stats = fx.file("unreachable.json");
    // The mock is closed mid-test.
    // Its own directory: its endpoint.properties must not replace the class fixture's.
    MockFixture other = MockFixture.start(Files.createDirectories(fx.dir.resolve("other")));
    TablestoreClient db;
    try {
      other.createTable("usertable");
      db = open(other.props("tablestore.statsfile=" + stats));
    } finally {
      other.close();
    }
    assertThat(db.read("usertable", KeyFormat.key(1), null, new HashMap<>())).isEqualTo(Status.ERROR);
    assertThat(db.insert("usertable", KeyFormat.key(1), row("field0", "v"))).isEqualTo(Status.ERROR);
    db.cleanup();
    JsonNode json = new ObjectMapper().readTree(stats.toFile());
    assertThat(json.at("/errors/ClientException").asLong()).isEqualTo(2);
  }

  @Test
  void missingTableFailsInitNamingTheTable() {
    assertThatThrownBy(() -> openExpectingFailure(fx.props("table=absent")))
        .isInstanceOf(DBException.class)
        .hasMessageContaining("table 'absent' does not exist")
        .hasMessageContaining("bin/tablestore-table create");
  }

  @Test
  void wrongPrimaryKeyFailsInitNamingTheProperty() {
    assertThatThrownBy(() -> openExpectingFailure(fx.props("tablestore.primarykey=user_key")))
        .isInstanceOf(DBException.class)
        .hasMessageContaining("primary key (userid STRING)")
        .hasMessageContaining("'user_key' (tablestore.primarykey)");
  }

  @Test
  void badPropertiesFailInitNamingTheProperty() {
    Properties noEndpoint = fx.props();
    noEndpoint.remove("tablestore.endpoint");
    assertThatThrownBy(() -> openExpectingFailure(noEndpoint)).isInstanceOf(DBException.class)
        .hasMessageContaining("tablestore.endpoint is not set");
    assertThatThrownBy(() -> openExpectingFailure(fx.props("tablestore.batchsize=201")))
        .hasMessageContaining("tablestore.batchsize must be an integer from 1 to 200, got 201");
    assertThatThrownBy(() -> openExpectingFailure(fx.props("tablestore.maxconnections=many")))
        .hasMessageContaining("tablestore.maxconnections");
  }

  @Test
  void wrongSecretFailsInitWithoutShowingIt() {
    Properties p = fx.props("tablestore.accesskeysecret=not-the-secret-42");
    assertThatThrownBy(() -> openExpectingFailure(p)).isInstanceOf(DBException.class)
        .hasMessageContaining("tablestore.accesskeysecret")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("not-the-secret-42"));
  }
}
