package io.tablestoreycsb.mock.admin;

import io.tablestoreycsb.mock.protocol.Credentials;
import io.tablestoreycsb.mock.protocol.Signatures;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;

/**
 * Who may use the admin API. On a mock bound to loopback anyone who reaches the port is on this
 * machine, so the API is open (as the Tablestore API's default credentials are well known). Bound
 * beyond loopback (the container, {@code --host 0.0.0.0}) or asked to ({@code --admin-signed}),
 * every admin request must prove it holds the mock's access key secret, without sending it:
 *
 * <pre>
 *   X-Mock-AccessKeyId: the mock's access key id
 *   X-Mock-Date:        the time, ISO-8601 UTC (2026-11-28T08:30:00Z), within 15 minutes of the mock's
 *   X-Mock-Signature:   Base64(HMAC-SHA1(secret, METHOD \n TARGET \n DATE \n Base64(MD5(body))))
 * </pre>
 *
 * where TARGET is the path and query as sent ({@code /_mock/journal?action=PutRow}). The date
 * bounds how long a captured request can be replayed; the body's MD5 ties the signature to the
 * rule or file sent. Anything missing or wrong is answered 401, naming the header at fault.
 */
public final class AdminAccess {
  public static final String ACCESS_KEY_ID = "x-mock-accesskeyid";
  public static final String DATE = "x-mock-date";
  public static final String SIGNATURE = "x-mock-signature";
  /** As the Tablestore API: a signature older (or newer) than this is refused. */
  public static final Duration MAX_DATE_SKEW = Duration.ofMinutes(15);

  private final Credentials credentials;
  private final Clock clock;

  private AdminAccess(Credentials credentials, Clock clock) {
    this.credentials = credentials;
    this.clock = clock;
  }

  /** Every request is served. */
  public static AdminAccess open() {
    return new AdminAccess(null, null);
  }

  /** Only requests signed with {@code credentials}' secret are served. */
  public static AdminAccess signed(Credentials credentials, Clock clock) {
    return new AdminAccess(credentials, clock);
  }

  public boolean requiresSignature() {
    return credentials != null;
  }

  /** The string a client signs for a request (see the class comment). */
  public static String stringToSign(String method, String target, String date, byte[] body) {
    return method + "\n" + target + "\n" + date + "\n" + Signatures.md5Base64(body);
  }

  /** The signature header's value for a request, as a client computes it. */
  public static String signature(String secret, String method, String target, String date, byte[] body) {
    return Signatures.hmacSha1Base64(secret, stringToSign(method, target, date, body));
  }

  /** @throws AdminException 401 when the request is not signed with the mock's credentials */
  void check(String method, String target, Map<String, String> lowerCaseHeaders, byte[] body) {
    if (credentials == null) {
      return;
    }
    String id = header(lowerCaseHeaders, ACCESS_KEY_ID);
    String date = header(lowerCaseHeaders, DATE);
    String signature = header(lowerCaseHeaders, SIGNATURE);
    if (!credentials.accessKeyId().equals(id)) {
      throw unauthorized("the access key id in X-Mock-AccessKeyId is not the mock's");
    }
    Instant sent;
    try {
      sent = Instant.parse(date);
    } catch (DateTimeParseException e) {
      throw unauthorized("X-Mock-Date '" + date + "' is not an ISO-8601 UTC time such as 2026-11-28T08:30:00Z");
    }
    if (Duration.between(sent, clock.instant()).abs().compareTo(MAX_DATE_SKEW) > 0) {
      throw unauthorized("X-Mock-Date " + date + " is more than 15 minutes from the mock's clock ("
          + clock.instant() + ")");
    }
    String expected = signature(credentials.accessKeySecret(), method, target, date, body);
    if (!Signatures.sameSignature(expected, signature)) {
      throw unauthorized("X-Mock-Signature does not match the one computed with the mock's secret over '"
          + stringToSign(method, target, date, body).replace("\n", "\\n") + "'");
    }
  }

  private static String header(Map<String, String> headers, String name) {
    String value = headers.get(name);
    if (value == null || value.isBlank()) {
      throw unauthorized("missing header " + name);
    }
    return value.strip();
  }

  private static AdminException unauthorized(String why) {
    return new AdminException(401, "the admin API of a mock bound beyond loopback needs the mock's credentials: "
        + why + " (see docs/mock-admin.md#credentials)");
  }
}
