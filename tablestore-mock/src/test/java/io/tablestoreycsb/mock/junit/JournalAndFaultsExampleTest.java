package io.tablestoreycsb.mock.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.ClientConfiguration;
import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.BatchWriteRowResponse;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.NoRetryStrategy;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import io.tablestoreycsb.mock.faults.FaultPlan;
import io.tablestoreycsb.mock.faults.FaultRule;
import io.tablestoreycsb.mock.fixtures.UserTable;
import io.tablestoreycsb.mock.journal.RecordedRequest;
import io.tablestoreycsb.mock.journal.RecordedRow;
import io.tablestoreycsb.mock.journal.RequestJournal;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The example of docs/mock-journal.md ("A test with the journal and typed faults"): a user's
 * code that saves rows in one BatchWriteRow and sends the rows that failed again, tested by what
 * the server received.
 */
class JournalAndFaultsExampleTest {

  @RegisterExtension
  static MockTablestoreExtension tablestore = MockTablestoreExtension.withDefaults();

  /** saveAll does its own retries: a client whose SDK does not resend failed rows first. */
  private static SyncClient client;

  @BeforeAll
  static void createTable() {
    ClientConfiguration noRetry = new ClientConfiguration();
    noRetry.setRetryStrategy(new NoRetryStrategy());
    client = tablestore.newSyncClient(noRetry);
    new UserTable(client, "users").create();
  }

  /** The code under test: saves the users, resending failed rows; returns those never saved. */
  static List<String> saveAll(SyncClient client, List<String> userIds, int maxAttempts) {
    List<String> pending = userIds;
    for (int attempt = 1; attempt <= maxAttempts && !pending.isEmpty(); attempt++) {
      BatchWriteRowRequest batch = new BatchWriteRowRequest();
      for (String id : pending) {
        RowPutChange row = new RowPutChange("users", PrimaryKeyBuilder.createPrimaryKeyBuilder()
            .addPrimaryKeyColumn("userid", PrimaryKeyValue.fromString(id)).build());
        row.addColumn("name", ColumnValue.fromString("user " + id));
        batch.addRowChange(row);
      }
      BatchWriteRowResponse response = client.batchWriteRow(batch);
      List<String> failed = new ArrayList<>();
      for (BatchWriteRowResponse.RowResult result : response.getFailedRows()) {
        failed.add(pending.get(result.getIndex()));
      }
      pending = failed;
    }
    return pending;
  }

  @Test
  void eachAttemptResendsExactlyTheRowsThatFailed(FaultPlan faults, RequestJournal journal) {
    faults.addFault(FaultRule.onRows(ActionName.BATCH_WRITE_ROW, ErrorCode.SERVER_BUSY, 0.5));
    List<String> users = IntStream.range(0, 20).mapToObj(i -> "user" + i).toList();

    List<String> unsaved = saveAll(client, users, 4);

    List<RecordedRequest> attempts = journal.requests(ActionName.BATCH_WRITE_ROW);
    assertThat(attempts).hasSizeBetween(1, 4);
    assertThat(userIds(attempts.get(0).rows())).isEqualTo(users);
    for (int i = 1; i < attempts.size(); i++) {
      assertThat(userIds(attempts.get(i).rows())).isEqualTo(userIds(attempts.get(i - 1).failedRows()));
    }
    RecordedRequest last = attempts.get(attempts.size() - 1);
    assertThat(unsaved).isEqualTo(userIds(last.failedRows()));
    assertThat(last.failedRows()).allSatisfy(row -> {
      assertThat(row.errorCode()).isEqualTo(ErrorCode.SERVER_BUSY);
      assertThat(row.injected()).isTrue();
    });
  }

  @Test
  void aRefusedBatchReachesTheCallerWithTheRowsItCarried(FaultPlan faults, RequestJournal journal)
      throws Exception {
    faults.addFault(FaultRule.of(ActionName.BATCH_WRITE_ROW, ErrorCode.SERVER_BUSY, 1));

    assertThatThrownBy(() -> saveAll(client, List.of("a", "b"), 4))
        .isInstanceOfSatisfying(TableStoreException.class,
            e -> assertThat(e.getRequestId()).isEqualTo(journal.requests().get(0).requestId()));

    RecordedRequest refused = journal.takeRequest();
    assertThat(refused.httpStatus()).isEqualTo(503);
    assertThat(refused.injected()).isTrue();
    assertThat(userIds(refused.rows())).containsExactly("a", "b");
  }

  private static List<String> userIds(List<RecordedRow> rows) {
    return rows.stream().map(row -> row.key("userid")).toList();
  }
}
