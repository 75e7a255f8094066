package io.tablestoreycsb.binding.client;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.Condition;
import com.alicloud.openservices.tablestore.model.Direction;
import com.alicloud.openservices.tablestore.model.GetRangeRequest;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.RangeRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.RowDeleteChange;
import com.alicloud.openservices.tablestore.model.RowExistenceExpectation;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.UpdateRowRequest;
import io.tablestoreycsb.binding.config.ClientConfig;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import site.ycsb.ByteIterator;
import site.ycsb.StringByteIterator;

/**
 * Requests for keys YCSB never uses, through a client built as a run builds its own, so that the SDK's
 * request path (its HTTP client, signing, protobuf and PlainBuffer code) is loaded and compiled before a
 * measured run starts. A capacity-plan runner warms up with its cell's own YCSB command; where it cannot write
 * that run's files it sends these instead, for every kind of request its cell will send ({@link Operation}),
 * until its JVM has stopped compiling.
 *
 * <p>The keys take turns over the 16 hex digits the white paper's keys begin with
 * ({@link io.tablestoreycsb.binding.config.KeyFormat}), so the requests spread over a pre-split table's
 * partitions as a run's own do, instead of queueing on the one partition a single key lives in. Rows
 * the warm-up writes (for its write requests, and so that its reads decode rows as a run's do) are deleted
 * again when the session closes: a measured read never sees one, a row count after a load never counts one.
 */
public final class ClientWarmUp {
  /**
   * The keys read and written, one for each leading hex digit: YCSB's keys (the white paper's hex keys, or
   * "user" and digits) never contain a '~'.
   */
  public static final List<String> KEYS = "0123456789abcdef".chars()
      .mapToObj(digit -> (char) digit + "~warm-up").toList();

  /** The kinds of request a YCSB operation of the binding sends. */
  public enum Operation {
    /** read: GetRow. */
    GET_ROW,
    /** insert with tablestore.batchsize 1: PutRow. */
    PUT_ROW,
    /** update: UpdateRow. */
    UPDATE_ROW,
    /** insert with tablestore.batchsize above 1: BatchWriteRow. */
    BATCH_WRITE_ROW,
    /** scan: GetRange. */
    GET_RANGE
  }

  /**
   * Rows in a warm-up batch: the same code per row and per request as a run's batch of 200, at more
   * requests per second against a partition's capacity (and fewer rows to delete afterwards).
   */
  static final int MAX_BATCH_ROWS = 25;
  /** Rows deleted per BatchWriteRow when a session closes (the service's limit is 200). */
  private static final int DELETE_BATCH = 200;

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
    try (Session session = open(props, false)) {
      int answered = 0;
      for (int i = 0; i < requests; i++) {
        if (!session.send(Operation.GET_ROW)) {
          return answered; // the endpoint or table is not there: the run will say so itself
        }
        answered++;
      }
      return answered;
    }
  }

  /**
   * A warm-up session on the run's table.
   *
   * @param withRows whether its reads find rows: the warm-up keys are written first (and deleted at close)
   */
  public static Session open(Properties props, boolean withRows) {
    return new Session(ClientConfig.from(props), props, withRows);
  }

  /**
   * One client sending warm-up requests, from any number of threads at once. Closing it deletes the rows it
   * wrote and shuts the client down.
   */
  public static final class Session implements AutoCloseable {
    private final ClientConfig config;
    private final RowCodec codec;
    private final SyncClient client;
    private final Map<String, ByteIterator> values = new HashMap<>();
    private final int batchRows;
    private final Set<String> written = ConcurrentHashMap.newKeySet();
    private final boolean withRows;
    private final AtomicBoolean seeded = new AtomicBoolean();
    private final AtomicInteger turn = new AtomicInteger();

    private Session(ClientConfig config, Properties props, boolean withRows) {
      this.config = config;
      this.codec = new RowCodec(config.primaryKey());
      this.client = SharedClients.newToolClient(config);
      this.withRows = withRows;
      int fields = Integer.parseInt(props.getProperty("fieldcount", "10").trim());
      int length = Integer.parseInt(props.getProperty("fieldlength", "100").trim());
      String prefix = props.getProperty("fieldnameprefix", "field");
      for (int f = 0; f < fields; f++) {
        values.put(prefix + f, new StringByteIterator("w".repeat(length)));
      }
      this.batchRows = Math.max(2, Math.min(MAX_BATCH_ROWS, config.batchSize()));
    }

    /**
     * Sends one request of {@code operation}, on the next warm-up key.
     *
     * @return whether it was answered (false: the endpoint or table refused it; the run will report its own)
     */
    public boolean send(Operation operation) {
      try {
        if (withRows && (operation == Operation.GET_ROW || operation == Operation.GET_RANGE)
            && seeded.compareAndSet(false, true)) {
          for (String key : KEYS) {
            put(key);
          }
        }
        String key = KEYS.get(Math.floorMod(turn.getAndIncrement(), KEYS.size()));
        switch (operation) {
          case GET_ROW -> {
            SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(config.table(), codec.primaryKey(key));
            criteria.setMaxVersions(1);
            client.getRow(new GetRowRequest(criteria));
          }
          case PUT_ROW -> put(key);
          case UPDATE_ROW -> {
            client.updateRow(new UpdateRowRequest(codec.updateChange(config.table(), key, values)));
            written.add(key);
          }
          case BATCH_WRITE_ROW -> {
            BatchWriteRowRequest request = new BatchWriteRowRequest();
            for (int i = 0; i < batchRows; i++) {
              String row = key + "~" + i;
              request.addRowChange(codec.putChange(config.table(), row, values));
              written.add(row);
            }
            client.batchWriteRow(request);
          }
          case GET_RANGE -> {
            // From the key to just past every row under it ('~' sorts after the rows' own suffixes):
            // no key YCSB uses lies in between.
            RangeRowQueryCriteria criteria = new RangeRowQueryCriteria(config.table());
            criteria.setInclusiveStartPrimaryKey(codec.primaryKey(key));
            criteria.setExclusiveEndPrimaryKey(codec.primaryKey(key + "~~"));
            criteria.setDirection(Direction.FORWARD);
            criteria.setMaxVersions(1);
            criteria.setLimit(100);
            client.getRange(new GetRangeRequest(criteria));
          }
          default -> throw new IllegalArgumentException("no warm-up for " + operation);
        }
        return true;
      } catch (RuntimeException e) {
        return false;
      }
    }

    private void put(String key) {
      client.putRow(new PutRowRequest(codec.putChange(config.table(), key, values)));
      written.add(key);
    }

    /** How many rows it has written and not yet deleted. */
    public int rowsWritten() {
      return written.size();
    }

    /** Deletes the rows it wrote, then shuts its client down. */
    @Override
    public void close() {
      try {
        List<String> rows = new ArrayList<>(written);
        for (int from = 0; from < rows.size(); from += DELETE_BATCH) {
          BatchWriteRowRequest request = new BatchWriteRowRequest();
          List<String> chunk = rows.subList(from, Math.min(rows.size(), from + DELETE_BATCH));
          for (String key : chunk) {
            RowDeleteChange delete = new RowDeleteChange(config.table(), codec.primaryKey(key));
            delete.setCondition(new Condition(RowExistenceExpectation.IGNORE));
            request.addRowChange(delete);
          }
          try {
            if (client.batchWriteRow(request).isAllSucceed()) {
              chunk.forEach(written::remove);
            }
          } catch (RuntimeException e) {
            break; // the table is gone or the endpoint refuses: nothing more can be cleaned
          }
        }
      } finally {
        client.shutdown();
      }
    }
  }
}
