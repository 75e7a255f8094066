package io.tablestoreycsb.binding.tools;

import com.alicloud.openservices.tablestore.ClientException;
import com.alicloud.openservices.tablestore.InternalClient;
import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.CreateTableRequest;
import com.alicloud.openservices.tablestore.model.CreateTableRequestEx;
import com.alicloud.openservices.tablestore.model.DeleteTableRequest;
import com.alicloud.openservices.tablestore.model.DescribeTableRequest;
import com.alicloud.openservices.tablestore.model.DescribeTableResponse;
import com.alicloud.openservices.tablestore.model.Direction;
import com.alicloud.openservices.tablestore.model.GetRangeRequest;
import com.alicloud.openservices.tablestore.model.GetRangeResponse;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.RangeRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.CapacityUnit;
import com.alicloud.openservices.tablestore.model.ReservedThroughput;
import com.alicloud.openservices.tablestore.model.ReservedThroughputDetails;
import com.alicloud.openservices.tablestore.model.TableMeta;
import com.alicloud.openservices.tablestore.model.TableOptions;
import io.tablestoreycsb.binding.config.ClientConfig;
import io.tablestoreycsb.binding.config.KeyFormat;
import io.tablestoreycsb.binding.client.RowCodec;
import io.tablestoreycsb.binding.client.SharedClients;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Sets up and inspects the benchmark table: create it pre-split into N partitions at the
 * {@link KeyFormat#splitPoints(int) hex-prefix split points}, describe it, count its rows, drop it.
 * {@code bin/tablestore-table} ({@link TableTool}) and the capacity planner are built on it.
 *
 * <p>Each call opens its own SDK client and shuts it down. A refusal or failure of the service
 * becomes a {@link TableSetupException} whose message names the call, the table, the error code and
 * request id, and what to do; its {@link TableSetupException#errorCode()} is the service's code.
 */
public final class TableSetup {
  /** The most partitions the 4-hex-character key prefixes can be split into. */
  public static final int MAX_PARTITIONS = 65536;
  /** GetRange's own page limit; the service may return fewer rows per page. */
  private static final int COUNT_PAGE_ROWS = 5000;
  /** Partitions counted at once, each on a connection of its own. */
  private static final int COUNT_THREADS = 16;

  private final ClientConfig config;

  /** For the table named by {@code config} ({@code table} property, default usertable). */
  public TableSetup(ClientConfig config) {
    this.config = config;
  }

  /**
   * For the table and instance the binding's properties name (the same properties as
   * {@code bin/ycsb}); throws {@link io.tablestoreycsb.binding.config.ConfigException} naming a bad one.
   */
  public static TableSetup of(Properties props) {
    return new TableSetup(ClientConfig.from(props));
  }

  /** The table this works on. */
  public String table() {
    return config.table();
  }

  /** The instance this works on. */
  public String instance() {
    return config.instance();
  }

  /**
   * Creates the table: one STRING primary key column ({@code tablestore.primarykey}), max versions
   * {@code tablestore.maxversions}, rows kept forever, no reserved throughput, pre-split into
   * {@code partitions} at the hex-prefix split points. Returns what the service then reports,
   * which may be fewer partitions than asked for (compare {@link TableDescription#partitions()}).
   *
   * @throws IllegalArgumentException if partitions is not from 1 to {@link #MAX_PARTITIONS}
   */
  public TableDescription create(int partitions) {
    List<String> splitPoints = KeyFormat.splitPoints(partitions);
    TableMeta meta = new TableMeta(config.table());
    meta.addPrimaryKeyColumn(config.primaryKey(), PrimaryKeyType.STRING);
    // Keep every version the binding may read (tablestore.maxversions), rows forever.
    TableOptions options = new TableOptions(-1, config.maxVersions());
    ReservedThroughput reserved = new ReservedThroughput(0, 0);
    if (splitPoints.isEmpty()) {
      withClient(c -> c.createTable(new CreateTableRequest(meta, options, reserved)), "CreateTable");
    } else {
      createPreSplit(new CreateTableRequestEx(meta, options, reserved), partitions, splitPoints);
    }
    return describe();
  }

  private void createPreSplit(CreateTableRequestEx request, int partitions, List<String> splitPoints) {
    List<PrimaryKeyValue> points = new ArrayList<>();
    splitPoints.forEach(p -> points.add(PrimaryKeyValue.fromString(p)));
    request.setSplitPoints(points);
    InternalClient internal = SharedClients.newInternalClient(config);
    try {
      internal.createTableEx(request, null).get();
    } catch (ExecutionException | RuntimeException e) {
      // The SDK's future throws the service error itself rather than wrapping it.
      Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
      if (cause instanceof TableStoreException tse && !TableSetupException.TABLE_EXISTS.equals(tse.getErrorCode())) {
        throw new TableSetupException(preSplitRefused(tse, partitions, splitPoints), tse.getErrorCode(), tse);
      }
      throw failure("CreateTable", cause instanceof RuntimeException re ? re : new ClientException(cause));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TableSetupException("interrupted while creating '" + config.table() + "'", null, e);
    } finally {
      internal.shutdown();
    }
  }

  private String preSplitRefused(TableStoreException e, int partitions, List<String> splitPoints) {
    return "the service refused to create '" + config.table() + "' pre-split into " + partitions + " partitions ("
        + e.getErrorCode() + ": " + e.getMessage() + ", request id " + e.getRequestId() + "). On Alibaba Cloud a new"
        + " table starts with one partition, and pre-splitting is done by Alibaba on request: open a support ticket"
        + " giving the table name and the split points " + String.join(", ", splitPoints) + ". Meanwhile you can"
        + " create the table with --partitions 1.";
  }

  /** The table's primary key, options, reserved throughput and partitions (DescribeTable). */
  public TableDescription describe() {
    DescribeTableResponse d = withClient(c -> c.describeTable(new DescribeTableRequest(config.table())), "DescribeTable");
    TableMeta meta = d.getTableMeta();
    TableOptions options = d.getTableOptions();
    Integer maxVersions = options != null && options.hasSetMaxVersions() ? options.getMaxVersions() : null;
    Integer ttl = options != null && options.hasSetTimeToLive() ? options.getTimeToLive() : null;
    ReservedThroughputDetails rt = d.getReservedThroughputDetails();
    CapacityUnit cu = rt == null ? null : rt.getCapacityUnit();
    Integer readCu = cu != null && cu.hasSetReadCapacityUnit() ? cu.getReadCapacityUnit() : null;
    Integer writeCu = cu != null && cu.hasSetWriteCapacityUnit() ? cu.getWriteCapacityUnit() : null;
    List<PrimaryKeySchema> key = meta.getPrimaryKeyList();
    boolean stringKey = !key.isEmpty() && key.get(0).getType() == PrimaryKeyType.STRING;
    return new TableDescription(meta.getTableName(),
        key.stream().map(PrimaryKeySchema::toString).collect(Collectors.toList()),
        maxVersions, ttl, readCu, writeCu,
        d.getShardSplits().stream().map(TableSetup::firstColumnValue).collect(Collectors.toList()),
        stringKey);
  }

  /**
   * The table's rows: a paginated GetRange reading only the primary key, over each partition's key range
   * at once (the split points DescribeTable gives), so counting a pre-split table takes about as long as
   * counting its largest partition rather than all of them in turn.
   */
  public long countRows() {
    RowCodec codec = new RowCodec(config.primaryKey());
    return withClient(COUNT_THREADS, c -> {
      List<PrimaryKeyValue> bounds = new ArrayList<>();
      bounds.add(PrimaryKeyValue.INF_MIN);
      for (PrimaryKey split : c.describeTable(new DescribeTableRequest(config.table())).getShardSplits()) {
        bounds.add(split.getPrimaryKeyColumns()[0].getValue());
      }
      bounds.add(PrimaryKeyValue.INF_MAX);
      int ranges = bounds.size() - 1;
      ExecutorService pool = Executors.newFixedThreadPool(Math.min(ranges, COUNT_THREADS), r -> {
        Thread t = new Thread(r, "count-rows");
        t.setDaemon(true);
        return t;
      });
      try {
        List<Future<Long>> counts = new ArrayList<>();
        for (int i = 0; i < ranges; i++) {
          PrimaryKey start = codec.primaryKey(bounds.get(i));
          PrimaryKey end = codec.primaryKey(bounds.get(i + 1));
          counts.add(pool.submit(() -> countRange(c, start, end)));
        }
        long rows = 0;
        for (Future<Long> count : counts) {
          rows += count.get();
        }
        return rows;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while counting the rows of " + config.table(), e);
      } catch (ExecutionException e) {
        throw e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
      } finally {
        pool.shutdownNow();
      }
    }, "GetRange");
  }

  private long countRange(SyncClient c, PrimaryKey from, PrimaryKey end) {
    long rows = 0;
    PrimaryKey start = from;
    while (start != null) {
      RangeRowQueryCriteria criteria = new RangeRowQueryCriteria(config.table());
      criteria.setInclusiveStartPrimaryKey(start);
      criteria.setExclusiveEndPrimaryKey(end);
      criteria.setDirection(Direction.FORWARD);
      criteria.setMaxVersions(1);
      criteria.setLimit(COUNT_PAGE_ROWS);
      criteria.addColumnsToGet(config.primaryKey());
      GetRangeResponse page = c.getRange(new GetRangeRequest(criteria));
      rows += page.getRows().size();
      start = page.getNextStartPrimaryKey();
    }
    return rows;
  }

  /** Deletes the table and all its rows. */
  public void drop() {
    withClient(c -> c.deleteTable(new DeleteTableRequest(config.table())), "DeleteTable");
  }

  private <T> T withClient(Function<SyncClient, T> call, String action) {
    return withClient(1, call, action);
  }

  private <T> T withClient(int concurrentRequests, Function<SyncClient, T> call, String action) {
    SyncClient client = SharedClients.newToolClient(config, concurrentRequests);
    try {
      return call.apply(client);
    } catch (RuntimeException e) {
      throw failure(action, e);
    } finally {
      client.shutdown();
    }
  }

  private TableSetupException failure(String action, RuntimeException e) {
    if (e instanceof TableSetupException tse) {
      return tse;
    }
    if (e instanceof TableStoreException tse) {
      String code = tse.getErrorCode();
      String hint = switch (code == null ? "" : code) {
        case TableSetupException.TABLE_NOT_FOUND ->
            " Table '" + config.table() + "' does not exist on instance '" + config.instance() + "'.";
        case TableSetupException.TABLE_EXISTS ->
            " Table '" + config.table() + "' already exists; drop it first or use another --table.";
        case "OTSAuthFailed" -> " Check " + ClientConfig.ACCESS_KEY_ID + " / " + ClientConfig.ACCESS_KEY_SECRET
            + " (or the TABLESTORE_ACCESS_KEY_* environment variables) and " + ClientConfig.INSTANCE + ".";
        default -> "";
      };
      return new TableSetupException(action + " on '" + config.table() + "' failed: " + code + ": "
          + tse.getMessage() + " (request id " + tse.getRequestId() + ")." + hint, code, e);
    }
    return new TableSetupException(action + " on '" + config.table() + "' failed: could not talk to "
        + ClientConfig.ENDPOINT + "=" + config.endpoint() + ": " + e.getMessage(), null, e);
  }

  /** A split point's first (only) primary key column value: a STRING as is, other types as the SDK shows them. */
  private static String firstColumnValue(PrimaryKey pk) {
    if (pk.getPrimaryKeyColumns().length == 0) {
      return "";
    }
    PrimaryKeyValue v = pk.getPrimaryKeyColumns()[0].getValue();
    if (v.isInfMin()) {
      return "INF_MIN";
    }
    if (v.isInfMax()) {
      return "INF_MAX";
    }
    return v.getType() == PrimaryKeyType.STRING ? v.asString() : v.toString();
  }
}
