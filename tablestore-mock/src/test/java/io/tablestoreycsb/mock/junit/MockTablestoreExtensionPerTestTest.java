package io.tablestoreycsb.mock.junit;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.SyncClient;
import io.tablestoreycsb.mock.fixtures.UserTable;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Registered in an instance field, the extension gives each test a fresh endpoint. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MockTablestoreExtensionPerTestTest {

  @RegisterExtension
  MockTablestoreExtension tablestore = MockTablestoreExtension.withDefaults();

  @Test
  @Order(1)
  void theFirstTestCreatesATable(SyncClient client) {
    new UserTable(client, "usertable").create();

    assertThat(client.listTable().getTableNames()).containsExactly("usertable");
  }

  @Test
  @Order(2)
  void theNextTestStartsWithAnEmptyEndpoint(SyncClient client) {
    assertThat(client.listTable().getTableNames()).isEmpty();
  }
}
