package io.tablestoreycsb.binding.stats;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.model.DescribeTableRequest;
import com.alicloud.openservices.tablestore.model.DescribeTableResponse;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import io.tablestoreycsb.binding.config.ClientConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which partition of a table a row key falls in, from the table's split points as DescribeTable gives
 * them ({@code shard_splits}: N - 1 partition-key values for N partitions, each the first key of a
 * partition). Keys compare as the service compares them: by their UTF-8 bytes, unsigned.
 *
 * <p>Split points are asked for once per JVM, endpoint and table ({@link #of}): every YCSB thread's
 * DB instance needs them, and the service allows only about 10 table metadata operations a second.
 * A table split after that is not seen; batches then still never mix partitions as the table was.
 */
public final class PartitionMap {
  private static final Map<String, PartitionMap> KNOWN = new ConcurrentHashMap<>();

  /** First key of partitions 1 .. N-1, ascending. */
  private final String[] starts;
  private final List<String> splitPoints;

  /** A map from the first keys of partitions 1 .. N-1 (ascending; empty for a single partition). */
  public PartitionMap(List<String> splitPoints) {
    this.splitPoints = List.copyOf(splitPoints);
    starts = this.splitPoints.toArray(new String[0]);
    for (int i = 1; i < starts.length; i++) {
      if (compareUtf8(starts[i - 1], starts[i]) >= 0) {
        throw new IllegalArgumentException("split points must ascend, got " + splitPoints);
      }
    }
  }

  /** The table's partitions as DescribeTable tells them, asked for once per JVM, client settings and table. */
  public static PartitionMap of(SyncClient client, ClientConfig config, String table) {
    return KNOWN.computeIfAbsent(config.clientKey() + "|" + table, k -> describe(client, table));
  }

  /**
   * Remembers the partitions of a DescribeTable answer already at hand (the table check's), so that the
   * per-partition counters cost no DescribeTable of their own.
   */
  public static void remember(ClientConfig config, String table, DescribeTableResponse described) {
    KNOWN.computeIfAbsent(config.clientKey() + "|" + table, k -> fromSplits(described.getShardSplits()));
  }

  private static PartitionMap describe(SyncClient client, String table) {
    return fromSplits(client.describeTable(new DescribeTableRequest(table)).getShardSplits());
  }

  private static PartitionMap fromSplits(List<PrimaryKey> splits) {
    List<String> points = new ArrayList<>();
    if (splits != null) {
      for (PrimaryKey split : splits) {
        points.add(split.getPrimaryKeyColumn(0).getValue().asString());
      }
    }
    return new PartitionMap(points);
  }

  /** First key of partitions 1 .. N-1, ascending. */
  public List<String> splitPoints() {
    return splitPoints;
  }

  public int partitions() {
    return starts.length + 1;
  }

  /** The partition holding {@code key}: how many split points are at or below it. */
  public int partitionOf(String key) {
    if (starts.length == 0) {
      return 0; // one partition: no key to compare, on every operation of a single-partition table
    }
    int low = 0;
    int high = starts.length;
    while (low < high) {
      int mid = (low + high) >>> 1;
      if (compareUtf8(starts[mid], key) <= 0) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low;
  }

  /**
   * Compares two strings as the service compares keys, by their UTF-8 bytes, unsigned, without encoding
   * them (every request looks its key up: encoding it cost 40 bytes a request, PartitionCountersBench).
   * UTF-8 keeps the order of code points, so comparing code points gives the same answer; a lone
   * surrogate counts as '?', which is what {@code String.getBytes(UTF_8)} writes for it.
   */
  static int compareUtf8(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      char ca = a.charAt(i);
      char cb = b.charAt(j);
      if (ca == cb && !Character.isSurrogate(ca)) {
        i++;
        j++;
        continue;
      }
      int pa = codePointAt(a, i);
      int pb = codePointAt(b, j);
      if (pa != pb) {
        return Integer.compare(pa, pb);
      }
      i += pa > Character.MAX_VALUE ? 2 : 1;
      j += pb > Character.MAX_VALUE ? 2 : 1;
    }
    boolean aLonger = i < a.length();
    boolean bLonger = j < b.length();
    return aLonger == bLonger ? 0 : aLonger ? 1 : -1; // a proper prefix sorts first
  }

  /** The code point at {@code i}, or '?' for a lone surrogate. */
  private static int codePointAt(String s, int i) {
    char c = s.charAt(i);
    if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
      return Character.toCodePoint(c, s.charAt(i + 1));
    }
    return Character.isSurrogate(c) ? '?' : c;
  }
}
