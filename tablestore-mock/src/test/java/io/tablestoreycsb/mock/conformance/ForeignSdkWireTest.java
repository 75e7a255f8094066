package io.tablestoreycsb.mock.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferBuilder;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferCodedInputStream;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferInputStream;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferRow;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.aliyun.ots.thirdparty.com.google.protobuf.ByteString;
import io.tablestoreycsb.mock.MockTablestore;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The request and response forms of the Python and Go SDKs, written byte for byte over HTTP
 * without any SDK, so the mock's handling of them is pinned by a fast test that needs neither
 * python3 nor go (the programs run by {@link OtherSdkConformanceTest} need both).
 *
 * <p>Go (aliyun-tablestore-go-sdk 4.1.3): header names canonicalised by net/http
 * ({@code X-Ots-Date}), a date formatted with the layout {@code 2006-01-02T15:04:05.123Z} (the
 * ".123" is not a fraction in Go: it prints month, day and 12-hour hour), an empty ListTable body,
 * only its own five x-ots headers signed. Python (tablestore 6.4.8): lower-case names, a
 * {@code .000Z} date, and on every response it demands x-ots-date in {@code %Y-%m-%dT%H:%M:%S.%fZ}
 * within 15 minutes, x-ots-contentmd5 matching the body, x-ots-contenttype, x-ots-requestid and
 * an {@code authorization} signed over the trimmed x-ots-* response headers. Node.js
 * (tablestore 5.6.5): primary keys with one zero byte of padding per INF_MIN/INF_MAX cell after
 * the row checksum (the bytes below are what its {@code serializePrimaryKey} returns).
 */
class ForeignSdkWireTest {
  private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss");

  private static MockTablestore mock;
  private static HttpClient http;

  @BeforeAll
  static void start() {
    mock = MockTablestore.builder().credentials("wire-key-id", "wire-secret").start();
    http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(10)).build();
  }

  @AfterAll
  static void stop() {
    if (mock != null) {
      mock.close();
    }
  }

  /** What Go's time.Format prints for the layout "2006-01-02T15:04:05.123Z" at {@code utc}. */
  static String goSdkDate(LocalDateTime utc) {
    int hour12 = utc.getHour() % 12 == 0 ? 12 : utc.getHour() % 12;
    return SECONDS.format(utc) + "." + utc.getMonthValue() + utc.getDayOfMonth() + hour12 + "Z";
  }

  @Test
  void goSdkDateLayoutIsRenderedLikeGo() {
    // The checks below rely on this emulation; Go prints 2026-11-22T18:04:05.11226Z here.
    assertThat(goSdkDate(LocalDateTime.of(2026, 11, 22, 18, 4, 5))).isEqualTo("2026-11-22T18:04:05.11226Z");
    assertThat(goSdkDate(LocalDateTime.of(2026, 1, 2, 0, 0, 0))).isEqualTo("2026-01-02T00:00:00.1212Z");
  }

  @Test
  void acceptsGoSdkRequestWithCanonicalisedNamesAndGoDate() throws Exception {
    String date = goSdkDate(LocalDateTime.now(ZoneOffset.UTC));
    HttpResponse<byte[]> response = send("ListTable", new byte[0], date, true, "wire-secret");

    assertThat(response.statusCode()).as(describe(response)).isEqualTo(200);
    OtsInternalApi.ListTableResponse.parseFrom(response.body());
    assertPythonAcceptsResponseHeaders(response, "ListTable");
  }

  @Test
  void acceptsPythonSdkRequestWithLowerCaseNamesAndWholeMilliseconds() throws Exception {
    String date = SECONDS.format(LocalDateTime.now(ZoneOffset.UTC)) + ".000Z";
    HttpResponse<byte[]> response = send("ListTable", new byte[0], date, false, "wire-secret");

    assertThat(response.statusCode()).as(describe(response)).isEqualTo(200);
    assertPythonAcceptsResponseHeaders(response, "ListTable");
  }

  @Test
  void errorResponsesCarryHeadersPythonValidates() throws Exception {
    byte[] body = OtsInternalApi.DescribeTableRequest.newBuilder().setTableName("no_such_table").build().toByteArray();
    String date = goSdkDate(LocalDateTime.now(ZoneOffset.UTC));
    HttpResponse<byte[]> response = send("DescribeTable", body, date, true, "wire-secret");

    assertThat(response.statusCode()).as(describe(response)).isEqualTo(404);
    assertThat(OtsInternalApi.Error.parseFrom(response.body()).getCode()).isEqualTo("OTSObjectNotExist");
    assertPythonAcceptsResponseHeaders(response, "DescribeTable");
  }

  @Test
  void wrongSecretIsOtsAuthFailedWithARequestId() throws Exception {
    String date = goSdkDate(LocalDateTime.now(ZoneOffset.UTC));
    HttpResponse<byte[]> response = send("ListTable", new byte[0], date, true, "not-the-secret");

    assertThat(response.statusCode()).as(describe(response)).isEqualTo(403);
    assertThat(OtsInternalApi.Error.parseFrom(response.body()).getCode()).isEqualTo("OTSAuthFailed");
    assertThat(response.headers().firstValue("x-ots-requestid")).isPresent();
  }

  @Test
  void describeTableCarriesTheTableStatusTheGoSdkRequires() throws Exception {
    createTable("wire_status");
    byte[] body = OtsInternalApi.DescribeTableRequest.newBuilder().setTableName("wire_status").build().toByteArray();
    HttpResponse<byte[]> response = send("DescribeTable", body, goSdkDate(LocalDateTime.now(ZoneOffset.UTC)), true, "wire-secret");

    assertThat(response.statusCode()).as(describe(response)).isEqualTo(200);
    // Field 4 is "required TableStatus table_status" in the Go SDK's table_store.proto (absent
    // from the Java and Python protos, so it arrives here as an unknown field); ACTIVE = 1.
    // Without it the Go SDK fails every DescribeTable with "required field ... table_status not set".
    OtsInternalApi.DescribeTableResponse described = OtsInternalApi.DescribeTableResponse.parseFrom(response.body());
    assertThat(described.getUnknownFields().hasField(4)).as("table_status (field 4) present").isTrue();
    assertThat(described.getUnknownFields().getField(4).getVarintList()).containsExactly(1L);
  }

  @Test
  void updateTableCarriesTheStreamDetailsTheGoSdkDereferences() throws Exception {
    createTable("wire_update");
    byte[] body = OtsInternalApi.UpdateTableRequest.newBuilder().setTableName("wire_update")
        .setTableOptions(OtsInternalApi.TableOptions.newBuilder().setMaxVersions(2)).build().toByteArray();
    HttpResponse<byte[]> response = send("UpdateTable", body, goSdkDate(LocalDateTime.now(ZoneOffset.UTC)), true, "wire-secret");

    assertThat(response.statusCode()).as(describe(response)).isEqualTo(200);
    // The Go SDK reads *resp.StreamDetails.EnableStream without a nil check (api.go:538 in 4.1.3):
    // an UpdateTableResponse without stream_details makes it panic.
    OtsInternalApi.UpdateTableResponse updated = OtsInternalApi.UpdateTableResponse.parseFrom(response.body());
    assertThat(updated.hasStreamDetails()).as("stream_details present").isTrue();
    assertThat(updated.getStreamDetails().getEnableStream()).isFalse();
    assertThat(updated.getTableOptions().getMaxVersions()).isEqualTo(2);
  }

  /** What the Node.js SDK 5.6.5 sends for {@code [{name: INF_MIN}, {seq: INF_MIN}]}: two zero bytes after the row checksum. */
  static final String NODE_SDK_INF_MIN_KEY =
      "75000000010304040000006e616d650501000000090a620304030000007365710501000000090a8509e40000";
  /** ... and for {@code [{name: INF_MAX}, {seq: INF_MAX}]}. */
  static final String NODE_SDK_INF_MAX_KEY =
      "75000000010304040000006e616d6505010000000a0a6b03040300000073657105010000000a0a8c09630000";

  @Test
  void nodeSdkCompositeKeyRangeWithOpenBoundsReturnsEveryRow() throws Exception {
    createTable("wire_node_range", keyColumn("name", OtsInternalApi.PrimaryKeyType.STRING), keyColumn("seq", OtsInternalApi.PrimaryKeyType.INTEGER));
    for (String name : new String[] {"a", "b", "c"}) {
      for (long seq = 1; seq <= 4; seq++) {
        putRow("wire_node_range", name, seq);
      }
    }

    HttpResponse<byte[]> response = getRange("wire_node_range",
        HexFormat.of().parseHex(NODE_SDK_INF_MIN_KEY), HexFormat.of().parseHex(NODE_SDK_INF_MAX_KEY));

    assertThat(response.statusCode()).as(describe(response)).isEqualTo(200);
    OtsInternalApi.GetRangeResponse range = OtsInternalApi.GetRangeResponse.parseFrom(response.body());
    assertThat(range.hasNextStartPrimaryKey()).isFalse();
    List<PlainBufferRow> rows = new PlainBufferCodedInputStream(new PlainBufferInputStream(
        range.getRows().asReadOnlyByteBuffer())).readRowsWithHeader();
    assertThat(rows).hasSize(12);
  }

  @Test
  void bytesOtherThanZeroAfterTheRowChecksumAreStillRefused() throws Exception {
    createTable("wire_node_garbage", keyColumn("name", OtsInternalApi.PrimaryKeyType.STRING), keyColumn("seq", OtsInternalApi.PrimaryKeyType.INTEGER));
    byte[] start = HexFormat.of().parseHex(NODE_SDK_INF_MIN_KEY);
    start[start.length - 1] = 0x01;

    HttpResponse<byte[]> response = getRange("wire_node_garbage", start, HexFormat.of().parseHex(NODE_SDK_INF_MAX_KEY));

    assertThat(response.statusCode()).as(describe(response)).isEqualTo(400);
    OtsInternalApi.Error error = OtsInternalApi.Error.parseFrom(response.body());
    assertThat(error.getCode()).isEqualTo("OTSParameterInvalid");
    assertThat(error.getMessage()).contains("inclusive_start_primary_key", "after the row checksum");
  }

  private static HttpResponse<byte[]> getRange(String table, byte[] start, byte[] end) throws Exception {
    byte[] body = OtsInternalApi.GetRangeRequest.newBuilder().setTableName(table)
        .setDirection(OtsInternalApi.Direction.FORWARD).setMaxVersions(1)
        .setInclusiveStartPrimaryKey(ByteString.copyFrom(start))
        .setExclusiveEndPrimaryKey(ByteString.copyFrom(end))
        .build().toByteArray();
    return send("GetRange", body, goSdkDate(LocalDateTime.now(ZoneOffset.UTC)), false, "wire-secret");
  }

  private static void putRow(String table, String name, long seq) throws Exception {
    RowPutChange put = new RowPutChange(table, PrimaryKeyBuilder.createPrimaryKeyBuilder()
        .addPrimaryKeyColumn("name", PrimaryKeyValue.fromString(name))
        .addPrimaryKeyColumn("seq", PrimaryKeyValue.fromLong(seq)).build());
    put.addColumn("v", ColumnValue.fromLong(seq));
    byte[] body = OtsInternalApi.PutRowRequest.newBuilder().setTableName(table)
        .setRow(ByteString.copyFrom(PlainBufferBuilder.buildRowPutChangeWithHeader(put)))
        .setCondition(OtsInternalApi.Condition.newBuilder().setRowExistence(OtsInternalApi.RowExistenceExpectation.IGNORE))
        .build().toByteArray();
    HttpResponse<byte[]> response = send("PutRow", body, goSdkDate(LocalDateTime.now(ZoneOffset.UTC)), false, "wire-secret");
    assertThat(response.statusCode()).as(describe(response)).isEqualTo(200);
  }

  private static void createTable(String name) throws Exception {
    createTable(name, keyColumn("id", OtsInternalApi.PrimaryKeyType.STRING));
  }

  private static OtsInternalApi.PrimaryKeySchema keyColumn(String name, OtsInternalApi.PrimaryKeyType type) {
    return OtsInternalApi.PrimaryKeySchema.newBuilder().setName(name).setType(type).build();
  }

  private static void createTable(String name, OtsInternalApi.PrimaryKeySchema... primaryKey) throws Exception {
    OtsInternalApi.TableMeta.Builder meta = OtsInternalApi.TableMeta.newBuilder().setTableName(name);
    Arrays.stream(primaryKey).forEach(meta::addPrimaryKey);
    byte[] body = OtsInternalApi.CreateTableRequest.newBuilder()
        .setTableMeta(meta)
        .setReservedThroughput(OtsInternalApi.ReservedThroughput.newBuilder()
            .setCapacityUnit(OtsInternalApi.CapacityUnit.newBuilder().setRead(0).setWrite(0)))
        .setTableOptions(OtsInternalApi.TableOptions.newBuilder().setTimeToLive(-1).setMaxVersions(1))
        .build().toByteArray();
    HttpResponse<byte[]> response = send("CreateTable", body, goSdkDate(LocalDateTime.now(ZoneOffset.UTC)), true, "wire-secret");
    assertThat(response.statusCode()).as(describe(response)).isEqualTo(200);
  }

  /** Signs like the Go SDK (its five headers, lower-case names) and sends with either name case. */
  private static HttpResponse<byte[]> send(String action, byte[] body, String date, boolean goCase,
      String secret) throws Exception {
    Map<String, String> signed = new TreeMap<>();
    signed.put("x-ots-date", date);
    signed.put("x-ots-apiversion", "2015-12-31");
    signed.put("x-ots-accesskeyid", mock.accessKeyId());
    signed.put("x-ots-instancename", mock.instanceName());
    signed.put("x-ots-contentmd5", Base64.getEncoder().encodeToString(MessageDigest.getInstance("MD5").digest(body)));
    StringBuilder toSign = new StringBuilder("/" + action + "\nPOST\n\n");
    signed.forEach((name, value) -> toSign.append(name).append(':').append(value.trim()).append('\n'));
    Map<String, String> headers = new LinkedHashMap<>(signed);
    headers.put("x-ots-signature", hmacSha1(secret, toSign.toString()));

    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(mock.endpoint() + "/" + action))
        .timeout(Duration.ofSeconds(30))
        .POST(HttpRequest.BodyPublishers.ofByteArray(body))
        .header("User-Agent", goCase ? "aliyun-tablestore-sdk-golang/4.0.2" : "aliyun-tablestore-sdk-python/6.4.8");
    headers.forEach((name, value) -> request.header(goCase ? canonical(name) : name, value));
    return http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
  }

  /** Go's textproto canonical form: x-ots-date becomes X-Ots-Date. */
  private static String canonical(String name) {
    StringBuilder out = new StringBuilder(name.length());
    boolean upper = true;
    for (char c : name.toCharArray()) {
      out.append(upper ? Character.toUpperCase(c) : Character.toLowerCase(c));
      upper = c == '-';
    }
    return out.toString();
  }

  /** The checks of the Python SDK's protocol.py on a response, and the Go SDK's request id. */
  private static void assertPythonAcceptsResponseHeaders(HttpResponse<byte[]> response, String action)
      throws Exception {
    Map<String, String> headers = response.headers().map().entrySet().stream().collect(Collectors.toMap(
        e -> e.getKey().toLowerCase(Locale.ROOT), e -> e.getValue().get(0), (a, b) -> a, TreeMap::new));
    assertThat(headers).as(describe(response))
        .containsKeys("x-ots-contentmd5", "x-ots-requestid", "x-ots-date", "x-ots-contenttype", "authorization");
    assertThat(headers.get("x-ots-contentmd5")).as("MD5 of the body")
        .isEqualTo(Base64.getEncoder().encodeToString(MessageDigest.getInstance("MD5").digest(response.body())));
    // strptime's %f needs 1 to 6 fraction digits: a date without a fraction is rejected.
    String date = headers.get("x-ots-date");
    assertThat(date).matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{1,6}Z");
    LocalDateTime sent = LocalDateTime.parse(date.substring(0, 19), SECONDS);
    assertThat(Duration.between(sent, LocalDateTime.now(ZoneOffset.UTC)).abs()).isLessThan(Duration.ofMinutes(15));

    String signedHeaders = headers.entrySet().stream()
        .filter(e -> e.getKey().startsWith("x-ots-"))
        .map(e -> e.getKey() + ":" + e.getValue().trim())
        .collect(Collectors.joining("\n"));
    String expected = hmacSha1(mock.accessKeySecret(), signedHeaders + "\n/" + action);
    assertThat(headers.get("authorization")).isEqualTo("OTS " + mock.accessKeyId() + ":" + expected);
  }

  private static String hmacSha1(String secret, String text) throws GeneralSecurityException {
    Mac mac = Mac.getInstance("HmacSHA1");
    mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA1"));
    return Base64.getEncoder().encodeToString(mac.doFinal(text.getBytes(StandardCharsets.UTF_8)));
  }

  private static String describe(HttpResponse<byte[]> response) {
    String body;
    try {
      OtsInternalApi.Error error = OtsInternalApi.Error.parseFrom(response.body());
      body = error.getCode() + ": " + error.getMessage();
    } catch (Exception notAnError) {
      body = response.body().length + " bytes";
    }
    return "HTTP " + response.statusCode() + " " + response.headers().map() + " " + body;
  }
}
