package io.tablestoreycsb.mock.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.ClientConfiguration;
import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.NoRetryStrategy;
import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.mock.faults.FaultPlan;
import io.tablestoreycsb.mock.faults.FaultRule;
import io.tablestoreycsb.mock.fixtures.UserTable;
import io.tablestoreycsb.mock.journal.RequestJournal;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/** How a test class uses the extension: one endpoint for the class, clients and faults per test. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MockTablestoreExtensionTest {

  @RegisterExtension
  static MockTablestoreExtension tablestore =
      MockTablestoreExtension.with(mock -> mock.fault(FaultRule.of(ActionName.DELETE_ROW, ErrorCode.SERVER_UNAVAILABLE, 1)));

  @BeforeAll
  static void createTheTableOnce(SyncClient client) {
    new UserTable(client, "usertable").create();
  }

  @Test
  @Order(1)
  void aTestGetsAClientOfTheRunningEndpoint(SyncClient client) {
    UserTable users = new UserTable(client, "usertable");

    users.put("user1", "field0", "written by the first test");

    assertThat(users.get("user1", "field0")).isEqualTo("written by the first test");
  }

  @Test
  @Order(2)
  void laterTestsInTheClassShareTheEndpointAndItsTables() {
    UserTable users = new UserTable(tablestore.newSyncClient(), "usertable");

    assertThat(users.get("user1", "field0")).isEqualTo("written by the first test");
  }

  @Test
  @Order(3)
  void theEndpointIsOnLoopbackWithTheDefaultCredentials(MockTablestore mock) {
    assertThat(tablestore.endpoint()).isEqualTo(mock.endpoint()).startsWith("http://127.0.0.1:");
    assertThat(mock.instanceName()).isEqualTo(MockTablestore.DEFAULT_INSTANCE);
    assertThat(mock.accessKeyId()).isEqualTo(MockTablestore.DEFAULT_ACCESS_KEY_ID);
  }

  @Test
  @Order(4)
  void faultsConfiguredOnTheExtensionApply(SyncClient client) {
    assertThatThrownBy(() -> client.deleteRow(new UserTable(client, "usertable").deleteRequest("user1")))
        .isInstanceOf(TableStoreException.class)
        .extracting(e -> ((TableStoreException) e).getErrorCode())
        .isEqualTo("OTSServerUnavailable");
  }

  @Test
  @Order(5)
  void aTestMayChangeTheFaultPlan(FaultPlan faults) {
    faults.addFault(FaultRule.of(ActionName.GET_ROW, ErrorCode.SERVER_BUSY, 1));
    ClientConfiguration noRetry = new ClientConfiguration();
    noRetry.setRetryStrategy(new NoRetryStrategy());
    UserTable users = new UserTable(tablestore.newSyncClient(noRetry), "usertable");

    assertThatThrownBy(() -> users.get("user1", "field0"))
        .isInstanceOf(TableStoreException.class)
        .extracting(e -> ((TableStoreException) e).getErrorCode())
        .isEqualTo("OTSServerBusy");
  }

  @Test
  @Order(6)
  void eachTestSeesOnlyItsOwnRequestsInTheJournal(RequestJournal journal, SyncClient client) {
    assertThat(journal.requests()).as("the class's earlier requests are not in it").isEmpty();

    new UserTable(client, "usertable").get("user1", "field0");

    assertThat(journal.requests()).extracting(r -> r.action()).containsExactly(ActionName.GET_ROW);
  }

  @Test
  @Order(7)
  void andTheChangeIsUndoneForTheNextTest(FaultPlan faults, SyncClient client) {
    assertThat(new UserTable(client, "usertable").get("user1", "field0"))
        .isEqualTo("written by the first test");

    assertThat(faults.faults()).extracting(Object::toString)
        .containsExactly("DeleteRow=OTSServerUnavailable@1");
  }
}
