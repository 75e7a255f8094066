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
import com.alicloud.openservices.tablestore.model.PrimaryKeyColumn;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.RangeRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.ReservedThroughput;
import com.alicloud.openservices.tablestore.model.ReservedThroughputDetails;
import com.alicloud.openservices.tablestore.model.TableMeta;
import com.alicloud.openservices.tablestore.model.TableOptions;
import io.tablestoreycsb.binding.ClientConfig;
import io.tablestoreycsb.binding.RowCodec;
import io.tablestoreycsb.binding.SharedClients;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The table operations behind {@link TableTool}; failures become {@link TableTool.ToolFailure}. */
final class TableAdmin {
  /** GetRange's own page limit; the service may return fewer rows per page. */
  private static final int COUNT_PAGE_ROWS = 5000;

  private final ClientConfig config;
  private final PrintWriter out;
  private final PrintWriter err;

  TableAdmin(ClientConfig config, PrintWriter out, PrintWriter err) {
    this.config = config;
    this.out = out;
    this.err = err;
  }

  void create(List<String> splitPoints) {
    TableMeta meta = new TableMeta(config.table());
    meta.addPrimaryKeyColumn(config.primaryKey(), PrimaryKeyType.STRING);
    // Keep every version the binding may read (tablestore.maxversions), rows forever.
    TableOptions options = new TableOptions(-1, config.maxVersions());
    ReservedThroughput reserved = new ReservedThroughput(0, 0);
    int partitions = splitPoints.size() + 1;
    if (splitPoints.isEmpty()) {
      withClient(c -> c.createTable(new CreateTableRequest(meta, options, reserved)), "CreateTable");
    } else {
      CreateTableRequestEx request = new CreateTableRequestEx(meta, options, reserved);
      List<PrimaryKeyValue> points = new ArrayList<>();
      splitPoints.forEach(p -> points.add(PrimaryKeyValue.fromString(p)));
      request.setSplitPoints(points);
      InternalClient internal = SharedClients.newInternalClient(config);
      try {
        internal.createTableEx(request, null).get();
      } catch (ExecutionException | RuntimeException e) {
        // The SDK's future throws the service error itself rather than wrapping it.
        Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
        if (cause instanceof TableStoreException tse && !"OTSObjectAlreadyExist".equals(tse.getErrorCode())) {
          throw new TableTool.ToolFailure(preSplitRefused(tse, partitions, splitPoints));
        }
        throw failure("CreateTable", cause instanceof RuntimeException re ? re : new ClientException(cause));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new TableTool.ToolFailure("interrupted while creating '" + config.table() + "'");
      } finally {
        internal.shutdown();
      }
    }
    int reported = withClient(c -> c.describeTable(new DescribeTableRequest(config.table())), "DescribeTable")
        .getShardSplits().size() + 1;
    out.println("created table '" + config.table() + "' on instance '" + config.instance() + "': primary key "
        + config.primaryKey() + " STRING, max versions " + config.maxVersions() + ", "
        + reported + " partition(s)" + (splitPoints.isEmpty() ? "" : " (split at " + String.join(", ", splitPoints) + ")"));
    if (reported != partitions) {
      err.println("tablestore-table: asked for " + partitions + " partitions but the service reports " + reported
          + ". Alibaba Cloud starts new tables with one partition and pre-splits on request: open a support"
          + " ticket giving the table name and the split points " + String.join(", ", splitPoints) + ".");
    }
  }

  private String preSplitRefused(TableStoreException e, int partitions, List<String> splitPoints) {
    return "the service refused to create '" + config.table() + "' pre-split into " + partitions + " partitions ("
        + e.getErrorCode() + ": " + e.getMessage() + ", request id " + e.getRequestId() + "). On Alibaba Cloud a new"
        + " table starts with one partition, and pre-splitting is done by Alibaba on request: open a support ticket"
        + " giving the table name and the split points " + String.join(", ", splitPoints) + ". Meanwhile you can"
        + " create the table with --partitions 1.";
  }

  void describe() {
    DescribeTableResponse d = withClient(c -> c.describeTable(new DescribeTableRequest(config.table())), "DescribeTable");
    TableMeta meta = d.getTableMeta();
    out.println("table: " + meta.getTableName());
    out.println("primary key: " + meta.getPrimaryKeyList().stream()
        .map(PrimaryKeySchema::toString).collect(Collectors.joining(", ")));
    TableOptions options = d.getTableOptions();
    if (options != null) {
      out.println("max versions: " + (options.hasSetMaxVersions() ? options.getMaxVersions() : "?")
          + ", time to live: " + (options.hasSetTimeToLive() ? seconds(options.getTimeToLive()) : "?"));
    }
    ReservedThroughputDetails rt = d.getReservedThroughputDetails();
    if (rt != null && rt.getCapacityUnit() != null) {
      out.println("reserved throughput: read " + rt.getCapacityUnit().getReadCapacityUnit()
          + " CU, write " + rt.getCapacityUnit().getWriteCapacityUnit() + " CU");
    }
    List<PrimaryKey> splits = d.getShardSplits();
    out.println("partitions: " + (splits.size() + 1));
    String lower = "INF_MIN";
    for (int i = 0; i <= splits.size(); i++) {
      String upper = i < splits.size() ? pkText(splits.get(i)) : "INF_MAX";
      out.println("  " + (i + 1) + ": [" + lower + ", " + upper + ")");
      lower = upper;
    }
  }

  long count() {
    RowCodec codec = new RowCodec(config.primaryKey());
    return withClient(c -> {
      long rows = 0;
      PrimaryKey start = codec.primaryKey(PrimaryKeyValue.INF_MIN);
      PrimaryKey end = codec.primaryKey(PrimaryKeyValue.INF_MAX);
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
    }, "GetRange");
  }

  void drop() {
    withClient(c -> c.deleteTable(new DeleteTableRequest(config.table())), "DeleteTable");
    out.println("dropped table '" + config.table() + "' on instance '" + config.instance() + "'");
  }

  private <T> T withClient(Function<SyncClient, T> call, String action) {
    SyncClient client = SharedClients.newClient(config, 1);
    try {
      return call.apply(client);
    } catch (RuntimeException e) {
      throw failure(action, e);
    } finally {
      client.shutdown();
    }
  }

  private TableTool.ToolFailure failure(String action, RuntimeException e) {
    if (e instanceof TableTool.ToolFailure tf) {
      return tf;
    }
    if (e instanceof TableStoreException tse) {
      String code = tse.getErrorCode();
      String hint = switch (code == null ? "" : code) {
        case "OTSObjectNotExist" -> " Table '" + config.table() + "' does not exist on instance '" + config.instance() + "'.";
        case "OTSObjectAlreadyExist" -> " Table '" + config.table() + "' already exists; drop it first or use another --table.";
        case "OTSAuthFailed" -> " Check " + ClientConfig.ACCESS_KEY_ID + " / " + ClientConfig.ACCESS_KEY_SECRET
            + " (or the TABLESTORE_ACCESS_KEY_* environment variables) and " + ClientConfig.INSTANCE + ".";
        default -> "";
      };
      return new TableTool.ToolFailure(action + " on '" + config.table() + "' failed: " + code + ": "
          + tse.getMessage() + " (request id " + tse.getRequestId() + ")." + hint);
    }
    return new TableTool.ToolFailure(action + " on '" + config.table() + "' failed: could not talk to "
        + ClientConfig.ENDPOINT + "=" + config.endpoint() + ": " + e.getMessage());
  }

  private static String pkText(PrimaryKey pk) {
    return pk.getPrimaryKeyColumns().length == 0 ? "" : pkValue(pk.getPrimaryKeyColumns()[0]);
  }

  private static String pkValue(PrimaryKeyColumn column) {
    PrimaryKeyValue v = column.getValue();
    if (v.isInfMin()) {
      return "INF_MIN";
    }
    if (v.isInfMax()) {
      return "INF_MAX";
    }
    return v.getType() == PrimaryKeyType.STRING ? "\"" + v.asString() + "\"" : v.toString();
  }

  private static String seconds(int ttl) {
    return ttl < 0 ? "forever" : ttl + " s";
  }
}
