package io.tablestoreycsb.mock.faults;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The action names a fault or latency rule may target, as they appear in request paths. */
public final class Actions {

  /** Matches every action (in a rule's action position). */
  public static final String ANY = "*";

  /** Every action the endpoint serves, spelled as in the request path {@code POST /<Action>}. */
  public static final List<String> ALL = List.of(
      "CreateTable", "DeleteTable", "DescribeTable", "ListTable", "UpdateTable",
      "PutRow", "GetRow", "UpdateRow", "DeleteRow",
      "BatchGetRow", "BatchWriteRow", "GetRange", "ComputeSplitPointsBySize",
      "tunnel/create", "tunnel/list", "tunnel/describe", "tunnel/delete", "tunnel/connect", "tunnel/heartbeat",
      "tunnel/shutdown", "tunnel/getcheckpoint", "tunnel/checkpoint", "tunnel/readrecords");

  /** The actions whose rows can fail one by one ({@code Action.row=...} rules). */
  public static final List<String> BATCH = List.of("BatchGetRow", "BatchWriteRow");

  private static final Map<String, String> BY_LOWER_CASE = ALL.stream()
      .collect(Collectors.toUnmodifiableMap(a -> a.toLowerCase(Locale.ROOT), Function.identity()));

  private Actions() {
  }

  /**
   * The canonical spelling of {@code name} (matched ignoring case), or {@link #ANY}.
   *
   * @throws IllegalArgumentException naming the valid actions when {@code name} is not one
   */
  static String canonical(String name, String spec) {
    String trimmed = name.trim();
    if (trimmed.equals(ANY)) {
      return ANY;
    }
    String canonical = BY_LOWER_CASE.get(trimmed.toLowerCase(Locale.ROOT));
    if (canonical == null) {
      throw new IllegalArgumentException("unknown action '" + trimmed + "' in '" + spec
          + "'; valid actions: * " + String.join(" ", ALL));
    }
    return canonical;
  }
}
