package io.tablestoreycsb.mock.admin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tablestoreycsb.mock.MockTablestore;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** A test's client of a mock's admin API over HTTP, unsigned or signed as docs/mock-admin.md says. */
final class AdminHttp {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A reply: its status and its body parsed as JSON. */
  record Reply(int status, JsonNode json) {}

  private final HttpClient http = HttpClient.newHttpClient();
  private final String endpoint;
  /** Null: requests go unsigned. */
  private final String accessKeyId;
  private final String secret;
  private Instant signedAt;

  private AdminHttp(String endpoint, String accessKeyId, String secret) {
    this.endpoint = endpoint;
    this.accessKeyId = accessKeyId;
    this.secret = secret;
  }

  static AdminHttp unsigned(MockTablestore mock) {
    return new AdminHttp(mock.endpoint(), null, null);
  }

  static AdminHttp signed(MockTablestore mock, String accessKeyId, String secret) {
    return new AdminHttp(mock.endpoint(), accessKeyId, secret);
  }

  /** Signs with this date instead of now. */
  AdminHttp at(Instant date) {
    signedAt = date;
    return this;
  }

  Reply get(String target) {
    return send("GET", target, "");
  }

  Reply post(String target, String body) {
    return send("POST", target, body);
  }

  Reply delete(String target) {
    return send("DELETE", target, "");
  }

  Reply send(String method, String target, String body) {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(endpoint + target))
        .method(method, HttpRequest.BodyPublishers.ofByteArray(bytes));
    if (accessKeyId != null) {
      String date = (signedAt == null ? Instant.now() : signedAt).truncatedTo(ChronoUnit.SECONDS).toString();
      request.header("X-Mock-AccessKeyId", accessKeyId)
          .header("X-Mock-Date", date)
          .header("X-Mock-Signature", AdminAccess.signature(secret, method, target, date, bytes));
    }
    try {
      HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
      return new Reply(response.statusCode(), JSON.readTree(response.body()));
    } catch (IOException e) {
      throw new IllegalStateException(method + " " + target + " failed: " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
