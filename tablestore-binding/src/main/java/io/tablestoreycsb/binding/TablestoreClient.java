package io.tablestoreycsb.binding;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.model.DeleteRowRequest;
import com.alicloud.openservices.tablestore.model.DeleteRowResponse;
import com.alicloud.openservices.tablestore.model.Direction;
import com.alicloud.openservices.tablestore.model.GetRangeRequest;
import com.alicloud.openservices.tablestore.model.GetRangeResponse;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.GetRowResponse;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.PutRowResponse;
import com.alicloud.openservices.tablestore.model.RangeRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.Row;
import com.alicloud.openservices.tablestore.model.RowDeleteChange;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.UpdateRowRequest;
import com.alicloud.openservices.tablestore.model.UpdateRowResponse;
import io.tablestoreycsb.binding.client.BatchWriter;
import io.tablestoreycsb.binding.client.ClientLease;
import io.tablestoreycsb.binding.client.ConnectionRetry;
import io.tablestoreycsb.binding.client.ErrorAccounting;
import io.tablestoreycsb.binding.client.RowCodec;
import io.tablestoreycsb.binding.client.SharedClients;
import io.tablestoreycsb.binding.client.StatusMapping;
import io.tablestoreycsb.binding.client.TableCheck;
import io.tablestoreycsb.binding.config.ClientConfig;
import io.tablestoreycsb.binding.config.ConfigException;
import io.tablestoreycsb.binding.config.KnownProperties;
import io.tablestoreycsb.binding.stats.Action;
import io.tablestoreycsb.binding.stats.PartitionCounters;
import io.tablestoreycsb.binding.stats.PartitionMap;
import io.tablestoreycsb.binding.stats.PartitionRuns;
import io.tablestoreycsb.binding.stats.RunStats;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * YCSB binding for Alibaba Cloud Tablestore on the official Java SDK's {@link SyncClient}.
 *
 * <ul>
 *   <li>read: GetRow (projection, newest version, NOT_FOUND for a missing row);</li>
 *   <li>scan: GetRange forward from the start key, following the next start key until the asked
 *       number of rows or the end of the table;</li>
 *   <li>insert: PutRow, or with {@code tablestore.batchsize} N &gt; 1 buffered BatchWriteRow
 *       ({@link BatchWriter});</li>
 *   <li>update: UpdateRow (put columns); delete: DeleteRow.</li>
 * </ul>
 * Errors map to statuses through {@link StatusMapping}; counters and the end-of-run report live in
 * {@link BindingRun}. Properties: see {@link ClientConfig} and docs/binding.md.
 */
public class TablestoreClient extends DB {
  private BindingRun run;
  private boolean left;
  private ClientConfig config;
  private ClientLease lease;
  private SyncClient client;
  private RowCodec codec;
  private BatchWriter batch;
  private RunStats stats;
  private ErrorAccounting errors;
  /** The key of this instance's last insert when it failed (YCSB may retry it), else null. */
  private String failedInsertKey;
  /** Whether that insert's PutRow failed on its connection (counted in Rows.FailedOnConnection). */
  private boolean failedInsertOnConnection;
  /** Whether the last single-row write failed on its connection. */
  private boolean lastFailureOnConnection;
  /** This instance's per-partition counters by table (an instance serves one YCSB thread). */
  private final Map<String, PartitionCounters> partitionCounters = new HashMap<>();
  private static final java.util.concurrent.atomic.AtomicBoolean WARNED_NO_PARTITIONS =
      new java.util.concurrent.atomic.AtomicBoolean();

  /** YCSB calls this once per instance in its main thread, before any thread starts: join the run here. */
  @Override
  public void setProperties(Properties p) {
    super.setProperties(p);
    if (run == null) {
      run = BindingRun.join();
    }
    run.plan(p);
  }

  @Override
  public void init() throws DBException {
    if (run == null) {
      run = BindingRun.join();
      run.plan(getProperties());
    }
    KnownProperties.warnAboutLikelyTyposOnce(getProperties(), System.err);
    try {
      config = ClientConfig.from(getProperties());
    } catch (ConfigException e) {
      leaveRun();
      throw new DBException("Tablestore binding: " + e.getMessage());
    }
    run.statsFile(config.statsFile());
    stats = run.stats();
    errors = run.errors();
    try {
      lease = SharedClients.acquire(config, stats);
      client = lease.client();
      TableCheck.verify(client, config);
    } catch (TableCheck.TableCheckException | RuntimeException e) {
      releaseClient();
      leaveRun();
      throw new DBException("Tablestore binding: " + e.getMessage());
    }
    codec = new RowCodec(config.primaryKey());
    if (config.batchSize() > 1) {
      batch = new BatchWriter(client, stats, errors, config.batchSize(), config.batchRetries(), partitionMaps(),
          this::partitionsOf, config.retryBudgetMs() > 0);
    }
  }

  /**
   * The per-partition counters of {@code table} (its split points asked for once per JVM: the table
   * check's DescribeTable gave the configured table's), or null when the table cannot be described,
   * which is said once and leaves the run's other figures as they are.
   */
  private PartitionCounters partitionsOf(String table) {
    PartitionCounters known = partitionCounters.get(table);
    if (known != null) {
      return known;
    }
    try {
      PartitionCounters c = stats.partitions(table, PartitionMap.of(client, config, table));
      partitionCounters.put(table, c);
      return c;
    } catch (RuntimeException e) {
      if (WARNED_NO_PARTITIONS.compareAndSet(false, true)) {
        org.slf4j.LoggerFactory.getLogger(TablestoreClient.class).warn("no per-partition figures for table '{}':"
            + " DescribeTable failed ({}); the run's totals are still counted", table, e.getMessage());
      }
      return null;
    }
  }

  /**
   * Under {@code tablestore.batchgrouping=partition}, the partitions of each table written to; the
   * configured table's are asked for now, so a table that cannot be described fails the start.
   */
  private java.util.function.Function<String, PartitionMap> partitionMaps() throws DBException {
    if (config.batchGrouping() != ClientConfig.BatchGrouping.PARTITION) {
      return null;
    }
    SyncClient sdk = client;
    ClientConfig settings = config;
    try {
      PartitionMap.of(sdk, settings, settings.table());
    } catch (RuntimeException e) {
      releaseClient();
      leaveRun();
      throw new DBException("Tablestore binding: " + ClientConfig.BATCH_GROUPING + "=partition needs the split"
          + " points of table '" + settings.table() + "' (DescribeTable): " + e.getMessage());
    }
    return table -> PartitionMap.of(sdk, settings, table);
  }

  @Override
  public void cleanup() throws DBException {
    if (failedInsertKey != null && stats != null) {
      stats.threadStoppedAtFailedInsert();
    }
    Status flushed = Status.OK;
    int unsent = batch == null ? 0 : batch.pendingRows();
    try {
      if (batch != null) {
        flushed = batch.flush();
      }
    } finally {
      releaseClient();
      leaveRun();
    }
    if (!flushed.isOk()) {
      throw new DBException("Tablestore binding: the final BatchWriteRow flush of " + unsent
          + " buffered row(s) did not write every row (" + flushed.getName()
          + "); see [TABLESTORE], Batch.RowsFailed");
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(table, codec.primaryKey(key));
    criteria.setMaxVersions(config.maxVersions());
    codec.project(criteria, fields);
    stats.request(Action.GetRow);
    PartitionCounters partitions = partitionsOf(table);
    int partition = partitions == null ? -1 : partitions.partitionOf(key);
    GetRowResponse response;
    long start = System.nanoTime();
    try {
      response = client.getRow(new GetRowRequest(criteria));
    } catch (RuntimeException e) {
      failedOn(partitions, partition);
      return errors.requestFailed(Action.GetRow, table, e);
    }
    answeredOn(partitions, partition, start);
    stats.consumed(response.getConsumedCapacity());
    Row row = response.getRow();
    if (row == null) {
      stats.readNotFound();
      return Status.NOT_FOUND;
    }
    stats.rowsRead(1);
    if (partitions != null) {
      partitions.rowsRead(partition, 1);
    }
    codec.decode(row, fields, result);
    return Status.OK;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    if (recordcount <= 0) {
      return Status.OK;
    }
    PrimaryKey scanStart = codec.primaryKey(startkey);
    PrimaryKey start = scanStart;
    PrimaryKey end = codec.primaryKey(PrimaryKeyValue.INF_MAX);
    boolean wrapped = false;
    int remaining = recordcount;
    while (remaining > 0) {
      if (start == null) {
        // The end of the table came first. With scanwrap the scan goes on from the table's
        // first row up to (excluding) where it began, so no row is read twice.
        if (!config.scanWrap() || wrapped) {
          break;
        }
        wrapped = true;
        start = codec.primaryKey(PrimaryKeyValue.INF_MIN);
        end = scanStart;
      }
      RangeRowQueryCriteria criteria = new RangeRowQueryCriteria(table);
      criteria.setInclusiveStartPrimaryKey(start);
      criteria.setExclusiveEndPrimaryKey(end);
      criteria.setDirection(Direction.FORWARD);
      criteria.setMaxVersions(config.maxVersions());
      criteria.setLimit(remaining);
      codec.project(criteria, fields);
      stats.request(Action.GetRange);
      PartitionCounters partitions = partitionsOf(table);
      // A page counts on the partition of its start key (the table's first one after a wrap to INF_MIN).
      int partition = partitions == null ? -1 : start.getPrimaryKeyColumn(0).getValue().isInfMin() ? 0
          : partitions.partitionOf(start.getPrimaryKeyColumn(0).getValue().asString());
      GetRangeResponse response;
      long began = System.nanoTime();
      try {
        response = client.getRange(new GetRangeRequest(criteria));
      } catch (RuntimeException e) {
        failedOn(partitions, partition);
        return errors.requestFailed(Action.GetRange, table, e);
      }
      answeredOn(partitions, partition, began);
      stats.consumed(response.getConsumedCapacity());
      List<Row> rows = response.getRows();
      if (partitions != null) {
        countRowsRead(partitions, rows);
      }
      for (Row row : rows) {
        if (remaining == 0) {
          break;
        }
        HashMap<String, ByteIterator> values = RowCodec.mapFor(row.getColumns().length);
        codec.decode(row, fields, values);
        result.add(values);
        remaining--;
      }
      stats.rowsRead(rows.size());
      start = response.getNextStartPrimaryKey();
    }
    return Status.OK;
  }

  /**
   * Counts each row once as attempted, however often YCSB retries a failed insert of it
   * ({@code core_workload_insertion_retry_limit}), and remembers a failure: YCSB stops a load thread
   * at an insert that still fails.
   */
  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    boolean retryOfFailed = key.equals(failedInsertKey);
    if (!retryOfFailed) {
      stats.rowAttempted();
    } else {
      BatchWriter.RowFate before = batch != null ? batch.takeFlushingRowFate(key)
          : failedInsertOnConnection ? BatchWriter.RowFate.FAILED_ON_CONNECTION : BatchWriter.RowFate.FAILED;
      if (before == BatchWriter.RowFate.WRITTEN) {
        // Its batch failed for other rows: this one is in the table, and writing it again would count it twice.
        failedInsertKey = null;
        return Status.OK;
      }
      // The row counted failed is being written again: pending, counted anew as written or failed.
      unfail(before);
    }
    Status status = batch != null ? batch.add(table, key, codec.putChange(table, key, values))
        : putRow(table, key, values);
    failedInsertKey = status.isOk() ? null : key;
    failedInsertOnConnection = !status.isOk() && batch == null && lastFailureOnConnection;
    return status;
  }

  /** A row counted failed is pending again. */
  private void unfail(BatchWriter.RowFate fate) {
    if (fate == BatchWriter.RowFate.FAILED || fate == BatchWriter.RowFate.FAILED_ON_CONNECTION) {
      stats.rowsFailed(-1);
    }
    if (fate == BatchWriter.RowFate.FAILED_ON_CONNECTION) {
      stats.rowsFailedOnConnection(-1);
    }
  }

  private Status putRow(String table, String key, Map<String, ByteIterator> values) {
    stats.request(Action.PutRow);
    PartitionCounters partitions = partitionsOf(table);
    int partition = partitions == null ? -1 : partitions.partitionOf(key);
    long start = System.nanoTime();
    try {
      PutRowResponse response = client.putRow(new PutRowRequest(codec.putChange(table, key, values)));
      answeredOn(partitions, partition, start);
      stats.consumed(response.getConsumedCapacity());
    } catch (RuntimeException e) {
      failedOn(partitions, partition);
      countFailedRow(e);
      return errors.requestFailed(Action.PutRow, table, e);
    }
    written(partitions, partition);
    return Status.OK;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    stats.request(Action.UpdateRow);
    PartitionCounters partitions = partitionsOf(table);
    int partition = partitions == null ? -1 : partitions.partitionOf(key);
    long start = System.nanoTime();
    try {
      UpdateRowResponse response = client.updateRow(new UpdateRowRequest(codec.updateChange(table, key, values)));
      answeredOn(partitions, partition, start);
      stats.consumed(response.getConsumedCapacity());
    } catch (RuntimeException e) {
      failedOn(partitions, partition);
      countFailedRow(e);
      return errors.requestFailed(Action.UpdateRow, table, e);
    }
    written(partitions, partition);
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    stats.request(Action.DeleteRow);
    PartitionCounters partitions = partitionsOf(table);
    int partition = partitions == null ? -1 : partitions.partitionOf(key);
    long start = System.nanoTime();
    try {
      DeleteRowResponse response =
          client.deleteRow(new DeleteRowRequest(new RowDeleteChange(table, codec.primaryKey(key))));
      answeredOn(partitions, partition, start);
      stats.consumed(response.getConsumedCapacity());
    } catch (RuntimeException e) {
      failedOn(partitions, partition);
      countFailedRow(e);
      return errors.requestFailed(Action.DeleteRow, table, e);
    }
    written(partitions, partition);
    return Status.OK;
  }

  /**
   * Counts a page's rows on their partitions, one addition per run of rows in the same partition
   * rather than one per row. A page is in key order: when its first and last rows share a partition,
   * so do all the rows between, and no other row's key is looked at (each look-up reads a row the
   * SDK's I/O thread decoded on another core: 8% of the YCSB threads' samples did so per row).
   */
  private static void countRowsRead(PartitionCounters partitions, List<Row> rows) {
    if (rows.isEmpty()) {
      return;
    }
    int first = partitions.partitionOf(keyOf(rows.get(0)));
    if (first == partitions.partitionOf(keyOf(rows.get(rows.size() - 1)))) {
      partitions.rowsRead(first, rows.size());
      return;
    }
    PartitionRuns runs = new PartitionRuns(partitions::rowsRead);
    for (Row row : rows) {
      runs.row(partitions.partitionOf(keyOf(row)));
    }
    runs.flush();
  }

  private static String keyOf(Row row) {
    return row.getPrimaryKey().getPrimaryKeyColumn(0).getValue().asString();
  }

  private static void answeredOn(PartitionCounters partitions, int partition, long startNanos) {
    if (partitions != null) {
      partitions.answered(partition, System.nanoTime() - startNanos);
    }
  }

  private static void failedOn(PartitionCounters partitions, int partition) {
    if (partitions != null) {
      partitions.failed(partition);
    }
  }

  /** A single-row write failed for good; on its connection, the service may have applied it. */
  private void countFailedRow(RuntimeException e) {
    stats.rowsFailed(1);
    lastFailureOnConnection = ConnectionRetry.isConnectionFailure(e);
    if (lastFailureOnConnection) {
      stats.rowsFailedOnConnection(1);
    }
  }

  private void written(PartitionCounters partitions, int partition) {
    stats.rowsWritten(1);
    if (partitions != null) {
      partitions.rowsWritten(partition, 1);
    }
  }

  private void releaseClient() {
    if (lease != null) {
      lease.close();
      lease = null;
      client = null;
    }
  }

  private void leaveRun() throws DBException {
    if (left || run == null) {
      return;
    }
    left = true;
    try {
      run.leave(System.out);
    } catch (IOException e) {
      throw new DBException("Tablestore binding: could not write " + ClientConfig.STATS_FILE + ": " + e.getMessage(), e);
    }
  }
}
