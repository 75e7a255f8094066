package io.tablestoreycsb.planner.report;

import io.tablestoreycsb.planner.analysis.CellIdentity;
import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.analysis.Latency;
import io.tablestoreycsb.planner.analysis.Rates;
import java.util.LinkedHashMap;
import java.util.Map;

/** A cell as report.json's {@code rows} hold it: flat figures, the verdict and the stop in words. */
final class RowJson {
  private RowJson() {}

  static Map<String, Object> of(CellResult r) {
    CellIdentity c = r.cell();
    Rates rates = r.rates();
    Latency latency = r.latency();
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("instanceType", c.instanceType());
    json.put("caseName", c.caseName());
    json.put("sweep", c.sweep());
    json.put("partitions", c.partitions());
    json.put("runners", c.runners());
    json.put("threads", c.threads());
    json.put("measure", c.measure());
    json.put("rowsPerRequest", c.rowsPerRequest());
    json.put("qpsRows", rates.qpsRows());
    json.put("requestsPerSecond", rates.requestsPerSecond());
    json.put("avgMs", latency.avgMs());
    json.put("p50Ms", latency.p50Ms());
    json.put("p95Ms", latency.p95Ms());
    json.put("p99Ms", latency.p99Ms());
    json.put("p999Ms", latency.p999Ms());
    json.put("maxMs", latency.maxMs());
    json.put("requests", rates.requests());
    json.put("failed", rates.failed());
    json.put("mbPerSecond", rates.mbPerSecond());
    json.put("readCuPerSecond", rates.readCuPerSecond());
    json.put("writeCuPerSecond", rates.writeCuPerSecond());
    json.put("cpuCoresPerRunner", r.resources().cpuCoresPerRunner());
    json.put("peakMemMbPerRunner", r.resources().peakMemMbPerRunner());
    json.put("ioMbPerSecondPerRunner", r.resources().ioMbPerSecondPerRunner());
    json.put("predictedQpsRows", r.prediction().qpsRows());
    json.put("measuredOverPredicted", r.prediction().measuredOverPredicted());
    json.put("limit", VerdictText.of(r.verdict()));
    json.put("plateau", r.plateau());
    json.put("hosts", ReportTable.hosts(r));
    json.put("windowSeconds", r.window().seconds());
    json.put("windowStartEpochMs", r.window().startEpochMs());
    json.put("warmupSeconds", r.window().warmupSeconds());
    json.put("startSkewMs", r.window().startSkewMs());
    json.put("clockSpreadMs", ReportTable.clockSpreadMs(r));
    json.put("clockSpreadUncertaintyMs", ReportTable.clockSpreadUncertaintyMs(r));
    json.put("slo", r.slo());
    json.put("sloLatencyMs", r.sloLatencyMs());
    json.put("targetRowsPerSecond", r.targetRowsPerSecond());
    json.put("intended", r.intended());
    json.put("stopped", StopText.stopped(r.stop()));
    json.put("partitionFigures", r.partitionFigures());
    return json;
  }
}
