package io.tablestoreycsb.planner.runner;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import org.apache.htrace.core.Tracer;
import site.ycsb.Client;
import site.ycsb.ClientThread;
import site.ycsb.StatusThread;
import site.ycsb.TerminatorThread;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;

/**
 * One run of YCSB 0.17.0's client in this JVM that returns instead of exiting, so that a warm runner
 * can serve the next cell: the steps of {@code site.ycsb.Client.main} in its order, calling YCSB's own
 * (private) steps for argument parsing, workload and DB set-up and the export, so that properties,
 * output and files are exactly YCSB's. Only the final {@code System.exit} is left out. YCSB still
 * exits on what it treats as fatal before the run (bad arguments, an unknown DB class, a workload
 * that fails to initialise): the runner then ends and the planner reports the cell as failed.
 *
 * <p>Each run starts from clean YCSB state ({@link FreshState#resetYcsb}): a new {@code Measurements}
 * singleton, so no histogram or count of an earlier run is carried over.
 */
final class YcsbRun {
  private static final long THREAD_END_WAIT_MS = 10_000;

  private YcsbRun() {}

  /**
   * Runs YCSB with {@code args} (output to this JVM's current System.out and System.err).
   *
   * @return what YCSB would have exited with: 0 once it has run (also when its workload's cleanup
   *     failed, after which it prints the error and exports nothing, as YCSB does), 255 when the
   *     export failed
   */
  static int run(List<String> args) throws InterruptedException {
    Properties props = call("parseArguments", new Class<?>[] {String[].class}, (Object) args.toArray(String[]::new));
    boolean status = Boolean.parseBoolean(props.getProperty(Client.STATUS_PROPERTY, "false"));
    String label = props.getProperty(Client.LABEL_PROPERTY, "");
    long maxExecutionSeconds = Integer.parseInt(props.getProperty(Client.MAX_EXECUTION_TIME, "0"));
    int threadCount = Integer.parseInt(props.getProperty(Client.THREAD_COUNT_PROPERTY, "1"));
    String dbName = props.getProperty(Client.DB_PROPERTY, "site.ycsb.BasicDB");
    int target = Integer.parseInt(props.getProperty(Client.TARGET_PROPERTY, "0"));
    double targetPerThreadPerMs = target > 0 ? (double) target / threadCount / 1000.0 : -1;

    Thread warning = call("setupWarningThread", new Class<?>[0]);
    warning.start();
    FreshState.resetYcsb(props);
    Workload workload = call("getWorkload", new Class<?>[] {Properties.class}, props);
    Tracer tracer = call("getTracer", new Class<?>[] {Properties.class, Workload.class}, props, workload);
    try {
      call("initWorkload", new Class<?>[] {Properties.class, Thread.class, Workload.class, Tracer.class}, props,
          warning, workload, tracer);
      System.err.println("Starting test.");
      CountDownLatch complete = new CountDownLatch(threadCount);
      List<ClientThread> clients = call("initDb", new Class<?>[] {String.class, Properties.class, int.class,
          double.class, Workload.class, Tracer.class, CountDownLatch.class}, dbName, props, threadCount,
          targetPerThreadPerMs, workload, tracer, complete);
      StatusThread statusThread = null;
      if (status) {
        boolean standard = props.getProperty("measurementtype", "").equals("timeseries");
        int interval = Integer.parseInt(props.getProperty("status.interval", "10"));
        boolean trackJvm = props.getProperty("measurement.trackjvm", "false").equals("true");
        statusThread = new StatusThread(complete, clients, label, standard, interval, trackJvm);
        statusThread.start();
      }
      setStatusThread(statusThread);

      List<Thread> threads = new ArrayList<>();
      for (ClientThread client : clients) {
        threads.add(new Thread(client));
      }
      long started = System.currentTimeMillis();
      threads.forEach(Thread::start);
      Thread terminator = null;
      if (maxExecutionSeconds > 0) {
        terminator = new TerminatorThread(maxExecutionSeconds, threads, workload);
        terminator.start();
      }
      int opsDone = 0;
      for (int i = 0; i < threads.size(); i++) {
        threads.get(i).join();
        opsDone += clients.get(i).getOpsDone();
      }
      long ended = System.currentTimeMillis();
      endThread(terminator);
      endThread(statusThread);
      try {
        workload.cleanup();
      } catch (WorkloadException e) {
        e.printStackTrace();
        e.printStackTrace(System.out);
        return 0;
      }
      try {
        call("exportMeasurements", new Class<?>[] {Properties.class, int.class, long.class}, props, opsDone,
            ended - started);
      } catch (ExportFailed e) {
        System.err.println("Could not export measurements, error: " + e.getCause().getMessage());
        return 255;
      }
      return 0;
    } finally {
      setStatusThread(null);
      tracer.close();
    }
  }

  private static void endThread(Thread thread) throws InterruptedException {
    if (thread != null) {
      thread.interrupt();
      thread.join(THREAD_END_WAIT_MS);
    }
  }

  /** Client's export reads its status thread (for the JVM figures) from a static field. */
  private static void setStatusThread(StatusThread thread) {
    try {
      Field field = Client.class.getDeclaredField("statusthread");
      field.setAccessible(true);
      field.set(null, thread);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("YCSB's Client is not the 0.17.0 this runner knows: " + e, e);
    }
  }

  @SuppressWarnings("unchecked")
  private static <T> T call(String name, Class<?>[] types, Object... args) {
    Method method;
    try {
      method = Client.class.getDeclaredMethod(name, types);
      method.setAccessible(true);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("YCSB's Client is not the 0.17.0 this runner knows: " + e, e);
    }
    try {
      return (T) method.invoke(null, args);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      if (cause instanceof IOException io) {
        throw new ExportFailed(io);
      }
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(cause);
    }
  }

  /** YCSB's export threw an IOException. */
  private static final class ExportFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ExportFailed(IOException cause) {
      super(cause);
    }
  }
}
