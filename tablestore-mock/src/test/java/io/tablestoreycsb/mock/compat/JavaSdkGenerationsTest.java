package io.tablestoreycsb.mock.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.mock.fixtures.TableSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every generation of the Java SDK that users still run (the oldest 4.x on Maven Central, 4.8.0
 * that YCSB's own Tablestore binding is built on, and 5.17.10) drives the mock through the calls
 * YCSB makes, the errors it must surface, and scans that need next_start_primary_key.
 */
class JavaSdkGenerationsTest {
  /** More than one GetRange page: the service returns at most 5000 rows per page. */
  private static final int PAGED_ROWS = 5_600;
  private static final int BATCH = 200;

  private static MockTablestore mock;

  @BeforeAll
  static void start() {
    mock = MockTablestore.builder().start();
  }

  @AfterAll
  static void stop() {
    mock.close();
  }

  static Stream<JavaSdkGeneration> generations() {
    return JavaSdkGeneration.versions().stream().map(JavaSdkGeneration::of);
  }

  private static String table(JavaSdkGeneration sdk, String purpose) {
    return purpose + "_" + sdk.version().replace('.', '_');
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("generations")
  void insertReadUpdateDeleteRoundTrip(JavaSdkGeneration sdk) {
    try (YcsbOperations client = sdk.connect(mock)) {
      assertThat(client.sdkJar()).as("the SDK class path of this generation").isEqualTo("tablestore-" + sdk.version() + ".jar");
      String table = table(sdk, "crud");
      client.createTable(table);

      client.putRow(table, "user1", Map.of("field0", "a", "field1", "b", "field2", "c"), false);
      assertThat(client.getRow(table, "user1", List.of())).isEqualTo(Map.of("field0", "a", "field1", "b", "field2", "c"));
      assertThat(client.getRow(table, "user1", List.of("field1"))).isEqualTo(Map.of("field1", "b"));

      client.updateRow(table, "user1", Map.of("field1", "B", "field3", "d"), List.of("field2"));
      assertThat(client.getRow(table, "user1", List.of())).isEqualTo(Map.of("field0", "a", "field1", "B", "field3", "d"));

      client.deleteRow(table, "user1");
      assertThat(client.getRow(table, "user1", List.of())).isNull();
      assertThat(client.getRow(table, "never-written", List.of())).isNull();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("generations")
  void batchLoadThenPaginatedScanReturnsEveryRowInOrder(JavaSdkGeneration sdk) {
    try (YcsbOperations client = sdk.connect(mock)) {
      String table = table(sdk, "scan");
      client.createTable(table);
      List<String> keys = IntStream.range(0, PAGED_ROWS).mapToObj(i -> String.format("user%05d", i)).toList();
      for (int from = 0; from < keys.size(); from += BATCH) {
        Map<String, Map<String, String>> rows = new LinkedHashMap<>();
        keys.subList(from, Math.min(from + BATCH, keys.size())).forEach(k -> rows.put(k, Map.of("field0", k)));
        assertThat(client.batchPut(table, rows)).as("rows %d..", from).containsOnly("ok").hasSize(rows.size());
      }

      List<List<String>> pages = client.scan(table, "user00000", null, PAGED_ROWS + 10);
      assertThat(pages).as("pages").hasSizeGreaterThanOrEqualTo(2).allSatisfy(page -> assertThat(page).hasSizeLessThanOrEqualTo(5000));
      assertThat(flatten(pages)).containsExactlyElementsOf(keys);

      assertThat(flatten(client.scan(table, "user00100", null, 50))).containsExactlyElementsOf(keys.subList(100, 150));
      assertThat(flatten(client.scan(table, "user00100", "user00103", 50))).containsExactly("user00100", "user00101", "user00102");
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("generations")
  void aScanAcrossAPartitionBoundaryFollowsTheNextStartKey(JavaSdkGeneration sdk) throws Exception {
    String table = table(sdk, "split");
    createPreSplitTable(table, "user050");
    try (YcsbOperations client = sdk.connect(mock)) {
      Map<String, Map<String, String>> rows = new LinkedHashMap<>();
      IntStream.range(0, 100).forEach(i -> rows.put(String.format("user%03d", i), Map.of("field0", "v" + i)));
      assertThat(client.batchPut(table, rows)).containsOnly("ok");

      List<List<String>> pages = client.scan(table, "user000", null, 100);

      assertThat(pages).as("the first page ends at the split point user050").hasSize(2);
      assertThat(pages.get(0)).hasSize(50).last().isEqualTo("user049");
      assertThat(flatten(pages)).containsExactlyElementsOf(rows.keySet());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("generations")
  void serviceErrorsArriveWithTheirCodeStatusAndRequestId(JavaSdkGeneration sdk) {
    try (YcsbOperations client = sdk.connect(mock)) {
      String table = table(sdk, "errors");
      client.createTable(table);
      client.putRow(table, "taken", Map.of("field0", "x"), false);

      assertServiceError(() -> client.putRow(table, "taken", Map.of("field0", "y"), true), "OTSConditionCheckFail", 403);
      assertServiceError(() -> client.updateRow(table, "absent", Map.of("field0", "y"), List.of()), "OTSConditionCheckFail", 403);
      assertServiceError(() -> client.getRow("no_such_table", "k", List.of()), "OTSObjectNotExist", 404);
      assertServiceError(() -> client.createTable(table), "OTSObjectAlreadyExist", 409);
      assertThat(client.getRow(table, "taken", List.of())).isEqualTo(Map.of("field0", "x"));
    }
    try (YcsbOperations wrongSecret = sdk.connect(mock, mock.accessKeySecret() + "-wrong")) {
      assertServiceError(() -> wrongSecret.deleteRow("any", "k"), "OTSAuthFailed", 403);
    }
  }

  private static void assertServiceError(Runnable call, String code, int status) {
    assertThatThrownBy(call::run).isInstanceOfSatisfying(ServiceError.class, e -> {
      assertThat(e.code()).isEqualTo(code);
      assertThat(e.httpStatus()).isEqualTo(status);
      assertThat(e.requestId()).isNotBlank();
    });
  }

  private static void createPreSplitTable(String table, String splitPoint) {
    TableSpec.named(table).key("id", PrimaryKeyType.STRING).splitAt(splitPoint).create(mock);
  }


  private static List<String> flatten(List<List<String>> pages) {
    List<String> all = new ArrayList<>();
    pages.forEach(all::addAll);
    return all;
  }
}
