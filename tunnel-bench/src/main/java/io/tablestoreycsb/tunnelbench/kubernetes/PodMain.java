package io.tablestoreycsb.tunnelbench.kubernetes;

import io.tablestoreycsb.cluster.kubernetes.PodBridge;
import io.tablestoreycsb.cluster.kubernetes.RunningJob;
import io.tablestoreycsb.cluster.objectstore.AttemptStore;
import io.tablestoreycsb.cluster.objectstore.ObjectStore;
import io.tablestoreycsb.cluster.objectstore.ObjectStoreCredentials;
import io.tablestoreycsb.cluster.objectstore.ObjectStoreSettings;
import io.tablestoreycsb.cluster.options.PodResultsOptions;
import io.tablestoreycsb.cluster.objectstore.S3Clients;
import io.tablestoreycsb.tunnelbench.child.ChildFiles;
import io.tablestoreycsb.tunnelbench.child.ConsumerMain;
import io.tablestoreycsb.tunnelbench.child.Json;
import io.tablestoreycsb.tunnelbench.child.WriterMain;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * What a tunnel-bench pod runs: the writer (the writer Job's pod) or consumer {@code JOB_COMPLETION_INDEX}
 * (the consumers' Job), in this JVM, with the arguments a local run gives it and its directory below the
 * pod's emptyDir. A {@link PodBridge} carries that directory's exchange with the coordinator through the
 * object store; a consumer keeps its rows so far there too. When the process ends its directory (with
 * its output, copied from the container log) goes up as the next attempt of its index, {@value
 * ScenarioKeys#COMPLETION} last, and the pod exits with the process's status.
 */
@Command(name = "tunnel-bench-pod", mixinStandardHelpOptions = true,
    description = "Runs the writer or consumer JOB_COMPLETION_INDEX of a tunnel-bench scenario in a pod.")
public final class PodMain implements Callable<Integer> {
  @Option(names = "--group", required = true, description = "writer or consumers")
  String group;

  @Option(names = "--scenario", required = true, description = "The scenario's path in the results location.")
  String scenario;

  @Option(names = "--work-dir", required = true, description = "The pod's emptyDir: the process's directory goes below it.")
  Path workDir;

  @Option(names = "--endpoint-file", required = true, description = "The endpoint properties (mounted from the Secret).")
  Path endpointFile;

  @picocli.CommandLine.Mixin
  PodResultsOptions results = new PodResultsOptions();

  @Parameters(description = "The process's own arguments, without --dir, --endpoint-file and --acks.")
  List<String> processArgs = new ArrayList<>();

  /** What the pod's JVM wrote to its standard streams also goes to the process directory's logs. */
  private static final PrintStream CONTAINER_OUT = System.out;
  private static final PrintStream CONTAINER_ERR = System.err;

  public static void main(String[] args) {
    System.exit(new CommandLine(new PodMain()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    if (!group.equals(ScenarioKeys.WRITER_GROUP) && !group.equals(ScenarioKeys.CONSUMER_GROUP)) {
      throw new IllegalArgumentException("--group must be " + ScenarioKeys.WRITER_GROUP + " or "
          + ScenarioKeys.CONSUMER_GROUP + ", got " + group);
    }
    int index = indexFromEnvironment(System.getenv(RunningJob.INDEX_ENV));
    String process = ScenarioKeys.processName(group, index);
    ScenarioKeys keys = new ScenarioKeys(scenario);
    ObjectStoreSettings settings = results.settings();
    // Fail now, not after the run, when the results cannot be uploaded.
    ObjectStoreCredentials credentials = ObjectStoreCredentials.fromEnvironment(System.getenv());
    if (!Files.isDirectory(workDir)) {
      throw new IllegalArgumentException("--work-dir " + workDir + " is not a directory (the pod's emptyDir)");
    }
    Path dir = Files.createDirectories(workDir.resolve(process));
    Path acks = workDir.resolve("from-writer").resolve(ChildFiles.ACKS);
    int exit;
    try (S3Client s3 = S3Clients.create(settings, credentials)) {
      ObjectStore store = new ObjectStore(s3, settings.location());
      try (OutputStream stdout = new FileOutputStream(dir.resolve(ChildFiles.STDOUT).toFile());
           OutputStream stderr = new FileOutputStream(dir.resolve(ChildFiles.STDERR).toFile())) {
        System.setOut(new PrintStream(new Tee(CONTAINER_OUT, stdout), true));
        System.setErr(new PrintStream(new Tee(CONTAINER_ERR, stderr), true));
        // a consumer waits for the writer's acknowledgement times, which the writer's pod shares
        PodBridge bridge = new PodBridge(store, keys.exchange(process), dir, group.equals(ScenarioKeys.WRITER_GROUP)
            ? Map.of() : Map.of(keys.live(ScenarioKeys.processName(ScenarioKeys.WRITER_GROUP, 0), ChildFiles.ACKS),
            acks));
        bridge.start();
        try {
          exit = runProcess(store, keys, process, dir, acks);
        } finally {
          bridge.close();
          System.out.flush();
          System.err.flush();
          System.setOut(CONTAINER_OUT);
          System.setErr(CONTAINER_ERR);
        }
      }
      Json.write(dir.resolve(ScenarioKeys.COMPLETION), new PodRecord(process, exit, io.tablestoreycsb.tunnelbench.child.Host.current()));
      AttemptStore attempts = new AttemptStore(store, ScenarioKeys.COMPLETION);
      String run = keys.results(group);
      int attempt = attempts.nextAttempt(run, index);
      int objects = attempts.upload(run, index, attempt, dir);
      System.err.printf("tunnel-bench-pod: %s exited %d; uploaded %d files as attempt %d%n", process, exit, objects,
          attempt);
    }
    return exit;
  }

  private int runProcess(ObjectStore store, ScenarioKeys keys, String process, Path dir, Path acks) {
    List<String> args = new ArrayList<>(List.of("--dir", dir.toString(), "--endpoint-file", endpointFile.toString()));
    if (group.equals(ScenarioKeys.WRITER_GROUP)) {
      args.addAll(processArgs);
      return new CommandLine(new WriterMain()).execute(args.toArray(String[]::new));
    }
    args.addAll(List.of("--acks", acks.toString()));
    args.addAll(processArgs);
    ConsumerMain consumer = new ConsumerMain(StoredSegments.storing(store, keys, process));
    return new CommandLine(consumer).execute(args.toArray(String[]::new));
  }

  static int indexFromEnvironment(String value) {
    if (value == null || !value.matches("\\d{1,6}")) {
      throw new IllegalArgumentException(RunningJob.INDEX_ENV + " is '" + value
          + "': a tunnel-bench pod must belong to an Indexed Job (completionMode: Indexed)");
    }
    return Integer.parseInt(value);
  }

  /**
   * The pod's own record, last of its result set.
   *
   * @param process "writer", "consumer-K"
   * @param exitStatus the process's exit status
   * @param host the pod's node
   */
  public record PodRecord(String process, int exitStatus, String host) {}

  /** Writes to both streams. */
  private static final class Tee extends OutputStream {
    private final OutputStream a;
    private final OutputStream b;

    Tee(OutputStream a, OutputStream b) {
      this.a = a;
      this.b = b;
    }

    @Override
    public void write(int x) throws java.io.IOException {
      a.write(x);
      b.write(x);
    }

    @Override
    public void write(byte[] buf, int off, int len) throws java.io.IOException {
      a.write(buf, off, len);
      b.write(buf, off, len);
    }

    @Override
    public void flush() throws java.io.IOException {
      a.flush();
      b.flush();
    }
  }
}
