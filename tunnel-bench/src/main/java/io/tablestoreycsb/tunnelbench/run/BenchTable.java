package io.tablestoreycsb.tunnelbench.run;

import com.alicloud.openservices.tablestore.InternalClient;
import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.TunnelClient;
import com.alicloud.openservices.tablestore.model.CreateTableRequest;
import com.alicloud.openservices.tablestore.model.CreateTableRequestEx;
import com.alicloud.openservices.tablestore.model.DeleteTableRequest;
import com.alicloud.openservices.tablestore.model.DescribeTableRequest;
import com.alicloud.openservices.tablestore.model.DescribeTableResponse;
import com.alicloud.openservices.tablestore.model.ReservedThroughput;
import com.alicloud.openservices.tablestore.model.TableOptions;
import com.alicloud.openservices.tablestore.model.tunnel.ChannelInfo;
import com.alicloud.openservices.tablestore.model.tunnel.ChannelStatus;
import com.alicloud.openservices.tablestore.model.tunnel.CreateTunnelRequest;
import com.alicloud.openservices.tablestore.model.tunnel.DeleteTunnelRequest;
import com.alicloud.openservices.tablestore.model.tunnel.DescribeTunnelRequest;
import com.alicloud.openservices.tablestore.model.tunnel.StreamTunnelConfig;
import com.alicloud.openservices.tablestore.model.tunnel.TunnelType;
import com.alicloud.openservices.tablestore.model.tunnel.StartOffsetFlag;
import io.tablestoreycsb.binding.client.SharedClients;
import io.tablestoreycsb.tunnelbench.child.Endpoint;
import io.tablestoreycsb.tunnelbench.rows.TunnelRow;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;

/**
 * The paper's pre-splitting tool and tunnel set-up: a fresh table of the paper's row shape split
 * into equal hash ranges, Stream tunnels on it, and whether a tunnel's channels are spread over its
 * consumers yet.
 */
public final class BenchTable implements AutoCloseable {
  private static final String NOT_EXIST = "OTSObjectNotExist";

  private final Endpoint endpoint;
  private final String table;
  private final SyncClient tables;
  private final TunnelClient tunnels;

  public BenchTable(Endpoint endpoint, String table) {
    this.endpoint = endpoint;
    this.table = table;
    this.tables = endpoint.tableClient(1);
    this.tunnels = endpoint.tunnelClient();
  }

  public String name() {
    return table;
  }

  /**
   * Makes the table ready with {@code partitions} partitions: an existing table of this name with the
   * benchmark's primary key and that many partitions is used as it is (on Alibaba Cloud a pre-split
   * table is made on request, so it is kept between runs; the tunnel reads only what is written after
   * it is created, so earlier rows do not matter); any other is dropped and created pre-split.
   *
   * @return true when an existing table was reused
   */
  public boolean prepare(int partitions) throws InterruptedException {
    try {
      DescribeTableResponse described = tables.describeTable(new DescribeTableRequest(table));
      boolean sameKey = described.getTableMeta().getPrimaryKeyList().equals(TunnelRow.tableMeta(table)
          .getPrimaryKeyList());
      if (sameKey && described.getShardSplits().size() + 1 == partitions) {
        return true;
      }
    } catch (TableStoreException e) {
      if (!NOT_EXIST.equals(e.getErrorCode())) {
        throw e;
      }
    }
    create(partitions);
    return false;
  }

  /** Drops a table of the same name, then creates it with {@code partitions} partitions. */
  public void create(int partitions) throws InterruptedException {
    drop();
    CreateTableRequestEx request = new CreateTableRequestEx(TunnelRow.tableMeta(table), new TableOptions(-1, 1),
        new ReservedThroughput(0, 0));
    if (partitions == 1) {
      tables.createTable(new CreateTableRequest(request.getTableMeta(), request.getTableOptions(),
          request.getReservedThroughput()));
      return;
    }
    request.setSplitPoints(TunnelRow.splitPoints(partitions));
    InternalClient internal = SharedClients.newInternalClient(endpoint.config());
    try {
      internal.createTableEx(request, null).get();
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      throw new IllegalStateException("cannot create table " + table + " pre-split into " + partitions + " partitions: "
          + cause + (cause instanceof TableStoreException ? ". On Alibaba Cloud pre-splitting a new table is done on"
          + " request (a support ticket); see docs/tunnel.md" : ""), cause);
    } finally {
      internal.shutdown();
    }
  }

  /** A Stream tunnel reading from now on (LATEST) or, with {@code earliest}, from the oldest record kept. */
  public String createTunnel(String tunnelName, boolean earliest) {
    CreateTunnelRequest request = new CreateTunnelRequest(table, tunnelName, TunnelType.Stream);
    if (earliest) {
      request.setStreamTunnelConfig(new StreamTunnelConfig(StartOffsetFlag.EARLIEST));
    }
    return tunnels.createTunnel(request).getTunnelId();
  }

  public void deleteTunnel(String tunnelName) {
    try {
      tunnels.deleteTunnel(new DeleteTunnelRequest(table, tunnelName));
    } catch (TableStoreException e) {
      // already gone with its table
    }
  }

  /**
   * True once every channel of the tunnel is OPEN at a consumer and the channels are spread over
   * {@code min(consumers, channels)} consumers: the state the paper measured in. When the consumers'
   * client ids are known ({@code clientIds} not empty), every holder must be one of them: a client the
   * service registered for a connect whose answer was lost holds channels until its heartbeat time-out.
   */
  public boolean balanced(String tunnelName, int consumers, Set<String> clientIds) {
    List<ChannelInfo> channels = tunnels.describeTunnel(new DescribeTunnelRequest(table, tunnelName)).getChannelInfos();
    Set<String> holders = new HashSet<>();
    for (ChannelInfo c : channels) {
      if (c.getChannelStatus() != ChannelStatus.OPEN || c.getClientId() == null || c.getClientId().isEmpty()
          || (!clientIds.isEmpty() && !clientIds.contains(c.getClientId()))) {
        return false;
      }
      holders.add(c.getClientId());
    }
    return !channels.isEmpty() && holders.size() == Math.min(consumers, channels.size());
  }

  /** "channel 0 OPEN at client X, channel 1 CLOSING at client Y, ...": what a time-out reports. */
  public String channelStates(String tunnelName) {
    StringBuilder text = new StringBuilder();
    for (ChannelInfo c : tunnels.describeTunnel(new DescribeTunnelRequest(table, tunnelName)).getChannelInfos()) {
      text.append(text.length() == 0 ? "" : ", ").append(c.getChannelId()).append(' ').append(c.getChannelStatus())
          .append(" at ").append(c.getClientId() == null || c.getClientId().isEmpty() ? "no client" : c.getClientId());
    }
    return text.toString();
  }

  public void drop() {
    try {
      tables.deleteTable(new DeleteTableRequest(table));
    } catch (TableStoreException e) {
      if (!NOT_EXIST.equals(e.getErrorCode())) {
        throw e;
      }
    }
  }

  @Override
  public void close() {
    tunnels.shutdown();
    tables.shutdown();
  }
}
