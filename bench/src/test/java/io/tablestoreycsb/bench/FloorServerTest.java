package io.tablestoreycsb.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.ClientConfiguration;
import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.Column;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.NoRetryStrategy;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.PutRowResponse;
import com.alicloud.openservices.tablestore.model.Row;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import io.tablestoreycsb.binding.config.KeyFormat;
import io.tablestoreycsb.mock.protocol.Credentials;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The floors answer the SDK's GetRow and PutRow over HTTP on 127.0.0.1; the protocol floor checks them as the mock does. */
class FloorServerTest {
  private static final Credentials CREDENTIALS = new Credentials("bench", "floor-test-id", "floor-test-secret");

  private static SyncClient client(FloorServer floor, String secret) {
    ClientConfiguration config = new ClientConfiguration();
    config.setRetryStrategy(new NoRetryStrategy());
    return new SyncClient(floor.endpoint(), CREDENTIALS.accessKeyId(), secret, CREDENTIALS.instanceName(), config);
  }

  private static void withClient(FloorServer floor, String secret, Consumer<SyncClient> calls) {
    SyncClient client = client(floor, secret);
    try {
      calls.accept(client);
    } finally {
      client.shutdown();
    }
  }

  private static Row getRow(SyncClient client, long keyNumber) {
    SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(PaperRows.TABLE, PaperRows.primaryKey(keyNumber));
    criteria.setMaxVersions(1);
    return client.getRow(new GetRowRequest(criteria)).getRow();
  }

  private static void assertPaperRow(Row row, long keyNumber) {
    assertThat(row).as("the row of key %d", keyNumber).isNotNull();
    assertThat(row.getPrimaryKey().getPrimaryKeyColumn(PaperRows.KEY_COLUMN).getValue().asString())
        .isEqualTo(KeyFormat.key(keyNumber));
    assertThat(row.getColumns()).extracting(Column::getName)
        .containsExactly("field0", "field1", "field2", "field3", "field4");
    assertThat(row.getColumns()).allSatisfy(c -> assertThat(c.getValue().asString()).hasSize(PaperRows.FIELD_LENGTH));
  }

  @Test
  void protocolFloorAnswersEachGetRowTheRequestedKeyAndEachPutRowItsWrite() throws Exception {
    try (FloorServer floor = FloorServer.start(CREDENTIALS, true)) {
      withClient(floor, CREDENTIALS.accessKeySecret(), client -> {
        assertPaperRow(getRow(client, 7), 7);
        assertPaperRow(getRow(client, 123_456), 123_456);

        PutRowResponse put = client.putRow(new PutRowRequest(PaperRows.putChange(1_000_000_001L)));
        assertThat(put.getConsumedCapacity().getCapacityUnit().getWriteCapacityUnit()).isEqualTo(1);
      });
    }
  }

  @Test
  void protocolFloorRefusesABadSignatureWithTheServicesError() throws Exception {
    try (FloorServer floor = FloorServer.start(CREDENTIALS, true)) {
      withClient(floor, CREDENTIALS.accessKeySecret() + "-wrong", client -> {
        for (Runnable call : new Runnable[] {() -> getRow(client, 7),
            () -> client.putRow(new PutRowRequest(PaperRows.putChange(1_000_000_002L)))}) {
          assertThatThrownBy(call::run).isInstanceOfSatisfying(TableStoreException.class, e -> {
            assertThat(e.getErrorCode()).isEqualTo("OTSAuthFailed");
            assertThat(e.getHttpStatus()).isEqualTo(403);
            assertThat(e.getMessage()).contains("Signature mismatch");
          });
        }
      });
    }
  }

  @Test
  void protocolFloorAnswersOtherActionsAsUnsupported() throws Exception {
    try (FloorServer floor = FloorServer.start(CREDENTIALS, true)) {
      withClient(floor, CREDENTIALS.accessKeySecret(), client ->
          assertThatThrownBy(client::listTable).isInstanceOfSatisfying(TableStoreException.class, e -> {
            assertThat(e.getErrorCode()).isEqualTo("OTSUnsupportOperation");
            assertThat(e.getHttpStatus()).isEqualTo(400);
          }));
    }
  }

  @Test
  void bareFloorAnswersGetRowAndPutRowWithoutLooking() throws Exception {
    try (FloorServer floor = FloorServer.start(CREDENTIALS, false)) {
      withClient(floor, CREDENTIALS.accessKeySecret(), client -> {
        Row row = getRow(client, 7);
        // The one row built at start, whatever key was asked for.
        assertPaperRow(row, 42);
        assertThat(client.putRow(new PutRowRequest(PaperRows.putChange(1_000_000_003L))).getRequestId()).isNotBlank();
      });
    }
  }
}
