package io.tablestoreycsb.binding.it;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.model.DescribeTableRequest;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import io.tablestoreycsb.mock.MockTablestore;
import java.util.List;

/**
 * A table's partitions as the server reports them (DescribeTable's split points, each the first key of a
 * partition), to tell which partition a key the journal recorded fell in. Tests use this rather than the
 * binding's own partition map, so what they check is not computed by the code under test.
 */
final class TablePartitions {
  private final List<PrimaryKey> splitPoints;

  private TablePartitions(List<PrimaryKey> splitPoints) {
    this.splitPoints = List.copyOf(splitPoints);
  }

  static TablePartitions of(MockTablestore mock, String table) {
    SyncClient client = new SyncClient(mock.endpoint(), mock.accessKeyId(), mock.accessKeySecret(),
        mock.instanceName());
    try {
      return new TablePartitions(client.describeTable(new DescribeTableRequest(table)).getShardSplits());
    } finally {
      client.shutdown();
    }
  }

  /** The partition holding a single-column key: how many split points are at or below it (keys are ASCII). */
  int of(String key) {
    return (int) splitPoints.stream().filter(start -> start.getPrimaryKeyColumn(0).getValue().asString()
        .compareTo(key) <= 0).count();
  }

  int of(PrimaryKey key) {
    return of(key.getPrimaryKeyColumn(0).getValue().asString());
  }
}
