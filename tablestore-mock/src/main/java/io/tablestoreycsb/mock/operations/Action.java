package io.tablestoreycsb.mock.operations;

import io.tablestoreycsb.mock.protocol.ActionName;

/**
 * One protocol action (the path of {@code POST /<Action>}), as the request pipeline runs it. It is
 * sealed: every action is a {@link ProtoAction}. A new action is its {@link ActionName}, a {@code
 * ProtoAction} subclass (its request message and parser, and {@code answer}; {@link #note} too when
 * it names rows), or {@link ProtoAction#of} for one that only asks a service, and its registration
 * in {@link RequestPipeline}: in its constructor's list for the table API, or among its {@code
 * moreActions} (as {@code tunnel.TunnelService#actions} passes the Stream API and the Tunnel Service).
 */
public sealed interface Action permits ProtoAction {
  /** The action, whose wire name is the path, e.g. {@code PutRow} or {@code tunnel/connect}. */
  ActionName name();

  /**
   * Parses the protobuf request {@code body}, executes it and returns the serialized protobuf
   * response. Service errors are thrown as {@code OtsException}.
   */
  byte[] execute(byte[] body, RequestContext context);

  /**
   * For the request journal, when a request fault was injected before the action ran: notes the
   * tables and rows {@code body} names, without executing it. Best effort (a body that does not
   * parse notes nothing); only called when the journal is on. Default: notes nothing.
   */
  default void note(byte[] body, RequestContext context) {
  }
}
