package io.tablestoreycsb.binding.it;

import io.tablestoreycsb.binding.TablestoreWorkload;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.htrace.core.HTraceConfiguration;
import org.apache.htrace.core.Tracer;
import site.ycsb.ClientThread;
import site.ycsb.DB;
import site.ycsb.DBFactory;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/**
 * Runs a YCSB phase in-process the way site.ycsb.Client does (DB instances created and given
 * their properties first, then one ClientThread each), without Client's System.exit.
 */
final class YcsbRun {
  private YcsbRun() {
  }

  static void run(Properties props, boolean load, int threads) throws Exception {
    props.setProperty("threadcount", String.valueOf(threads));
    props.setProperty("dotransactions", String.valueOf(!load)); // as Client's -load and -t do
    props.setProperty("workload", TablestoreWorkload.class.getName());
    TablestoreWorkload workload = new TablestoreWorkload();
    workload.init(props);
    Tracer tracer = new Tracer.Builder("test").conf(HTraceConfiguration.fromMap(Map.of())).build();
    int opcount = Integer.parseInt(load
        ? props.getProperty("insertcount", props.getProperty("recordcount"))
        : props.getProperty("operationcount"));
    CountDownLatch done = new CountDownLatch(threads);
    List<Thread> running = new ArrayList<>();
    List<ClientThread> clients = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      DB db = DBFactory.newDB("io.tablestoreycsb.binding.TablestoreClient", props, tracer);
      int share = opcount / threads + (t < opcount % threads ? 1 : 0);
      ClientThread ct = new ClientThread(db, !load, workload, props, share, -1, done);
      ct.setThreadId(t);
      ct.setThreadCount(threads);
      clients.add(ct);
    }
    for (ClientThread ct : clients) {
      Thread th = new Thread(ct);
      th.start();
      running.add(th);
    }
    for (Thread th : running) {
      th.join();
    }
    workload.cleanup();
  }

  /** YCSB's text report of everything measured so far in this JVM. */
  static String report() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    TextMeasurementsExporter exporter = new TextMeasurementsExporter(out);
    Measurements.getMeasurements().exportMeasurements(exporter);
    exporter.close();
    return out.toString(StandardCharsets.UTF_8);
  }

  /**
   * How much a counter grew between two reports of this JVM: YCSB's measurements are global and
   * cumulative, so a test reading an absolute counter would see what earlier test classes counted.
   */
  static long grown(String before, String after, String operation, String name) {
    return metric(after, operation, name) - metric(before, operation, name);
  }

  /** A counter from the report, e.g. ("VERIFY", "Return=OK"); 0 when absent. */
  static long metric(String report, String operation, String name) {
    Matcher m = Pattern.compile("^\\[" + Pattern.quote(operation) + "\\], " + Pattern.quote(name) + ", (\\d+)",
        Pattern.MULTILINE).matcher(report);
    return m.find() ? Long.parseLong(m.group(1)) : 0;
  }
}
