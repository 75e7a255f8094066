package io.tablestoreycsb.mock;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.AsyncClient;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.CreateTableRequest;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.GetRowResponse;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.TableMeta;
import com.alicloud.openservices.tablestore.model.TableOptions;
import io.tablestoreycsb.mock.faults.LatencyRule;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** The SDK's AsyncClient: many requests in flight on shared connections, every answer matched to its request. */
class AsyncClientTest {

  @Test
  void manyRequestsInFlightAreAnsweredCorrectly() throws Exception {
    try (MockTablestore mock = MockTablestore.builder()
        .latency(LatencyRule.onEveryAction(LatencyRule.uniform(Duration.ofMillis(1), Duration.ofMillis(20))))
        .start()) {
      AsyncClient client = SdkClients.async(mock);
      try {
        TableMeta meta = new TableMeta("async");
        meta.addPrimaryKeyColumn("userid", PrimaryKeyType.STRING);
        client.createTable(new CreateTableRequest(meta, new TableOptions(-1, 1)), null).get();

        List<Future<?>> puts = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
          RowPutChange change = new RowPutChange("async", key("u" + i));
          change.addColumn("n", ColumnValue.fromLong(i));
          puts.add(client.putRow(new PutRowRequest(change), null));
        }
        for (Future<?> f : puts) {
          f.get();
        }
        List<Future<GetRowResponse>> gets = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
          SingleRowQueryCriteria criteria = new SingleRowQueryCriteria("async", key("u" + i));
          criteria.setMaxVersions(1);
          gets.add(client.getRow(new GetRowRequest(criteria), null));
        }

        for (int i = 0; i < 200; i++) {
          assertThat(gets.get(i).get().getRow().getLatestColumn("n").getValue().asLong()).isEqualTo(i);
        }
      } finally {
        client.shutdown();
      }
    }
  }

  private static PrimaryKey key(String userid) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("userid", PrimaryKeyValue.fromString(userid)).build();
  }
}
