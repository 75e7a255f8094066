package io.tablestoreycsb.mock;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.BatchWriteRowResponse;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.CreateTableRequest;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.Row;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.TableMeta;
import com.alicloud.openservices.tablestore.model.TableOptions;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The real SDK keeps working against a mock that is meanwhile held by clients that announce 5 MB
 * bodies and send a little, and by one that sends a byte a second: the first hold 64 KB each, not
 * 5 MB, and the last is cut off at its deadline.
 */
class MisbehavingClientsSdkTest {
  private static final int HALF_SENT = 150;

  @Test
  void theSdkWritesAndReadsWhile150HalfSentBodiesAndASlowSenderHoldConnections() throws Exception {
    List<Socket> bad = new ArrayList<>();
    try (MockTablestore mock = MockTablestore.builder()
        .bodyMemoryBytes(16L * 1024 * 1024) // 150 x 5 MB announced would be 750 MB
        .requestReadTimeout(Duration.ofSeconds(2))
        .start()) {
      SyncClient client = SdkClients.sync(mock);
      try {
        for (int i = 0; i < HALF_SENT; i++) {
          bad.add(halfSent(mock, "/PutRow", 5 * 1024 * 1024, 4096));
        }
        Socket slow = halfSent(mock, "/GetRow", 100, 0);
        bad.add(slow);

        createTable(client);
        BatchWriteRowRequest batch = new BatchWriteRowRequest();
        for (int i = 0; i < 200; i++) {
          RowPutChange put = new RowPutChange("t", key("row" + i));
          put.addColumn("field0", ColumnValue.fromString("x".repeat(1000)));
          batch.addRowChange(put);
        }
        BatchWriteRowResponse written = client.batchWriteRow(batch);

        assertThat(written.isAllSucceed()).isTrue();
        assertThat(get(client, "row199").getLatestColumn("field0").getValue().asString()).hasSize(1000);

        // The slow sender (headers, then not one of its 100 body bytes) is cut off at its 2 s
        // deadline, answered OTSTimeout (503), and its connection closed.
        String answer = new String(slow.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
        assertThat(answer).startsWith("HTTP/1.1 503 ").contains("OTSTimeout");
        assertThat(get(client, "row0")).as("served after the cut-off too").isNotNull();
      } finally {
        client.shutdown();
        for (Socket socket : bad) {
          socket.close();
        }
      }
    }
  }

  private static Socket halfSent(MockTablestore mock, String path, int announced, int sent) throws IOException {
    Socket socket = new Socket("127.0.0.1", mock.port());
    socket.setSoTimeout(15_000);
    OutputStream out = socket.getOutputStream();
    out.write(("POST " + path + " HTTP/1.1\r\nHost: x\r\nContent-Length: " + announced + "\r\n\r\n")
        .getBytes(StandardCharsets.US_ASCII));
    out.write(new byte[sent]);
    out.flush();
    return socket;
  }

  private static void createTable(SyncClient client) {
    TableMeta meta = new TableMeta("t");
    meta.addPrimaryKeyColumn("id", PrimaryKeyType.STRING);
    client.createTable(new CreateTableRequest(meta, new TableOptions(-1, 1)));
  }

  private static PrimaryKey key(String id) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("id", PrimaryKeyValue.fromString(id)).build();
  }

  private static Row get(SyncClient client, String id) {
    SingleRowQueryCriteria criteria = new SingleRowQueryCriteria("t", key(id));
    criteria.setMaxVersions(1);
    return client.getRow(new GetRowRequest(criteria)).getRow();
  }
}
