package io.tablestoreycsb.planner.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tablestoreycsb.planner.runner.EndpointLoadProbe;
import io.tablestoreycsb.planner.runner.JsonLines;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One reading of the mock's load counters, as a runner's {@link EndpointLoadProbe} appended it.
 *
 * @param sampledEpochMs when the runner read it, the runner's clock
 * @param local whether the endpoint is on the runner's host
 * @param monotonicNanos the mock's clock at the reading
 * @param processCpuNanos the mock process's CPU time so far, -1 when unknown
 * @param partitions per table, per partition index, its counters
 * @param injected per action, requests delayed and nanoseconds added so far
 */
record EndpointLoadSample(long sampledEpochMs, boolean local, long monotonicNanos, long processCpuNanos,
    Map<String, Map<Integer, Counters>> partitions, Map<String, Counters> injected) {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Counters of one partition (reservations, rows, busy and waited nanoseconds) or action (requests, nanos). */
  record Counters(long count, long rows, long busyNanos, long waitedNanos) {}

  static List<EndpointLoadSample> readAll(Path file) throws IOException {
    return JsonLines.read(file, line -> parse(JSON.readTree(line)));
  }

  private static EndpointLoadSample parse(JsonNode line) {
    JsonNode load = line.path("load");
    Map<String, Map<Integer, Counters>> partitions = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> t = load.path("partitions").fields(); t.hasNext(); ) {
      Map.Entry<String, JsonNode> table = t.next();
      Map<Integer, Counters> ps = new LinkedHashMap<>();
      for (Iterator<Map.Entry<String, JsonNode>> p = table.getValue().fields(); p.hasNext(); ) {
        Map.Entry<String, JsonNode> e = p.next();
        JsonNode c = e.getValue();
        ps.put(Integer.parseInt(e.getKey()), new Counters(c.path("reservations").asLong(), c.path("rows").asLong(),
            c.path("busyNanos").asLong(), c.path("waitedNanos").asLong()));
      }
      partitions.put(table.getKey(), ps);
    }
    Map<String, Counters> injected = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> a = load.path("injectedLatency").fields(); a.hasNext(); ) {
      Map.Entry<String, JsonNode> e = a.next();
      injected.put(e.getKey(), new Counters(e.getValue().path("requests").asLong(), 0,
          e.getValue().path("nanos").asLong(), 0));
    }
    return new EndpointLoadSample(line.path("sampledEpochMs").asLong(), line.path("local").asBoolean(),
        load.path("monotonicNanos").asLong(), load.path("processCpuNanos").asLong(-1), partitions, injected);
  }

  /** The mock's view between two readings {@code from} and {@code to}; null when their span is empty. */
  static EndpointView between(EndpointLoadSample from, EndpointLoadSample to) {
    double seconds = (to.monotonicNanos() - from.monotonicNanos()) / 1e9;
    if (!(seconds > 0)) {
      return null;
    }
    String table = null;
    long mostBusy = -1;
    for (Map.Entry<String, Map<Integer, Counters>> t : to.partitions().entrySet()) {
      long busy = 0;
      for (Map.Entry<Integer, Counters> p : t.getValue().entrySet()) {
        busy += p.getValue().busyNanos() - before(from.partitions().get(t.getKey()), p.getKey()).busyNanos();
      }
      if (busy > mostBusy) {
        mostBusy = busy;
        table = t.getKey();
      }
    }
    List<EndpointView.PartitionLoad> loads = new ArrayList<>();
    if (table != null && mostBusy > 0) {
      for (Map.Entry<Integer, Counters> p : to.partitions().get(table).entrySet()) {
        Counters b = before(from.partitions().get(table), p.getKey());
        Counters a = p.getValue();
        long n = a.count() - b.count();
        loads.add(new EndpointView.PartitionLoad(p.getKey(), (a.busyNanos() - b.busyNanos()) / 1e9 / seconds,
            (a.rows() - b.rows()) / seconds, n == 0 ? 0 : (a.waitedNanos() - b.waitedNanos()) / 1e6 / n));
      }
      loads.sort((x, y) -> Integer.compare(x.partition(), y.partition()));
    }
    List<EndpointView.InjectedLatency> injected = new ArrayList<>();
    for (Map.Entry<String, Counters> a : to.injected().entrySet()) {
      Counters b = from.injected().getOrDefault(a.getKey(), new Counters(0, 0, 0, 0));
      long n = a.getValue().count() - b.count();
      if (n > 0) {
        injected.add(new EndpointView.InjectedLatency(a.getKey(), n / seconds,
            (a.getValue().busyNanos() - b.busyNanos()) / 1e6 / n));
      }
    }
    double cores = from.processCpuNanos() < 0 || to.processCpuNanos() < 0 ? Double.NaN
        : (to.processCpuNanos() - from.processCpuNanos()) / 1e9 / seconds;
    return new EndpointView(table == null ? "" : table, seconds, loads, injected, cores, to.local());
  }

  private static Counters before(Map<Integer, Counters> table, int partition) {
    Counters c = table == null ? null : table.get(partition);
    return c == null ? new Counters(0, 0, 0, 0) : c;
  }
}
