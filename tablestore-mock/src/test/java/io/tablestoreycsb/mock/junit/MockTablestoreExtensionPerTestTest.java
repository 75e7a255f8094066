package io.tablestoreycsb.mock.junit;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.SyncClient;
import io.tablestoreycsb.mock.fixtures.UserTable;
import io.tablestoreycsb.mock.journal.RequestJournal;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Registered in an instance field, the extension gives each test a fresh endpoint: every
 * repetition finds no table and an empty journal, whichever ran before it (a shared endpoint
 * would fail the second with the first's table).
 */
class MockTablestoreExtensionPerTestTest {

  @RegisterExtension
  MockTablestoreExtension tablestore = MockTablestoreExtension.withDefaults();

  @RepeatedTest(2)
  void eachTestStartsWithAnEmptyEndpoint(SyncClient client, RequestJournal journal) {
    assertThat(client.listTable().getTableNames()).isEmpty();
    assertThat(journal.recordedCount()).as("only this test's ListTable").isEqualTo(1);

    new UserTable(client, "usertable").create();

    assertThat(client.listTable().getTableNames()).containsExactly("usertable");
  }
}
