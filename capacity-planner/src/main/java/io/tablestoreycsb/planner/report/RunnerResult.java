package io.tablestoreycsb.planner.report;

import io.tablestoreycsb.planner.hdr.HdrLogs;
import io.tablestoreycsb.planner.run.RunnerRecord;
import io.tablestoreycsb.planner.run.RunnerSpec;
import io.tablestoreycsb.planner.ycsb.YcsbOutput;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * One runner's outputs read back from its directory.
 *
 * @param dir the runner directory
 * @param record its runner.json
 * @param output its YCSB summary
 * @param latency the total histogram of the case's request measurement (microseconds)
 * @param stats the binding's stats file, when written
 */
public record RunnerResult(Path dir, RunnerRecord record, YcsbOutput output, Histogram latency,
    Optional<BindingStats> stats) {

  public static RunnerResult read(Path dir) throws IOException {
    RunnerRecord record = RunnerRecord.read(dir.resolve(RunnerRecord.FILE_NAME));
    YcsbOutput output = YcsbOutput.read(dir.resolve(RunnerSpec.STDOUT_FILE));
    Path hdr = dir.resolve(record.measure() + ".hdr");
    if (!Files.isRegularFile(hdr)) {
      throw new IOException(dir + ": no " + hdr.getFileName() + " (was the runner started with"
          + " measurementtype=hdrhistogram and hdrhistogram.fileoutput=true?)");
    }
    Histogram latency = HdrLogs.readTotal(hdr);
    return new RunnerResult(dir, record, output, latency,
        BindingStats.read(dir.resolve(RunnerSpec.STATS_FILE)));
  }

  public double runtimeSeconds() {
    return output.runtimeMs() / 1000.0;
  }

  /** Rows this runner moved: the binding's count when available, else requests x rows per request. */
  public long rows() {
    long fromRequests = latency.getTotalCount() * record.rowsPerRequest();
    return stats.map(s -> {
      long r = isRead() ? s.rowsRead() : s.rowsWritten();
      return r > 0 ? r : fromRequests;
    }).orElse(fromRequests);
  }

  boolean isRead() {
    String m = record.measure();
    return m.equals("READ") || m.equals("SCAN");
  }

  public double processSeconds() {
    return Math.max(0.001, (record.endEpochMs() - record.startEpochMs()) / 1000.0);
  }
}
