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
}
