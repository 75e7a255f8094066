package io.tablestoreycsb.tunnelbench.child;

/**
 * The files of a benchmark process's directory: what the coordinator and the process exchange. Every
 * process writes {@link #SAMPLES} while it runs and its result file as it ends; the coordinator writes
 * {@link #RELEASE} (the start instant, once every process is ready) and {@link #STOP}.
 */
public final class ChildFiles {
  /** Written by the process at its start gate. */
  public static final String READY = "ready";
  /** Written by the coordinator: the instant to start at. */
  public static final String RELEASE = "release";
  /** Written by the coordinator: stop now (a consumer: every row arrived, or the drain time-out passed). */
  public static final String STOP = "stop";
  public static final String SAMPLES = "samples.csv";
  public static final String STDOUT = "stdout.log";
  public static final String STDERR = "stderr.log";

  /** The writer's: the rows it wrote (acknowledged), and when each batch was acknowledged. */
  public static final String WRITTEN = "written.bits";
  public static final String ACKS = "acks.bin";
  public static final String WRITER_RESULT = "writer.json";

  /** A consumer's client id once its worker has connected (to tell its channels from a lost connect's). */
  public static final String CLIENT_ID = "client-id";
  /** A consumer's: the rows it was handed, their end-to-end lag per second, its result. */
  public static final String CONSUMED = "consumed.bits";
  public static final String LAG = "lag.hdr";
  public static final String CONSUMER_RESULT = "consumer.json";

  /** The range scanner's (speed goals). */
  public static final String SCAN_RESULT = "scan.json";

  private ChildFiles() {}
}
