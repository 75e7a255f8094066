package io.tablestoreycsb.bench.jmh;

import io.tablestoreycsb.mock.protocol.Credentials;
import io.tablestoreycsb.mock.protocol.OtsHeaders;
import io.tablestoreycsb.mock.protocol.RequestAuthenticator;
import io.tablestoreycsb.mock.protocol.Signatures;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** The mock's per-request authentication: MD5 of the body, string to sign, HMAC-SHA1 check. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
@State(Scope.Thread)
public class SignatureBench {
  private static final String SECRET = "mock-access-key-secret";
  private RequestAuthenticator authenticator;
  private Map<String, String> headers;
  private byte[] body;

  @Setup
  public void setUp() {
    Instant now = Instant.parse("2026-01-01T00:00:00.000Z");
    authenticator = new RequestAuthenticator(new Credentials("mock", "mock-access-key-id", SECRET),
        Clock.fixed(now, ZoneOffset.UTC));
    body = new byte[700]; // about one PutRow of a paper row
    headers = new HashMap<>();
    headers.put(OtsHeaders.DATE, now.toString());
    headers.put(OtsHeaders.API_VERSION, OtsHeaders.SUPPORTED_API_VERSIONS.get(0));
    headers.put(OtsHeaders.ACCESS_KEY_ID, "mock-access-key-id");
    headers.put(OtsHeaders.INSTANCE_NAME, "mock");
    headers.put(OtsHeaders.CONTENT_MD5, Signatures.md5Base64(body));
    headers.put("x-ots-sdk-traceid", "0123456789abcdef");
    StringBuilder toSign = new StringBuilder("/PutRow\nPOST\n\n");
    for (Map.Entry<String, String> e : new TreeMap<>(headers).entrySet()) {
      toSign.append(e.getKey()).append(':').append(e.getValue()).append('\n');
    }
    headers.put(OtsHeaders.SIGNATURE, Signatures.hmacSha1Base64(SECRET, toSign.toString()));
  }

  @Benchmark
  public String authenticatePutRow() {
    return authenticator.authenticate("PutRow", headers, body);
  }

  @Benchmark
  public String hmacSha1() {
    return Signatures.hmacSha1Base64(SECRET, "/PutRow\nPOST\n\nx-ots-date:2026-01-01T00:00:00.000Z\n");
  }
}
