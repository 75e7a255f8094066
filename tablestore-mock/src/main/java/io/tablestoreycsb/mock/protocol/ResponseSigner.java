package io.tablestoreycsb.mock.protocol;

import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds the headers the service puts on every response, success or error: x-ots-contentmd5,
 * x-ots-contenttype, x-ots-date, x-ots-requestid and {@code authorization: OTS <id>:<signature>}.
 *
 * <p>The signature is what the Java SDK's response validation recomputes: every x-ots-* response
 * header, sorted by name, {@code name:value\n}, then {@code /Action}, HMAC-SHA1 with the secret.
 */
public final class ResponseSigner {
  private static final DateTimeFormatter DATE_FORMAT =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

  private final Credentials credentials;
  private final Clock clock;

  public ResponseSigner(Credentials credentials, Clock clock) {
    this.credentials = credentials;
    this.clock = clock;
  }

  /**
   * The headers of a response; {@code signingKey} is what the request was signed with (the secret,
   * or the V4 derived key), or null before authentication succeeded (then the secret is used).
   */
  public Map<String, String> headersFor(String action, String requestId, byte[] body, String signingKey) {
    Map<String, String> otsHeaders = new TreeMap<>();
    otsHeaders.put(OtsHeaders.CONTENT_MD5, Signatures.md5Base64(body));
    otsHeaders.put(OtsHeaders.CONTENT_TYPE, OtsHeaders.PROTOBUF_CONTENT_TYPE);
    otsHeaders.put(OtsHeaders.DATE, DATE_FORMAT.format(clock.instant()));
    otsHeaders.put(OtsHeaders.REQUEST_ID, requestId);
    StringBuilder toSign = new StringBuilder(256);
    for (Map.Entry<String, String> e : otsHeaders.entrySet()) {
      toSign.append(e.getKey()).append(':').append(e.getValue()).append('\n');
    }
    toSign.append('/').append(action);
    Map<String, String> headers = new LinkedHashMap<>(otsHeaders);
    headers.put(OtsHeaders.AUTHORIZATION, "OTS " + credentials.accessKeyId() + ":"
        + Signatures.hmacSha1Base64(signingKey != null ? signingKey : credentials.accessKeySecret(), toSign.toString()));
    return headers;
  }
}
