package io.tablestoreycsb.mock.operations;

import io.tablestoreycsb.mock.protocol.ActionName;

/**
 * One protocol action (the path of {@code POST /<Action>}), as the request pipeline runs it. Every
 * action is written as a {@link ProtoAction} (the interface permits no other).
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
