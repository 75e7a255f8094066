package io.tablestoreycsb.mock.tunnel;

/** Told when a tunnel's kept state changes (created, checkpointed, a channel finished, expired) or it is deleted. */
public interface TunnelListener {
  void tunnelChanged(TunnelState state);

  void tunnelDeleted(String tunnelId);
}
