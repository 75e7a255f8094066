package io.tablestoreycsb.binding.client;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import io.tablestoreycsb.binding.config.ClientConfig;
import java.util.Properties;

/**
 * Sends a few GetRow requests for a key YCSB never writes, through a client built as a run builds
 * its own, so that the SDK's request path (its HTTP client, signing, protobuf and PlainBuffer code)
 * is loaded and interpreted once before a measured run starts. A capacity-plan runner does this before
 * its start gate: on a busy machine a cold JVM's first request took 9 to 15 s, longer than a short
 * cell. Nothing is written; each request costs one read capacity unit.
 */
public final class ClientWarmUp {
  /** The key read: YCSB's keys are "user" plus digits or their hashes, never this. */
  public static final String KEY = "~warm-up";

  private ClientWarmUp() {}

  /**
   * Sends {@code requests} GetRow requests to the run's table.
   *
   * @param props the run's properties, as YCSB reads them (endpoint, credentials, table)
   * @return how many were answered (a missing table or a refused request counts as not answered;
   *     what failed is not an error here: the run reports its own)
   */
  public static int run(Properties props, int requests) {
    ClientConfig config = ClientConfig.from(props);
    RowCodec codec = new RowCodec(config.primaryKey());
    SyncClient client = SharedClients.newToolClient(config);
    int answered = 0;
    try {
      SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(config.table(), codec.primaryKey(KEY));
      criteria.setMaxVersions(1);
      for (int i = 0; i < requests; i++) {
        try {
          client.getRow(new GetRowRequest(criteria));
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
