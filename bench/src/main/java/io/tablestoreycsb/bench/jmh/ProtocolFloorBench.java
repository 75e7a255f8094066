package io.tablestoreycsb.bench.jmh;

import com.alicloud.openservices.tablestore.core.protocol.OTSProtocolBuilder;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import io.tablestoreycsb.bench.PaperRows;
import io.tablestoreycsb.bench.ProtocolWork;
import io.tablestoreycsb.mock.protocol.Credentials;
import io.tablestoreycsb.mock.protocol.OtsHeaders;
import io.tablestoreycsb.mock.protocol.PlainBufferReader;
import io.tablestoreycsb.mock.protocol.SignedHeaders;
import io.tablestoreycsb.mock.protocol.Signatures;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
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

/**
 * The protocol work any faithful server does for one request of the mock-vs-floor comparison (a
 * GetRow of a paper row, a PutRow of a new one, as the Java SDK sends them), with the mock's own
 * protocol classes and nothing else: no HTTP, no storage, no journal, no pipeline. Per request:
 * the request check (required headers, date, Content-MD5 of the body, HMAC-SHA1 signature), the
 * protobuf request decoded, its PlainBuffer (primary key or row change) read with its CRC-8
 * checks, for GetRow the returned row written as PlainBuffer with its CRC-8s, the protobuf
 * response encoded, and the response's Content-MD5 and HMAC-SHA1 signature ({@link ProtocolWork},
 * which the protocol floor of mock-vs-protocol-floor-cpu runs per request too). The request's x-ots-*
 * headers are handed over already picked out and sorted (the transport's view), so this is a floor:
 * what a server pays above an HTTP server that answers without looking.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
@State(Scope.Thread)
public class ProtocolFloorBench {
  private static final String INSTANCE = "mock";
  private static final String ACCESS_KEY_ID = "mock-access-key-id";
  private static final String SECRET = "mock-access-key-secret";
  private static final String REQUEST_ID = "0005f0e1-2b3c-4d5e-6f70-8192a3b4c5d6";
  private static final long TIMESTAMP = 1_700_000_000_000L;
  private static final String DATE = "2026-11-28T00:00:00.000Z";

  private ProtocolWork work;
  private byte[] getBody;
  private SortedHeaders getHeaders;
  private byte[] putBody;
  private SortedHeaders putHeaders;

  @Setup
  public void setUp() {
    Clock clock = Clock.fixed(Instant.parse(DATE), ZoneOffset.UTC);
    work = new ProtocolWork(new Credentials(INSTANCE, ACCESS_KEY_ID, SECRET), clock, TIMESTAMP);

    SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(PaperRows.TABLE, PaperRows.primaryKey(123_456_789L));
    criteria.setMaxVersions(1);
    getBody = OTSProtocolBuilder.buildGetRowRequest(new GetRowRequest(criteria)).toByteArray();
    getHeaders = signedHeaders("GetRow", getBody);
    putBody = OTSProtocolBuilder.buildPutRowRequest(new PutRowRequest(PaperRows.putChange(1_000_000_123L))).toByteArray();
    putHeaders = signedHeaders("PutRow", putBody);
  }

  /** A GetRow: check, decode the key, answer the stored paper row, sign. */
  @Benchmark
  public Map<String, String> getRow() {
    String key = work.authenticate("GetRow", getHeaders, getBody);
    return work.sign("GetRow", REQUEST_ID, work.getRow(getBody), key);
  }

  /** A PutRow: check, decode the row change, answer the consumed capacity, sign. */
  @Benchmark
  public Map<String, String> putRow() {
    String key = work.authenticate("PutRow", putHeaders, putBody);
    PlainBufferReader.Row row = work.putRowChange(putBody);
    if (row.cells.size() != PaperRows.FIELDS) {
      throw new IllegalStateException("expected " + PaperRows.FIELDS + " cells, read " + row.cells.size());
    }
    return work.sign("PutRow", REQUEST_ID, work.putRowResponse(), key);
  }

  /** The headers the Java SDK sends, signed as it signs them (V2). */
  private static SortedHeaders signedHeaders(String action, byte[] body) {
    TreeMap<String, String> ots = new TreeMap<>();
    ots.put(OtsHeaders.DATE, DATE); // as the Java SDK writes it: milliseconds, Z
    ots.put(OtsHeaders.API_VERSION, OtsHeaders.SUPPORTED_API_VERSIONS.get(0));
    ots.put(OtsHeaders.ACCESS_KEY_ID, ACCESS_KEY_ID);
    ots.put(OtsHeaders.INSTANCE_NAME, INSTANCE);
    ots.put(OtsHeaders.CONTENT_MD5, Signatures.md5Base64(body));
    ots.put("x-ots-sdk-traceid", "a1b2c3d4-e5f6-4789-8abc-def012345678");
    ots.put("x-ots-trace-threshold", "0");
    StringBuilder toSign = new StringBuilder("/").append(action).append("\nPOST\n\n");
    for (Map.Entry<String, String> e : ots.entrySet()) {
      toSign.append(e.getKey()).append(':').append(e.getValue()).append('\n');
    }
    ots.put(OtsHeaders.SIGNATURE, Signatures.hmacSha1Base64(SECRET, toSign.toString()));
    return new SortedHeaders(new ArrayList<>(ots.entrySet()));
  }

  /** A request's headers as the transport hands them over: the x-ots-* ones picked out and sorted. */
  private static final class SortedHeaders extends AbstractMap<String, String> implements SignedHeaders {
    private final List<Map.Entry<String, String>> ots;

    SortedHeaders(List<Map.Entry<String, String>> ots) {
      this.ots = List.copyOf(ots);
    }

    @Override
    public List<Map.Entry<String, String>> otsHeadersByName() {
      return ots;
    }

    @Override
    public Set<Map.Entry<String, String>> entrySet() {
      return Set.copyOf(ots);
    }
  }
}
