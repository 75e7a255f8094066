package io.tablestoreycsb.mock.operations;

/** One protocol action (the last path segment of {@code POST /<Action>}). */
public interface Action {
  /** The action name as it appears in the URL, e.g. {@code PutRow}. */
  String name();

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
