package io.tablestoreycsb.mock.protocol;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Every action the endpoint serves, the one list the request router, fault and latency rules and
 * the request journal share. Each is spelled on the wire as in the request path
 * {@code POST /<wireName>}.
 */
public enum ActionName {
  CREATE_TABLE("CreateTable"),
  DELETE_TABLE("DeleteTable"),
  DESCRIBE_TABLE("DescribeTable"),
  LIST_TABLE("ListTable"),
  UPDATE_TABLE("UpdateTable"),
  PUT_ROW("PutRow"),
  GET_ROW("GetRow"),
  UPDATE_ROW("UpdateRow"),
  DELETE_ROW("DeleteRow"),
  BATCH_GET_ROW("BatchGetRow"),
  BATCH_WRITE_ROW("BatchWriteRow"),
  GET_RANGE("GetRange"),
  COMPUTE_SPLIT_POINTS_BY_SIZE("ComputeSplitPointsBySize"),
  START_LOCAL_TRANSACTION("StartLocalTransaction"),
  COMMIT_TRANSACTION("CommitTransaction"),
  ABORT_TRANSACTION("AbortTransaction"),
  CREATE_INDEX("CreateIndex"),
  DROP_INDEX("DropIndex"),
  LIST_SEARCH_INDEX("ListSearchIndex"),
  LIST_STREAM("ListStream"),
  DESCRIBE_STREAM("DescribeStream"),
  GET_SHARD_ITERATOR("GetShardIterator"),
  GET_STREAM_RECORD("GetStreamRecord"),
  TUNNEL_CREATE("tunnel/create"),
  TUNNEL_LIST("tunnel/list"),
  TUNNEL_DESCRIBE("tunnel/describe"),
  TUNNEL_DELETE("tunnel/delete"),
  TUNNEL_CONNECT("tunnel/connect"),
  TUNNEL_HEARTBEAT("tunnel/heartbeat"),
  TUNNEL_SHUTDOWN("tunnel/shutdown"),
  TUNNEL_GET_CHECKPOINT("tunnel/getcheckpoint"),
  TUNNEL_CHECKPOINT("tunnel/checkpoint"),
  TUNNEL_READ_RECORDS("tunnel/readrecords");

  private static final Map<String, ActionName> BY_WIRE_NAME = new HashMap<>();
  private static final Map<String, ActionName> BY_LOWER_CASE = new HashMap<>();

  static {
    for (ActionName a : values()) {
      BY_WIRE_NAME.put(a.wireName, a);
      BY_LOWER_CASE.put(a.wireName.toLowerCase(Locale.ROOT), a);
    }
  }

  private final String wireName;

  ActionName(String wireName) {
    this.wireName = wireName;
  }

  /** The name as it appears in the request path, e.g. {@code PutRow}. */
  public String wireName() {
    return wireName;
  }

  /** True for BatchGetRow and BatchWriteRow: their rows succeed or fail one by one. */
  public boolean hasRowResults() {
    return this == BATCH_GET_ROW || this == BATCH_WRITE_ROW;
  }

  /** The action a request path names, spelled exactly; null when it names none (the router's lookup). */
  public static ActionName ofWireName(String wireName) {
    return BY_WIRE_NAME.get(wireName);
  }

  /**
   * The action {@code name} spells, ignoring case (as users type it in a rule).
   *
   * @throws IllegalArgumentException naming the valid actions when {@code name} is not one
   */
  public static ActionName parse(String name) {
    ActionName action = BY_LOWER_CASE.get(name.trim().toLowerCase(Locale.ROOT));
    if (action == null) {
      throw new IllegalArgumentException("unknown action '" + name.trim() + "'; valid actions: " + wireNames());
    }
    return action;
  }

  /** Every wire name, space-separated, for messages. */
  public static String wireNames() {
    return Arrays.stream(values()).map(ActionName::wireName).collect(Collectors.joining(" "));
  }

  @Override
  public String toString() {
    return wireName;
  }
}
