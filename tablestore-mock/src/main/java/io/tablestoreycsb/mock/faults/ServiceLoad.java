package io.tablestoreycsb.mock.faults;

import io.tablestoreycsb.mock.protocol.ActionName;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The mock's own view of the load it served: per table partition, how much of the capacity
 * limiter's time was reserved and how long responses waited for it; per action, the latency rules
 * added. Counters only grow, so a reader takes two snapshots ({@link #json()}) and divides their
 * differences by the time between them: busy share = reserved time / elapsed time, mean queueing
 * delay = waited time / reservations.
 *
 * <p>Recording is a few {@link LongAdder} increments on the request path; memory is bounded like
 * the limiter's ({@link PartitionCapacity#MAX_TRACKED_PARTITIONS} partitions, the rest counted in
 * {@link #untracked}).
 */
public final class ServiceLoad {

  private record Key(String table, int partition) {}

  /** One partition's counters. */
  private static final class Counters {
    final LongAdder reservations = new LongAdder();
    final LongAdder rows = new LongAdder();
    final LongAdder busyNanos = new LongAdder();
    final LongAdder waitedNanos = new LongAdder();
  }

  /** One action's injected latency. */
  private static final class Injected {
    final LongAdder requests = new LongAdder();
    final LongAdder nanos = new LongAdder();
  }

  private final ConcurrentHashMap<Key, Counters> partitions = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<ActionName, Injected> latency = new ConcurrentHashMap<>();
  private final LongAdder untracked = new LongAdder();

  /** A reservation of {@code rows} rows that took {@code costNanos} of the partition's time and waited {@code waitNanos}. */
  void reserved(String table, int partition, int rows, long costNanos, long waitNanos) {
    Key key = new Key(table, partition);
    Counters c = partitions.get(key);
    if (c == null) {
      if (partitions.size() >= PartitionCapacity.MAX_TRACKED_PARTITIONS) {
        untracked.increment();
        return;
      }
      c = partitions.computeIfAbsent(key, k -> new Counters());
    }
    c.reservations.increment();
    c.rows.add(rows);
    c.busyNanos.add(costNanos);
    c.waitedNanos.add(waitNanos);
  }

  /** A request of {@code action} held back {@code nanos} by a latency rule. */
  void injected(ActionName action, long nanos) {
    Injected i = latency.computeIfAbsent(action, a -> new Injected());
    i.requests.increment();
    i.nanos.add(nanos);
  }

  /**
   * The counters so far, as JSON: {@code monotonicNanos} (the clock the limiter runs on),
   * {@code epochMs}, {@code processCpuNanos} (the mock's JVM, -1 when unknown), {@code partitions}
   * (per table, per partition index: reservations, rows, busyNanos, waitedNanos),
   * {@code injectedLatency} (per action: requests, nanos) and {@code untrackedReservations}.
   */
  public String json() {
    StringBuilder out = new StringBuilder(256);
    out.append("{\"monotonicNanos\":").append(System.nanoTime())
        .append(",\"epochMs\":").append(System.currentTimeMillis())
        .append(",\"processCpuNanos\":").append(processCpuNanos())
        .append(",\"partitions\":{");
    Map<String, Map<Integer, Counters>> byTable = new TreeMap<>();
    partitions.forEach((k, c) -> byTable.computeIfAbsent(k.table(), t -> new TreeMap<>()).put(k.partition(), c));
    String tableSep = "";
    for (Map.Entry<String, Map<Integer, Counters>> t : byTable.entrySet()) {
      out.append(tableSep).append(quoted(t.getKey())).append(":{");
      tableSep = ",";
      String sep = "";
      for (Map.Entry<Integer, Counters> p : t.getValue().entrySet()) {
        Counters c = p.getValue();
        out.append(sep).append('"').append(p.getKey()).append("\":").append(String.format(Locale.ROOT,
            "{\"reservations\":%d,\"rows\":%d,\"busyNanos\":%d,\"waitedNanos\":%d}", c.reservations.sum(),
            c.rows.sum(), c.busyNanos.sum(), c.waitedNanos.sum()));
        sep = ",";
      }
      out.append('}');
    }
    out.append("},\"injectedLatency\":{");
    String sep = "";
    for (Map.Entry<ActionName, Injected> e : new TreeMap<>(latency).entrySet()) {
      out.append(sep).append(quoted(e.getKey().wireName())).append(String.format(Locale.ROOT,
          ":{\"requests\":%d,\"nanos\":%d}", e.getValue().requests.sum(), e.getValue().nanos.sum()));
      sep = ",";
    }
    return out.append("},\"untrackedReservations\":").append(untracked.sum()).append('}').toString();
  }

  private static long processCpuNanos() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getProcessCpuTime();
    }
    return -1;
  }

  private static String quoted(String s) {
    StringBuilder q = new StringBuilder("\"");
    for (char ch : s.toCharArray()) {
      if (ch == '"' || ch == '\\') {
        q.append('\\').append(ch);
      } else if (ch < 0x20) {
        q.append(String.format(Locale.ROOT, "\\u%04x", (int) ch));
      } else {
        q.append(ch);
      }
    }
    return q.append('"').toString();
  }
}
