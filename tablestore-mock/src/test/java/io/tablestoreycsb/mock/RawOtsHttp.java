package io.tablestoreycsb.mock;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A hand-rolled Tablestore HTTP client (java.net.http) for sending what the SDK never would:
 * malformed bodies, wrong headers, bad signatures. Signs like the SDK's V2 signer, independently
 * of the mock's code.
 */
final class RawOtsHttp {
  static final DateTimeFormatter SDK_DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

  private final MockTablestore mock;
  private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(5)).build();

  RawOtsHttp(MockTablestore mock) {
    this.mock = mock;
  }

  /** The service's answer: status, headers and, for errors, the decoded protobuf Error. */
  record Answer(int status, Map<String, String> headers, byte[] body) {
    OtsInternalApi.Error error() {
      try {
        return OtsInternalApi.Error.parseFrom(body);
      } catch (Exception e) {
        throw new AssertionError("the body is not a protobuf Error", e);
      }
    }

    String header(String name) {
      return headers.get(name.toLowerCase());
    }
  }

  /** Headers exactly as the Java SDK signs them for {@code body}. */
  TreeMap<String, String> signedHeaders(String action, byte[] body, String date) {
    TreeMap<String, String> headers = new TreeMap<>();
    headers.put("x-ots-date", date);
    headers.put("x-ots-apiversion", "2015-12-31");
    headers.put("x-ots-accesskeyid", mock.accessKeyId());
    headers.put("x-ots-instancename", mock.instanceName());
    headers.put("x-ots-contentmd5", md5(body));
    headers.put("x-ots-signature", sign(action, headers));
    return headers;
  }

  String sign(String action, Map<String, String> headers) {
    StringBuilder s = new StringBuilder("/" + action + "\nPOST\n\n");
    new TreeMap<>(headers).forEach((k, v) -> {
      if (k.startsWith("x-ots-") && !k.equals("x-ots-signature")) {
        s.append(k).append(':').append(v.trim()).append('\n');
      }
    });
    return hmac(mock.accessKeySecret(), s.toString());
  }

  Answer post(String action, byte[] body) {
    return post(action, body, h -> {});
  }

  /** Posts {@code body} with SDK-style signed headers, after {@code tweak} has changed them. */
  Answer post(String action, byte[] body, Consumer<TreeMap<String, String>> tweak) {
    TreeMap<String, String> headers = signedHeaders(action, body, SDK_DATE.format(Instant.now()));
    tweak.accept(headers);
    return send("POST", action, body, headers);
  }

  Answer send(String method, String action, byte[] body, Map<String, String> headers) {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(mock.endpoint() + "/" + action))
        .timeout(Duration.ofSeconds(30))
        .method(method, HttpRequest.BodyPublishers.ofByteArray(body));
    headers.forEach(request::header);
    try {
      HttpResponse<byte[]> response = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
      Map<String, String> responseHeaders = new TreeMap<>();
      response.headers().map().forEach((k, v) -> responseHeaders.put(k.toLowerCase(), v.get(0)));
      return new Answer(response.statusCode(), responseHeaders, response.body());
    } catch (Exception e) {
      throw new AssertionError("HTTP request failed: " + e, e);
    }
  }

  /** Recomputes the response signature the way the Java SDK's response validation does. */
  String expectedResponseSignature(String action, Map<String, String> responseHeaders) {
    StringBuilder s = new StringBuilder();
    new TreeMap<>(responseHeaders).forEach((k, v) -> {
      if (k.startsWith("x-ots-")) {
        s.append(k).append(':').append(v).append('\n');
      }
    });
    s.append('/').append(action);
    return hmac(mock.accessKeySecret(), s.toString());
  }

  static String md5(byte[] body) {
    try {
      return Base64.getEncoder().encodeToString(MessageDigest.getInstance("MD5").digest(body));
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  static String hmac(String secret, String data) {
    try {
      Mac mac = Mac.getInstance("HmacSHA1");
      mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA1"));
      return Base64.getEncoder().encodeToString(mac.doFinal(data.getBytes(StandardCharsets.UTF_8)));
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }
}
