package io.tablestoreycsb.mock.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.ClientConfiguration;
import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.NoRetryStrategy;
import com.fasterxml.jackson.databind.JsonNode;
import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.mock.admin.AdminHttp.Reply;
import io.tablestoreycsb.mock.fixtures.UserTable;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The admin API over HTTP on the mock's own port, with the real SDK as the client whose requests
 * it steers and records: a fault added at run time, what the journal shows of it, reset.
 */
class AdminApiTest {
  private MockTablestore mock;
  private SyncClient client;
  private AdminHttp admin;

  @BeforeEach
  void start() {
    mock = MockTablestore.builder().start();
    ClientConfiguration noRetry = new ClientConfiguration();
    noRetry.setRetryStrategy(new NoRetryStrategy());
    client = new SyncClient(mock.endpoint(), mock.accessKeyId(), mock.accessKeySecret(), mock.instanceName(), noRetry);
    admin = AdminHttp.unsigned(mock);
  }

  @AfterEach
  void stop() {
    client.shutdown();
    mock.close();
  }

  @Test
  void aFaultPostedFailsTheNextPutRowUntilItIsDeletedAndTheJournalShowsBoth() {
    UserTable users = new UserTable(client, "users").create();

    Reply added = admin.post("/_mock/faults", "PutRow=OTSServerBusy@1.0");
    assertThat(added.status()).isEqualTo(201);
    assertThat(added.json().get("spec").asText()).isEqualTo("PutRow=OTSServerBusy@1");
    assertThatThrownBy(() -> users.put("u1", "f", "v")).isInstanceOfSatisfying(TableStoreException.class,
        e -> assertThat(e.getErrorCode()).isEqualTo("OTSServerBusy"));
    JsonNode listed = admin.get("/_mock/faults").json().get("faults");
    assertThat(listed).hasSize(1);
    assertThat(listed.get(0).get("id").asLong()).isEqualTo(added.json().get("id").asLong());
    assertThat(listed.get(0).get("fired").asLong()).isEqualTo(1);

    Reply removed = admin.delete("/_mock/faults");
    users.put("u1", "f", "v");

    assertThat(removed.json().get("removed")).hasSize(1);
    assertThat(users.get("u1", "f")).isEqualTo("v");
    JsonNode puts = admin.get("/_mock/journal?action=PutRow").json().get("requests");
    assertThat(puts).hasSize(2);
    assertThat(puts.get(0).get("status").asInt()).isEqualTo(503);
    assertThat(puts.get(0).get("errorCode").asText()).isEqualTo("OTSServerBusy");
    assertThat(puts.get(0).get("injected").asBoolean()).isTrue();
    assertThat(puts.get(0).get("rows").get(0).get("primaryKey").get("userid").asText()).isEqualTo("u1");
    assertThat(puts.get(1).get("status").asInt()).isEqualTo(200);
    assertThat(puts.get(1).get("succeeded").asBoolean()).isTrue();
    assertThat(puts.get(1).get("table").asText()).isEqualTo("users");
    assertThat(puts.get(1).get("consumedCapacity").get("write").asInt()).isEqualTo(1);
    assertThat(puts.get(1).get("rows").get(0).get("condition").get("rowExistence").asText()).isEqualTo("IGNORE");
    assertThat(puts.get(1).get("rows").get(0).get("condition").get("columnCondition").asBoolean()).isFalse();
  }

  @Test
  void deletingOneFaultByIdLeavesTheOthers() {
    new UserTable(client, "users").create();
    long putFault = admin.post("/_mock/faults", "PutRow=OTSServerBusy@1").json().get("id").asLong();
    long getFault = admin.post("/_mock/faults", "{\"spec\": \"GetRow=OTSServerUnavailable@1\"}").json().get("id").asLong();

    assertThat(admin.delete("/_mock/faults/" + putFault).status()).isEqualTo(200);

    assertThat(admin.get("/_mock/faults").json().get("faults").findValuesAsText("id"))
        .containsExactly(Long.toString(getFault));
    assertThat(mock.faultPlan().faults()).extracting(Object::toString).containsExactly("GetRow=OTSServerUnavailable@1");
    assertThat(admin.delete("/_mock/faults/" + putFault).status()).isEqualTo(404);
  }

  @Test
  void aBadRuleIsRefusedWithWhatIsWrongAndChangesNothing() {
    Reply refused = admin.post("/_mock/faults", "PutRow=ServerBusy@0.5");

    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.json().get("error").asText()).contains("unknown error code 'ServerBusy'");
    assertThat(mock.faultPlan().faults()).isEmpty();
    assertThat(admin.post("/_mock/latency", "").json().get("error").asText()).contains("needs a rule");
    assertThat(admin.post("/_mock/capacity", "lots").status()).isEqualTo(400);
    admin.post("/_mock/faults", "PutRow=OTSServerBusy@0.7");
    Reply tooMuch = admin.post("/_mock/faults", "*=OTSServerUnavailable@0.5");
    assertThat(tooMuch.status()).isEqualTo(400);
    assertThat(tooMuch.json().get("error").asText()).contains("add up to 1.2");
    assertThat(mock.faultPlan().faults()).extracting(Object::toString).containsExactly("PutRow=OTSServerBusy@0.7");
  }

  @Test
  void latencyAndCapacityRulesAreAddedListedAndRemoved() {
    Reply latency = admin.post("/_mock/latency", "GetRow=uniform(1ms,2ms)");
    Reply capacity = admin.post("/_mock/capacity", "20000");

    assertThat(latency.status()).isEqualTo(201);
    assertThat(mock.faultPlan().latencies()).extracting(Object::toString).containsExactly("GetRow=uniform(1ms,2ms)");
    assertThat(capacity.json().get("rowsPerSecond").asDouble()).isEqualTo(20000);
    assertThat(mock.faultPlan().partitionCapacity()).isEqualTo(20000);

    admin.delete("/_mock/latency/" + latency.json().get("id").asLong());
    admin.delete("/_mock/capacity");

    assertThat(admin.get("/_mock/latency").json().get("latency")).isEmpty();
    assertThat(admin.get("/_mock/capacity").json().get("rowsPerSecond").asDouble()).isZero();
    assertThat(mock.faultPlan().partitionCapacity()).isZero();
  }

  @Test
  void theJournalFiltersByActionAndTableAndIsCleared() {
    UserTable users = new UserTable(client, "users").create();
    UserTable orders = new UserTable(client, "orders").create();
    users.put("u1", "f", "v");
    orders.put("o1", "f", "v");
    orders.get("o1", "f");

    JsonNode ofOrders = admin.get("/_mock/journal?table=orders").json().get("requests");
    JsonNode putsOfOrders = admin.get("/_mock/journal?action=PutRow&table=orders").json().get("requests");

    assertThat(ofOrders.findValuesAsText("action")).containsExactly("CreateTable", "PutRow", "GetRow");
    assertThat(putsOfOrders).hasSize(1);
    assertThat(putsOfOrders.get(0).get("rows").get(0).get("primaryKey").get("userid").asText()).isEqualTo("o1");
    assertThat(admin.get("/_mock/journal?action=Nonsense").status()).isEqualTo(400);

    assertThat(admin.delete("/_mock/journal").status()).isEqualTo(200);
    assertThat(admin.get("/_mock/journal").json().get("requests")).isEmpty();
  }

  @Test
  void resetDropsEveryTableAndTheMockServesOnEmpty() {
    new UserTable(client, "users").create().put("u1", "f", "v");
    new UserTable(client, "orders").create();

    Reply reset = admin.post("/_mock/reset", "");

    assertThat(reset.json().get("tables").asInt()).isEqualTo(2);
    assertThat(client.listTable().getTableNames()).isEmpty();
    assertThat(admin.get("/_mock/health").json().get("tables").asInt()).isZero();
    UserTable again = new UserTable(client, "users").create();
    assertThat(again.get("u1", "f")).isNull();
  }

  @Test
  void anUnknownRouteAnswers404NamingTheRoutesAndAWrongMethod405() {
    Reply unknown = admin.get("/_mock/fault");
    Reply wrongMethod = admin.get("/_mock/reset");

    assertThat(unknown.status()).isEqualTo(404);
    List<String> routes = new ArrayList<>();
    unknown.json().get("routes").forEach(r -> routes.add(r.asText()));
    assertThat(routes).contains("GET, POST, DELETE /_mock/faults[/{id}]", "POST /_mock/reset", "GET /_mock/health");
    assertThat(wrongMethod.status()).isEqualTo(405);
    assertThat(wrongMethod.json().get("error").asText()).contains("POST");
    assertThat(admin.get("/_mock/health/x").status()).isEqualTo(404);
  }

  @Test
  void theJournalOffAnswers409() {
    try (MockTablestore off = MockTablestore.builder().journalCapacity(0).start()) {
      Reply reply = AdminHttp.unsigned(off).get("/_mock/journal");

      assertThat(reply.status()).isEqualTo(409);
      assertThat(reply.json().get("error").asText()).contains("--journal-capacity");
    }
  }
}
