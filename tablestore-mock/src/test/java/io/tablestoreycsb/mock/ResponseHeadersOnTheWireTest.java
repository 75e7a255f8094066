package io.tablestoreycsb.mock;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The response head exactly as it crosses the wire, read from a plain socket: header names in the
 * service's spelling, because SDKs older than ours look them up case-sensitively (the Java SDK 4.x
 * fails every request with "MissingHeader: Authorization" when the name is lower case).
 */
class ResponseHeadersOnTheWireTest {
  /** What the service sends on every answer, success or error, and nothing else. */
  private static final List<String> SERVICE_HEADER_NAMES = List.of(
      "Authorization", "Connection", "Content-Length", "Date",
      "x-ots-contentmd5", "x-ots-contenttype", "x-ots-date", "x-ots-requestid");

  private static MockTablestore mock;
  private static RawOtsHttp signer;

  @BeforeAll
  static void start() {
    mock = MockTablestore.builder().start();
    signer = new RawOtsHttp(mock);
  }

  @AfterAll
  static void stop() {
    mock.close();
  }

  /** A response head: the status line and the header lines, as sent. */
  record Head(String statusLine, List<String> names, Map<String, String> values, byte[] body) {}

  @Test
  void successCarriesTheServiceHeaderNamesInTheServiceCase() throws IOException {
    Head head = exchange("ListTable", new byte[0], "x-ots-apiversion");

    assertThat(head.statusLine()).isEqualTo("HTTP/1.1 200 OK");
    assertThat(head.names()).containsExactlyInAnyOrderElementsOf(SERVICE_HEADER_NAMES);
    assertServiceHeaders(head, "ListTable");
  }

  @Test
  void errorsCarryTheSameHeaders() throws IOException {
    byte[] describe = OtsInternalApi.DescribeTableRequest.newBuilder().setTableName("no_such_table").build().toByteArray();
    Head head = exchange("DescribeTable", describe, "x-ots-apiversion");

    assertThat(head.statusLine()).isEqualTo("HTTP/1.1 404 Not Found");
    assertThat(head.names()).containsExactlyInAnyOrderElementsOf(SERVICE_HEADER_NAMES);
    assertServiceHeaders(head, "DescribeTable");
  }

  @Test
  void anAuthenticationFailureCarriesTheSameHeaders() throws IOException {
    Head head = exchange("ListTable", new byte[0], "x-ots-signature");

    assertThat(head.statusLine()).isEqualTo("HTTP/1.1 403 Forbidden");
    assertThat(head.names()).containsExactlyInAnyOrderElementsOf(SERVICE_HEADER_NAMES);
    assertThat(head.values().get("x-ots-requestid")).isNotBlank();
  }

  private static void assertServiceHeaders(Head head, String action) {
    Map<String, String> values = head.values();
    assertThat(values.get("x-ots-contenttype")).isEqualTo("protocol buffer");
    assertThat(values.get("x-ots-contentmd5")).isEqualTo(RawOtsHttp.md5(head.body()));
    assertThat(values.get("Content-Length")).isEqualTo(Integer.toString(head.body().length));
    assertThat(values.get("Connection")).isEqualTo("keep-alive");
    Instant date = ZonedDateTime.parse(values.get("Date"), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
    assertThat(date).isBetween(Instant.now().minusSeconds(60), Instant.now().plusSeconds(1));
    // Signed as the Java SDK 4.x checks it: only names that start with a lower-case "x-ots-".
    Map<String, String> otsHeaders = new TreeMap<>(values);
    otsHeaders.keySet().removeIf(name -> !name.startsWith("x-ots-"));
    assertThat(values.get("Authorization"))
        .isEqualTo("OTS " + mock.accessKeyId() + ":" + signer.expectedResponseSignature(action, otsHeaders));
  }

  /**
   * Sends one signed POST on a fresh socket ({@code spoil} names a header whose value is replaced,
   * to provoke an error) and reads the response head and body byte by byte.
   */
  private static Head exchange(String action, byte[] body, String spoil) throws IOException {
    TreeMap<String, String> headers = signer.signedHeaders(action, body, RawOtsHttp.SDK_DATE.format(Instant.now()));
    if (spoil.equals("x-ots-signature")) {
      headers.put(spoil, "AAAAAAAAAAAAAAAAAAAAAAAAAAA=");
    }
    StringBuilder request = new StringBuilder("POST /" + action + " HTTP/1.1\r\nHost: 127.0.0.1:" + mock.port() + "\r\n");
    headers.forEach((name, value) -> request.append(name).append(": ").append(value).append("\r\n"));
    request.append("Content-Length: ").append(body.length).append("\r\n\r\n");
    try (Socket socket = new Socket("127.0.0.1", mock.port())) {
      socket.setSoTimeout(30_000);
      OutputStream out = socket.getOutputStream();
      out.write(request.toString().getBytes(StandardCharsets.US_ASCII));
      out.write(body);
      out.flush();
      InputStream in = socket.getInputStream();
      List<String> lines = new ArrayList<>();
      for (String line = readLine(in); !line.isEmpty(); line = readLine(in)) {
        lines.add(line);
      }
      List<String> names = new ArrayList<>();
      Map<String, String> values = new TreeMap<>();
      for (String line : lines.subList(1, lines.size())) {
        int colon = line.indexOf(':');
        names.add(line.substring(0, colon));
        values.put(line.substring(0, colon), line.substring(colon + 1).strip());
      }
      byte[] responseBody = in.readNBytes(Integer.parseInt(values.get("Content-Length")));
      return new Head(lines.get(0), names, values, responseBody);
    }
  }

  private static String readLine(InputStream in) throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    for (int b = in.read(); b != '\n'; b = in.read()) {
      if (b < 0) {
        throw new IOException("connection closed inside the response head");
      }
      if (b != '\r') {
        line.write(b);
      }
    }
    return line.toString(StandardCharsets.US_ASCII);
  }
}
