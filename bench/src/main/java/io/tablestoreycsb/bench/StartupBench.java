package io.tablestoreycsb.bench;

import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.mock.admin.AdminAccess;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Start-up as a figure: the time from starting the mock to its first answered request, for the
 * standalone launcher ({@code bin/tablestore-mock} of an unpacked distribution) and, given an
 * image, the container ({@code docker run}). Each round picks a free port, starts the mock on it
 * and, from the same instant, sends {@code GET /_mock/health} every 5 ms until one is answered
 * (signed, as the container requires); the standalone rounds also note when the ready line came.
 * The mock is stopped (SIGTERM, {@code docker rm -f -v}) before the next round. Each kind runs
 * twice: in memory, and keeping its state in a new data directory ({@code --data-dir}; in the
 * container, the image's volume {@code /data}).
 *
 * <p>Usage: StartupBench --dist DIR [--image NAME] [--rounds 5]. Prints one line per round and
 * {@code startup standalone|container [--data-dir] first-answer median N ms (min N, max N, R rounds)}, with the
 * machine's load average (a loaded machine starts JVMs slower: quote the figure with it).
 */
public final class StartupBench {
  private static final Duration GIVE_UP = Duration.ofSeconds(60);
  private static final Duration POLL = Duration.ofMillis(5);

  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofMillis(200)).build();

  public static void main(String[] args) throws Exception {
    BenchArgs options = new BenchArgs(args, Set.of("dist", "image", "rounds"));
    Path dist = Path.of(options.required("dist"));
    if (!Files.isExecutable(dist.resolve("bin/tablestore-mock"))) {
      throw new IllegalArgumentException("--dist " + dist + " has no bin/tablestore-mock: give an unpacked distribution");
    }
    int rounds = options.integer("rounds", 5);
    String image = options.string("image", null);
    StartupBench bench = new StartupBench();
    bench.warmUp();
    System.out.printf(Locale.ROOT, "machine: %d cores, load average %s%n", Runtime.getRuntime().availableProcessors(),
        loadAverage());
    for (boolean dataDir : new boolean[] {false, true}) {
      List<Long> standalone = new ArrayList<>();
      for (int round = 1; round <= rounds; round++) {
        standalone.add(bench.standalone(dist, round, dataDir));
      }
      summary("standalone" + (dataDir ? " --data-dir" : ""), standalone);
    }
    if (image != null) {
      for (boolean dataDir : new boolean[] {false, true}) {
        List<Long> container = new ArrayList<>();
        for (int round = 1; round <= rounds; round++) {
          container.add(bench.container(image, round, dataDir));
        }
        summary("container" + (dataDir ? " --data-dir" : ""), container);
      }
    }
    System.out.printf(Locale.ROOT, "machine after: load average %s%n", loadAverage());
  }

  /** The HTTP client's own first-use cost, paid before any clock runs. */
  private void warmUp() throws Exception {
    int port = freePort();
    try {
      answered(port);
    } catch (IOException expected) {
      // nothing listens: the point was to load the client's classes
    }
  }

  /**
   * One standalone round: milliseconds from the process start to the first answered request; with
   * {@code dataDir}, on a new (empty) data directory, removed after the round.
   */
  private long standalone(Path dist, int round, boolean dataDir) throws Exception {
    int port = freePort();
    List<String> command = new ArrayList<>(List.of(dist.resolve("bin/tablestore-mock").toString(), "--port",
        Integer.toString(port)));
    Path data = dataDir ? Files.createTempDirectory("tsy-startup-bench-data") : null;
    if (data != null) {
      command.addAll(List.of("--data-dir", data.toString()));
    }
    ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
    long start = System.nanoTime();
    Process mock = builder.start();
    try {
      ReadyLine ready = new ReadyLine(mock, start);
      ready.start();
      long answered = firstAnswer(port, start, () -> mock.isAlive());
      ready.join(GIVE_UP.toMillis());
      System.out.printf(Locale.ROOT, "standalone%s round %d: first answer %d ms, ready line %d ms%n",
          dataDir ? " --data-dir" : "", round, answered, ready.millis);
      return answered;
    } finally {
      mock.destroy(); // SIGTERM: the mock closes and exits 0
      if (!mock.waitFor(30, TimeUnit.SECONDS)) {
        mock.destroyForcibly();
      }
      if (data != null) {
        deleteTree(data);
      }
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    try (var paths = Files.walk(dir)) {
      for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }

  /**
   * One container round: milliseconds from {@code docker run} to the first answered request; with
   * {@code dataDir}, keeping its state in the image's volume {@code /data} (a new anonymous volume,
   * removed with the container).
   */
  private long container(String image, int round, boolean dataDir) throws Exception {
    int port = freePort();
    String name = "tsy-startup-bench-" + ProcessHandle.current().pid() + "-" + round + (dataDir ? "-data" : "");
    List<String> command = new ArrayList<>(List.of("docker", "run", "-d", "--name", name,
        "-p", "127.0.0.1:" + port + ":8800", image));
    if (dataDir) { // arguments replace the image's default command: repeat its two options
      command.addAll(List.of("--host", "0.0.0.0", "--port", "8800", "--data-dir", "/data"));
    }
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    long start = System.nanoTime();
    Process run = builder.start();
    try {
      long answered = firstAnswer(port, start, () -> true);
      System.out.printf(Locale.ROOT, "container%s round %d: first answer %d ms%n", dataDir ? " --data-dir" : "", round,
          answered);
      return answered;
    } finally {
      run.waitFor(30, TimeUnit.SECONDS);
      // -v: also the anonymous volume the image's VOLUME /data gave it
      new ProcessBuilder("docker", "rm", "-f", "-v", name).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor(60, TimeUnit.SECONDS);
    }
  }

  private interface Alive {
    boolean alive();
  }

  private long firstAnswer(int port, long start, Alive process) throws Exception {
    long deadline = start + GIVE_UP.toNanos();
    while (System.nanoTime() < deadline) {
      try {
        int status = answered(port);
        if (status == 200) {
          return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        }
        throw new IllegalStateException("GET /_mock/health answered " + status);
      } catch (ConnectException | java.net.http.HttpConnectTimeoutException notYet) {
        if (!process.alive()) {
          throw new IllegalStateException("the mock exited before answering");
        }
        Thread.sleep(POLL.toMillis());
      } catch (IOException notYet) {
        Thread.sleep(POLL.toMillis()); // accepted, then closed: the server is coming up
      }
    }
    throw new IllegalStateException("no answer within " + GIVE_UP);
  }

  /** The status of one signed GET /_mock/health (the default credentials, which both starts use). */
  private int answered(int port) throws IOException, InterruptedException {
    String target = "/_mock/health";
    String date = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + target))
        .timeout(Duration.ofSeconds(10))
        .header("X-Mock-AccessKeyId", MockTablestore.DEFAULT_ACCESS_KEY_ID)
        .header("X-Mock-Date", date)
        .header("X-Mock-Signature", AdminAccess.signature(MockTablestore.DEFAULT_ACCESS_KEY_SECRET, "GET", target, date,
            new byte[0]))
        .GET().build();
    return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private static void summary(String what, List<Long> millis) {
    List<Long> sorted = millis.stream().sorted().toList();
    long median = sorted.get(sorted.size() / 2);
    System.out.printf(Locale.ROOT, "startup %s first-answer median %d ms (min %d, max %d, %d rounds)%n", what, median,
        sorted.get(0), sorted.get(sorted.size() - 1), sorted.size());
  }

  private static String loadAverage() {
    try {
      String[] fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
      return fields[0] + " " + fields[1] + " " + fields[2];
    } catch (IOException e) {
      return "unknown";
    }
  }

  /** Reads the mock's stdout until the ready line, noting when it came. */
  private static final class ReadyLine extends Thread {
    private final Process mock;
    private final long start;
    private volatile long millis = -1;

    ReadyLine(Process mock, long start) {
      this.mock = mock;
      this.start = start;
      setDaemon(true);
    }

    @Override
    public void run() {
      try (BufferedReader out = new BufferedReader(new InputStreamReader(mock.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line; (line = out.readLine()) != null; ) {
          if (line.startsWith("tablestore-mock listening on") && millis < 0) {
            millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
          }
        }
      } catch (IOException e) {
        // the process ended
      }
    }
  }
}
