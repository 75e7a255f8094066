package io.tablestoreycsb.mock.tunnel;

import com.alicloud.openservices.tablestore.core.protocol.TunnelServiceApi;
import com.aliyun.ots.thirdparty.com.google.protobuf.UnsafeByteOperations;
import io.tablestoreycsb.mock.operations.Action;
import io.tablestoreycsb.mock.operations.ProtoAction;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.operations.RequestContext;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.storage.ChangeLog;
import java.util.ArrayList;
import java.util.List;

/**
 * The Tunnel Service's actions ({@code POST /tunnel/<op>}, protobuf bodies from
 * {@code tunnel_service_api.proto}): each parses its request, asks the {@link TunnelService} and
 * encodes the answer. Types and stages travel as strings the Java SDK turns into enums with
 * {@code valueOf}; times as nanoseconds.
 */
final class TunnelActions {
  private static final long NANOS_PER_MILLI = 1_000_000L;

  private TunnelActions() {}

  static List<Action> all(TunnelService service) {
    return List.of(
        ProtoAction.of(ActionName.TUNNEL_CREATE, "CreateTunnelRequest", TunnelServiceApi.CreateTunnelRequest.parser(),
            (r, context) -> create(service, r)),
        ProtoAction.of(ActionName.TUNNEL_LIST, "ListTunnelRequest", TunnelServiceApi.ListTunnelRequest.parser(),
            (r, context) -> {
              TunnelServiceApi.ListTunnelResponse.Builder response = TunnelServiceApi.ListTunnelResponse.newBuilder();
              for (Tunnel t : service.list(r.getTableName())) {
                response.addTunnels(info(service, t));
              }
              return response.build().toByteArray();
            }),
        ProtoAction.of(ActionName.TUNNEL_DESCRIBE, "DescribeTunnelRequest", TunnelServiceApi.DescribeTunnelRequest.parser(),
            (r, context) -> describe(service, service.find(r.getTableName(), r.getTunnelName(), r.getTunnelId()))),
        ProtoAction.of(ActionName.TUNNEL_DELETE, "DeleteTunnelRequest", TunnelServiceApi.DeleteTunnelRequest.parser(),
            (r, context) -> {
              service.delete(service.find(r.getTableName(), r.getTunnelName(), r.getTunnelId()));
              return TunnelServiceApi.DeleteTunnelResponse.getDefaultInstance().toByteArray();
            }),
        ProtoAction.of(ActionName.TUNNEL_CONNECT, "ConnectRequest", TunnelServiceApi.ConnectRequest.parser(),
            (r, context) -> {
              long timeout = r.getClientConfig().hasTimeout() ? r.getClientConfig().getTimeout()
                  : TunnelService.DEFAULT_CLIENT_TIMEOUT_SECONDS;
              String clientId = service.connect(r.getTunnelId(), r.getClientConfig().getClientTag(), timeout);
              return TunnelServiceApi.ConnectResponse.newBuilder().setClientId(clientId).build().toByteArray();
            }),
        ProtoAction.of(ActionName.TUNNEL_HEARTBEAT, "HeartbeatRequest", TunnelServiceApi.HeartbeatRequest.parser(),
            (r, context) -> heartbeat(service, r)),
        ProtoAction.of(ActionName.TUNNEL_SHUTDOWN, "ShutdownRequest", TunnelServiceApi.ShutdownRequest.parser(),
            (r, context) -> {
              service.require(r.getTunnelId()).shutdown(r.getClientId());
              return TunnelServiceApi.ShutdownResponse.getDefaultInstance().toByteArray();
            }),
        ProtoAction.of(ActionName.TUNNEL_GET_CHECKPOINT, "GetCheckpointRequest", TunnelServiceApi.GetCheckpointRequest.parser(),
            (r, context) -> {
              Channel c = service.require(r.getTunnelId()).checkpointOf(r.getClientId(), r.getChannelId(), service.nowMillis());
              return TunnelServiceApi.GetCheckpointResponse.newBuilder()
                  .setCheckpoint(c.checkpoint).setSequenceNumber(c.checkpointSequence).build().toByteArray();
            }),
        ProtoAction.of(ActionName.TUNNEL_CHECKPOINT, "CheckpointRequest", TunnelServiceApi.CheckpointRequest.parser(),
            (r, context) -> {
              service.checkpoint(r.getTunnelId(), r.getClientId(), r.getChannelId(), r.getCheckpoint(), r.getSequenceNumber());
              return TunnelServiceApi.CheckpointResponse.getDefaultInstance().toByteArray();
            }),
        ProtoAction.of(ActionName.TUNNEL_READ_RECORDS, "ReadRecordsRequest", TunnelServiceApi.ReadRecordsRequest.parser(),
            (r, context) -> {
              TunnelService.ReadResult read = service.readRecords(r.getTunnelId(), r.getClientId(), r.getChannelId(), r.getToken());
              // Records count as rows the channel's partition served: --partition-capacity bounds each channel's read rate.
              context.served(read.table(), read.partition(), read.records().size());
              TunnelServiceApi.ReadRecordsResponse.Builder response = TunnelServiceApi.ReadRecordsResponse.newBuilder()
                  .setNextToken(read.nextToken()).setMayMoreRecord(read.mayMoreRecord());
              for (ChangeLog.Record record : read.records()) {
                TunnelServiceApi.Record.Builder served = TunnelServiceApi.Record.newBuilder()
                    .setActionType(TunnelServiceApi.ActionType.forNumber(record.action()))
                    .setRecord(UnsafeByteOperations.unsafeWrap(read.fromStream() ? SequenceInfo.appendTo(record) : record.row()));
                if (record.origin() != null) {
                  served.setOriginRecord(UnsafeByteOperations.unsafeWrap(record.origin()));
                }
                response.addRecords(served);
              }
              return response.build().toByteArray();
            }));
  }

  private static byte[] create(TunnelService service, TunnelServiceApi.CreateTunnelRequest request) {
    TunnelServiceApi.Tunnel spec = request.getTunnel();
    TunnelKind kind;
    switch (spec.getTunnelType()) {
      case Stream:
        kind = TunnelKind.STREAM;
        break;
      case BaseData:
        kind = TunnelKind.BASE_DATA;
        break;
      case BaseAndStream:
        kind = TunnelKind.BASE_AND_STREAM;
        break;
      default:
        throw OtsException.parameterInvalid("Unknown tunnel.tunnel_type " + spec.getTunnelType() + ".");
    }
    Tunnel.StartPosition start = new Tunnel.StartPosition(false, 0, 0);
    if (spec.hasStreamTunnelConfig()) {
      TunnelServiceApi.StreamTunnelConfig config = spec.getStreamTunnelConfig();
      long startMillis = config.getStartOffset() / NANOS_PER_MILLI;
      long endMillis = config.getEndOffset() / NANOS_PER_MILLI;
      if (config.getEndOffset() != 0 && endMillis <= startMillis) {
        throw OtsException.parameterInvalid("tunnel.StreamTunnelConfig.endOffset (" + config.getEndOffset()
            + " ns) must be after startOffset (" + config.getStartOffset() + " ns).");
      }
      if (config.getEndOffset() != 0 && kind == TunnelKind.BASE_DATA) {
        throw OtsException.parameterInvalid("tunnel.StreamTunnelConfig.endOffset applies to the stream; a BaseData"
            + " tunnel has none.");
      }
      start = new Tunnel.StartPosition(config.getFlag() == TunnelServiceApi.StartOffsetFlag.EARLIEST, startMillis,
          endMillis);
    }
    Tunnel tunnel = service.create(spec.getTableName(), spec.getTunnelName(), kind, start);
    return TunnelServiceApi.CreateTunnelResponse.newBuilder().setTunnelId(tunnel.id).build().toByteArray();
  }

  private static byte[] heartbeat(TunnelService service, TunnelServiceApi.HeartbeatRequest request) {
    List<Tunnel.ChannelView> reported = new ArrayList<>();
    for (TunnelServiceApi.Channel c : request.getChannelsList()) {
      reported.add(new Tunnel.ChannelView(c.getChannelId(), c.getVersion(), ChannelStatus.valueOf(c.getStatus().name())));
    }
    List<Tunnel.ChannelView> held = service.heartbeat(request.getTunnelId(), request.getClientId(), reported);
    TunnelServiceApi.HeartbeatResponse.Builder response = TunnelServiceApi.HeartbeatResponse.newBuilder();
    for (Tunnel.ChannelView c : held) {
      response.addChannels(TunnelServiceApi.Channel.newBuilder().setChannelId(c.id()).setVersion(c.version())
          .setStatus(TunnelServiceApi.ChannelStatus.valueOf(c.status().name())));
    }
    return response.build().toByteArray();
  }

  private static byte[] describe(TunnelService service, Tunnel tunnel) {
    TunnelServiceApi.DescribeTunnelResponse.Builder response = TunnelServiceApi.DescribeTunnelResponse.newBuilder()
        .setTunnel(info(service, tunnel));
    long oldest = Long.MAX_VALUE;
    for (Channel c : tunnel.channelsSnapshot()) {
      TunnelServiceApi.ChannelInfo.Builder info = TunnelServiceApi.ChannelInfo.newBuilder()
          .setChannelId(c.id)
          .setChannelType(c.baseData ? "BaseData" : "Stream")
          .setChannelStatus(c.status.name())
          .setChannelRpo(c.positionTimeMillis * NANOS_PER_MILLI);
      if (c.owner != null) {
        info.setClientId(c.owner);
      }
      response.addChannels(info);
      oldest = Math.min(oldest, c.positionTimeMillis);
    }
    if (oldest != Long.MAX_VALUE) {
      response.setTunnelRpo(oldest * NANOS_PER_MILLI);
    }
    return response.build().toByteArray();
  }

  private static TunnelServiceApi.TunnelInfo info(TunnelService service, Tunnel tunnel) {
    TunnelServiceApi.StreamTunnelConfig.Builder config = TunnelServiceApi.StreamTunnelConfig.newBuilder()
        .setFlag(tunnel.start.earliest() ? TunnelServiceApi.StartOffsetFlag.EARLIEST : TunnelServiceApi.StartOffsetFlag.LATEST);
    if (tunnel.start.startMillis() > 0) {
      config.setStartOffset(tunnel.start.startMillis() * NANOS_PER_MILLI);
    }
    if (tunnel.start.hasEnd()) {
      config.setEndOffset(tunnel.start.endMillis() * NANOS_PER_MILLI);
    }
    return TunnelServiceApi.TunnelInfo.newBuilder()
        .setTunnelId(tunnel.id)
        .setTunnelType(tunnel.kind.wireName)
        .setTableName(tunnel.table.name())
        .setInstanceName(service.instanceName())
        .setStreamId(tunnel.streamId)
        .setStage(tunnel.stage())
        .setExpired(tunnel.expired())
        .setTunnelName(tunnel.name)
        .setPublic(false)
        .setStreamTunnelConfig(config)
        .setCreateTime(tunnel.createTimeMillis * NANOS_PER_MILLI)
        .build();
  }
}
