package io.tablestoreycsb.binding.client;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import io.tablestoreycsb.binding.config.ClientConfig;
import java.util.List;
import java.util.Properties;

/**
 * Sends a few GetRow requests for keys YCSB never writes, through a client built as a run builds
 * its own, so that the SDK's request path (its HTTP client, signing, protobuf and PlainBuffer code)
 * is loaded and interpreted once before a measured run starts. A capacity-plan runner does this before
 * its start gate: on a busy machine a cold JVM's first request took 9 to 15 s, longer than a short
 * cell. Nothing is written; each request costs one read capacity unit.
 *
 * <p>The keys take turns over the 16 hex digits the white paper's keys begin with
 * ({@link io.tablestoreycsb.binding.config.KeyFormat}), so the reads spread over a pre-split table's
 * partitions as a run's own do, instead of queueing on the one partition a single key lives in.
 */
public final class ClientWarmUp {
  /**
   * The keys read, one for each leading hex digit: YCSB's keys (the white paper's hex keys, or
   * "user" and digits) never contain a '~'.
   */
  public static final List<String> KEYS = "0123456789abcdef".chars()
      .mapToObj(digit -> (char) digit + "~warm-up").toList();

  private ClientWarmUp() {}

  /**
   * Sends {@code requests} GetRow requests to the run's table (none when it is 0 or less).
   *
   * @param props the run's properties, as YCSB reads them (endpoint, credentials, table)
   * @return how many were answered (a missing table or a refused request counts as not answered;
   *     what failed is not an error here: the run reports its own)
   */
  public static int run(Properties props, int requests) {
    if (requests <= 0) {
      return 0;
    }
    ClientConfig config = ClientConfig.from(props);
    RowCodec codec = new RowCodec(config.primaryKey());
    SyncClient client = SharedClients.newToolClient(config);
    int answered = 0;
    try {
      List<SingleRowQueryCriteria> reads = KEYS.stream().map(key -> {
        SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(config.table(), codec.primaryKey(key));
        criteria.setMaxVersions(1);
        return criteria;
      }).toList();
      for (int i = 0; i < requests; i++) {
        try {
          client.getRow(new GetRowRequest(reads.get(i % reads.size())));
          answered++;
        } catch (RuntimeException e) {
          return answered; // the endpoint or table is not there: the run will say so itself
        }
      }
      return answered;
    } finally {
      client.shutdown();
    }
  }
}
