package io.tablestoreycsb.mock;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.core.protocol.OTSProtocolBuilder;
import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.CreateTableRequest;
import com.alicloud.openservices.tablestore.model.DeleteRowRequest;
import com.alicloud.openservices.tablestore.model.DeleteTableRequest;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.RowDeleteChange;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.TableMeta;
import com.alicloud.openservices.tablestore.model.TableOptions;
import io.tablestoreycsb.mock.fixtures.TableSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every kind of bad credential on every kind of request, destructive ones included, with a valid
 * SDK-built body: refused with 403 OTSAuthFailed, and nothing is executed.
 */
class UnauthenticatedRequestsTest {
  private static final String VICTIM = "victim";

  @RegisterExtension
  static final MockFixture fx = MockFixture.with(endpoint -> endpoint.credentials("right-id", "right-secret"),
      TableSpec.named(VICTIM).key("userid", PrimaryKeyType.STRING));

  @BeforeAll
  static void putTheRowAnIntruderWouldChange() {
    fx.client().putRow(new PutRowRequest(put("k", "original")));
  }

  @Test
  void badCredentialsAreRefusedOnEveryActionAndNothingIsExecuted() throws Exception {
    Map<String, byte[]> requests = new LinkedHashMap<>();
    requests.put("DeleteTable", OTSProtocolBuilder.buildDeleteTableRequest(new DeleteTableRequest(VICTIM)).toByteArray());
    requests.put("CreateTable", OTSProtocolBuilder.buildCreateTableRequest(
        new CreateTableRequest(meta("intruder"), new TableOptions(-1, 1))).toByteArray());
    requests.put("PutRow", OTSProtocolBuilder.buildPutRowRequest(new PutRowRequest(put("k", "overwritten"))).toByteArray());
    requests.put("DeleteRow", OTSProtocolBuilder.buildDeleteRowRequest(
        new DeleteRowRequest(new RowDeleteChange(VICTIM, key("k")))).toByteArray());
    BatchWriteRowRequest batch = new BatchWriteRowRequest();
    batch.addRowChange(put("k", "batched"));
    requests.put("BatchWriteRow", OTSProtocolBuilder.buildBatchWriteRowRequest(batch).toByteArray());
    requests.put("GetRow", OTSProtocolBuilder.buildGetRowRequest(new GetRowRequest(criteria())).toByteArray());
    requests.put("ListTable", new byte[0]);

    Map<String, Consumer<TreeMap<String, String>>> faults = new LinkedHashMap<>();
    faults.put("wrong secret", h -> {});
    faults.put("wrong access key id", h -> h.put("x-ots-accesskeyid", "wrong-id"));
    faults.put("wrong instance", h -> h.put("x-ots-instancename", "other"));
    faults.put("expired date", h -> h.put("x-ots-date", RawOtsHttp.SDK_DATE.format(Instant.now().minus(Duration.ofMinutes(20)))));
    faults.put("date in the future", h -> h.put("x-ots-date", RawOtsHttp.SDK_DATE.format(Instant.now().plus(Duration.ofMinutes(20)))));
    faults.put("no signature", h -> h.remove("x-ots-signature"));

    for (Map.Entry<String, byte[]> request : requests.entrySet()) {
      String action = request.getKey();
      for (Map.Entry<String, Consumer<TreeMap<String, String>>> fault : faults.entrySet()) {
        String secret = fault.getKey().equals("wrong secret") ? "wrong-secret" : fx.mock().accessKeySecret();
        RawOtsHttp.Answer answer = fx.raw().post(action, request.getValue(), h -> {
          fault.getValue().accept(h);
          if (h.containsKey("x-ots-signature")) {
            h.put("x-ots-signature", signWith(secret, action, h));
          }
        });
        assertThat(answer.status()).as("%s with %s", action, fault.getKey()).isEqualTo(403);
        assertThat(answer.error().getCode()).as("%s with %s", action, fault.getKey()).isEqualTo("OTSAuthFailed");
      }
      // A correctly signed request with a tampered signature.
      RawOtsHttp.Answer tampered = fx.raw().post(action, request.getValue(), h -> {
        String sig = h.get("x-ots-signature");
        h.put("x-ots-signature", (sig.charAt(0) == 'A' ? 'B' : 'A') + sig.substring(1));
      });
      assertThat(tampered.status()).as("%s with a tampered signature", action).isEqualTo(403);
    }

    assertThat(fx.client().listTable().getTableNames()).containsExactly(VICTIM);
    assertThat(fx.client().getRow(new GetRowRequest(criteria())).getRow().getLatestColumn("field0").getValue().asString())
        .isEqualTo("original");
  }

  private static String signWith(String secret, String action, Map<String, String> headers) {
    StringBuilder s = new StringBuilder("/" + action + "\nPOST\n\n");
    new TreeMap<>(headers).forEach((k, v) -> {
      if (k.startsWith("x-ots-") && !k.equals("x-ots-signature")) {
        s.append(k).append(':').append(v.trim()).append('\n');
      }
    });
    return RawOtsHttp.hmac(secret, s.toString());
  }

  private static TableMeta meta(String name) {
    TableMeta meta = new TableMeta(name);
    meta.addPrimaryKeyColumn("userid", PrimaryKeyType.STRING);
    return meta;
  }

  private static RowPutChange put(String userid, String value) {
    RowPutChange change = new RowPutChange(VICTIM, key(userid));
    change.addColumn("field0", ColumnValue.fromString(value));
    return change;
  }

  private static SingleRowQueryCriteria criteria() {
    SingleRowQueryCriteria c = new SingleRowQueryCriteria(VICTIM, key("k"));
    c.setMaxVersions(1);
    return c;
  }

  private static PrimaryKey key(String userid) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("userid", PrimaryKeyValue.fromString(userid)).build();
  }
}
