package io.tablestoreycsb.tunnelbench.child;

/**
 * The files of a benchmark process's directory: what the coordinator and the process exchange. Every
 * process writes {@link #SAMPLES} while it runs and its result file as it ends; the start gate's ready
 * and release files and the stop file are {@link io.tablestoreycsb.kit.child.ChildJvm}'s.
 */
public final class ChildFiles {
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
  /** A consumer's: where each page it was handed began and ended in its channel ({@link RowSegment#writePages}). */
  public static final String PAGES = "pages.bin";

  /** The host a consumer ran on, left for it by whoever saw it when it left no result of its own (a lost pod). */
  public static final String HOST = "host";

  /** The range scanner's (speed goals). */
  public static final String SCAN_RESULT = "scan.json";

  private ChildFiles() {}
}
