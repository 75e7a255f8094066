package io.tablestoreycsb.mock.protocol;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Builds the headers the service puts on every response, success or error, spelt as it spells
 * them: x-ots-contentmd5, x-ots-contenttype, x-ots-date, x-ots-requestid (lower case),
 * {@code Authorization: OTS <id>:<signature>} and the HTTP {@code Date}.
 *
 * <p>The signature is what the Java SDK's response validation recomputes: every x-ots-* response
 * header, sorted by name, {@code name:value\n}, then {@code /Action}, HMAC-SHA1 with the secret.
 */
public final class ResponseSigner {
  private final Credentials credentials;
  private final Clock clock;

  /** {@code OTS <AccessKeyId>:}, made once. */
  private final String authorizationPrefix;

  public ResponseSigner(Credentials credentials, Clock clock) {
    this.credentials = credentials;
    this.clock = clock;
    this.authorizationPrefix = "OTS " + credentials.accessKeyId() + ":";
  }

  /**
   * The headers of a response; {@code signingKey} is what the request was signed with (the secret,
   * or the V4 derived key), or null before authentication succeeded (then the secret is used).
   */
  public Map<String, String> headersFor(String action, String requestId, byte[] body, String signingKey) {
    // Inserted in name order, which is also the order they are signed in.
    Map<String, String> headers = new LinkedHashMap<>(8);
    headers.put(OtsHeaders.CONTENT_MD5, Signatures.md5Base64(body));
    headers.put(OtsHeaders.CONTENT_TYPE, OtsHeaders.PROTOBUF_CONTENT_TYPE);
    long now = clock.millis();
    headers.put(OtsHeaders.DATE, OtsDates.format(now));
    headers.put(OtsHeaders.REQUEST_ID, requestId);
    SigningText toSign = SigningText.start();
    for (Map.Entry<String, String> e : headers.entrySet()) {
      toSign.append(e.getKey()).append(':').append(e.getValue()).append('\n');
    }
    toSign.append('/').append(action);
    headers.put(OtsHeaders.AUTHORIZATION, authorizationPrefix
        + Signatures.hmacSha1Base64(signingKey != null ? signingKey : credentials.accessKeySecret(), toSign));
    headers.put(OtsHeaders.HTTP_DATE, OtsDates.httpDate(now));
    return headers;
  }
}
