package io.tablestoreycsb.binding.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tablestoreycsb.binding.BindingRun;
import io.tablestoreycsb.binding.TablestoreClient;
import io.tablestoreycsb.binding.TablestoreWorkload;
import io.tablestoreycsb.binding.stats.RunOutcome;
import io.tablestoreycsb.binding.tools.YcsbMain;
import io.tablestoreycsb.mock.journal.RecordedRequest;
import io.tablestoreycsb.mock.journal.RecordedRow;
import io.tablestoreycsb.mock.protocol.ActionName;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Loads through a {@link TcpProxy} that fakes an outage part-way (listener closed, open connections
 * reset): a 5 s outage passes with every row written and none counted done that the table lacks,
 * as the mock's journal and the table's count show; an endpoint gone for good ends the load with
 * the exact numbers of rows written, failed and never attempted, and {@code bin/ycsb}'s main class
 * exits 1 saying so. Also the launcher's last line for a load cut by {@code maxexecutiontime} and
 * for a run that reads mostly missing rows.
 *
 * <p>Sizes scale with {@code -Dintegrity.batchrows} (default 300,000) and {@code -Dintegrity.putrows}
 * (default 100,000).
 */
class LoadIntegrityTest {
  static final int BATCH_ROWS = Integer.getInteger("integrity.batchrows", 300_000);
  static final int PUT_ROWS = Integer.getInteger("integrity.putrows", 100_000);
  static final Duration OUTAGE = Duration.ofSeconds(5);
  private static final int THREADS = 8;

  @RegisterExtension
  static final MockFixture fx = MockFixture.perClass();

  /**
   * A phase's properties against {@code endpoint}, with the binding's default retries (sdk, and the
   * default retry budget) unless {@code extra} says otherwise.
   */
  private static Properties load(String table, int rows, String endpoint, Path stats, String... extra) {
    Properties p = fx.phase(table, rows, stats, "tablestore.endpoint=" + endpoint,
        "fieldcount=2", "fieldlength=20", "fieldlengthdistribution=constant");
    p.remove("tablestore.retry");
    return MockFixture.set(p, extra);
  }

  /** Runs a load in another thread; {@link #join} waits for it and rethrows what it threw. */
  private static final class LoadInBackground {
    private final Thread thread;
    private volatile Throwable failure;

    LoadInBackground(Properties props, int threads) {
      thread = new Thread(() -> {
        try {
          YcsbRun.run(props, true, threads);
        } catch (Throwable e) {
          failure = e;
        }
      }, "load");
      thread.start();
    }

    void join() throws Exception {
      thread.join(TimeUnit.MINUTES.toMillis(3));
      assertThat(thread.isAlive()).as("the load is stuck").isFalse();
      if (failure != null) {
        throw new AssertionError("the load threw", failure);
      }
    }
  }

  /** Written rows' keys as the mock saw them (each once), from the journal. */
  private static Set<String> writtenKeys(ActionName action, String table) {
    return fx.received(action, table).stream().filter(RecordedRequest::succeeded)
        .flatMap(r -> r.rows().stream()).filter(RecordedRow::succeeded).map(r -> r.key("userid"))
        .collect(Collectors.toSet());
  }

  private static long insertsCountedOk(String before, String after) {
    return YcsbRun.grown(before, after, "INSERT", "Return=OK") + YcsbRun.grown(before, after, "INSERT", "Return=BATCHED_OK");
  }

  /**
   * A 5 s outage a third into a batch load (200 rows a request) and a single-row (PutRow) load: every
   * row ends in the table and in the mock's journal, none failed, and YCSB counted as done exactly the
   * rows there are.
   */
  @ParameterizedTest
  @ValueSource(ints = {200, 1})
  void aLoadRidesOutAFiveSecondOutageWithEveryRowWrittenAndNoneCountedDoneThatIsMissing(int batchSize)
      throws Exception {
    boolean batched = batchSize > 1;
    int rows = batched ? BATCH_ROWS : PUT_ROWS;
    ActionName action = batched ? ActionName.BATCH_WRITE_ROW : ActionName.PUT_ROW;
    String table = "outage_" + batchSize;
    fx.createTable(table, "--partitions", "4");
    Path stats = fx.file(table + ".json");
    String before = YcsbRun.report();
    long resets;
    try (TcpProxy proxy = new TcpProxy(fx.mock.port())) {
      LoadInBackground loading = new LoadInBackground(load(table, rows, proxy.endpoint(), stats,
          "tablestore.batchsize=" + batchSize), THREADS);
      outageInTheMiddle(proxy, rows / batchSize);
      loading.join();
      resets = proxy.resets();
    }

    JsonNode json = new ObjectMapper().readTree(stats.toFile());
    String figures = "binding: " + json;
    report(batched ? "batch load" : "single-row load", rows, resets, json);
    assertThat(resets).as("open connections reset by the outage").isPositive();
    assertThat(fx.count(table)).as(figures).isEqualTo(rows);
    assertThat(writtenKeys(action, table)).as("rows the mock wrote").hasSize(rows);
    long resends = json.at("/sdkRetries/ClientException").asLong();
    assertThat(resends).as("resends during the outage; " + figures).isPositive();
    if (!batched) {
      // A PutRow the mock applied but whose answer the reset lost is sent again: at most one repeat per resend.
      long repeats = fx.received(action, table).stream().filter(RecordedRequest::succeeded).count() - rows;
      assertThat(repeats).isBetween(0L, resends);
    }
    assertThat(json.at("/rows/written").asLong()).isEqualTo(rows);
    assertThat(json.at("/rows/failed").asLong()).isZero();
    assertThat(json.at("/outcome/rowsNotAttempted").asLong()).isZero();
    assertThat(json.at("/outcome/exitStatus").asInt()).isZero();
    assertThat(json.get("errors").size()).as("no call failed for good; " + figures).isZero();
    assertThat(insertsCountedOk(before, YcsbRun.report())).as("inserts YCSB counted done").isEqualTo(rows);
    assertThat(BindingRun.lastOutcome().verdict()).isEmpty();
  }

  /**
   * The endpoint goes away for good a third into a batch load (retry budget 2 s, to keep the test short):
   * every row is accounted for, written + failed + never attempted = the record count, the table holds the
   * rows written (and perhaps some of the failed ones: a request applied whose answer was lost), and YCSB's
   * count of inserts done, less the rows the binding reports failed after BATCHED_OK, is the rows written.
   */
  @Test
  void aBatchLoadWhoseEndpointIsGoneForGoodSaysExactlyWhatItWroteLostAndNeverAttempted() throws Exception {
    String table = "gone_batch";
    fx.createTable(table, "--partitions", "4");
    Path stats = fx.file(table + ".json");
    String before = YcsbRun.report();
    try (TcpProxy proxy = new TcpProxy(fx.mock.port())) {
      LoadInBackground loading = new LoadInBackground(load(table, BATCH_ROWS, proxy.endpoint(), stats,
          "tablestore.batchsize=200", "tablestore.retrybudget=2s"), THREADS);
      Await.atLeast(fx.mock.journal()::recordedCount, BATCH_ROWS / 200 / 3);
      proxy.cut();
      loading.join();
    }
    String after = YcsbRun.report();

    JsonNode json = new ObjectMapper().readTree(stats.toFile());
    String figures = "binding: " + json;
    long written = json.at("/rows/written").asLong();
    long failed = json.at("/rows/failed").asLong();
    long notAttempted = json.at("/outcome/rowsNotAttempted").asLong();
    long onConnection = json.at("/rows/failedOnConnection").asLong();
    long tableRows = fx.count(table);
    assertThat(failed).as(figures).isPositive();
    assertThat(onConnection).as("every failure was the connection's; " + figures).isEqualTo(failed);
    assertThat(written + failed + notAttempted).as(figures).isEqualTo(BATCH_ROWS);
    // Rows failed on the connection may have been applied (the reset lost the answer): the table holds
    // every row written, and perhaps some of those.
    assertThat(tableRows).as(figures).isBetween(written, written + onConnection);
    assertThat((long) writtenKeys(ActionName.BATCH_WRITE_ROW, table).size()).isEqualTo(tableRows);
    assertThat(insertsCountedOk(before, after) - json.at("/rows/failedAfterBatchedOk").asLong())
        .as("YCSB's count of inserts done, corrected; " + figures).isEqualTo(written);
    assertThat(json.at("/outcome/threadsStoppedAtFailedInsert").asLong()).isBetween(1L, (long) THREADS);
    RunOutcome outcome = BindingRun.lastOutcome();
    System.out.println("integrity: endpoint gone for good: " + outcome.verdict() + "; table rows " + tableRows);
    assertThat(outcome.exitStatus()).isEqualTo(1);
    assertThat(outcome.verdict()).singleElement().asString()
        .startsWith(String.format("load lost rows: %,d of %,d rows written, %,d failed", written, BATCH_ROWS, failed))
        .contains(String.format("%,d on a failed connection: the table may hold these", onConnection))
        .contains(String.format("%,d never attempted", notAttempted));
  }

  /**
   * YCSB retries a failed insert ({@code core_workload_insertion_retry_limit}); 5% of the requests are
   * refused (OTSServerBusy, no retry by the binding), and in batches 1% of the rows: a retried row is
   * neither counted twice as attempted or written nor left counted failed once written, so written +
   * failed = the record count, with the table holding every row written and, of the rest, at most those
   * counted failed on their connection, in both single-row and batch loads.
   */
  @ParameterizedTest
  @ValueSource(ints = {1, 100})
  void rowsThatYcsbRetriesAreCountedOnceWhateverBecameOfThem(int batchSize) throws Exception {
    String table = "insertion_retry_" + batchSize;
    fx.createTable(table);
    int rows = 20_000;
    ActionName action = batchSize == 1 ? ActionName.PUT_ROW : ActionName.BATCH_WRITE_ROW;
    fx.mock.faultPlan().addFault(io.tablestoreycsb.mock.faults.FaultRule.of(action,
        io.tablestoreycsb.mock.protocol.ErrorCode.SERVER_BUSY, 0.05));
    if (batchSize > 1) {
      fx.mock.faultPlan().addFault(io.tablestoreycsb.mock.faults.FaultRule.onRows(action,
          io.tablestoreycsb.mock.protocol.ErrorCode.SERVER_BUSY, 0.01));
    }
    Path stats = fx.file(table + ".json");
    YcsbRun.run(load(table, rows, fx.mock.endpoint(), stats, "tablestore.retry=none",
        "tablestore.batchsize=" + batchSize, "core_workload_insertion_retry_limit=20",
        "core_workload_insertion_retry_interval=0"), true, 4);
    fx.mock.faultPlan().clear();

    JsonNode json = new ObjectMapper().readTree(stats.toFile());
    long written = json.at("/rows/written").asLong();
    long failed = json.at("/rows/failed").asLong();
    assertThat(json.at("/errors/OTSServerBusy").asLong()).as("requests refused").isPositive();
    assertThat(json.at("/rows/attempted").asLong()).as(json.toString()).isEqualTo(rows);
    assertThat(written + failed).as(json.toString()).isEqualTo(rows);
    // On a loaded machine the client can lose the answer to a request the mock applied (the SDK's
    // connection-lease race) and resend it; rows refused on the resend may be in the table and are
    // counted failed on their connection (see rowsRefusedOnTheResend...).
    long onConnection = json.at("/rows/failedOnConnection").asLong();
    long tableRows = fx.count(table);
    assertThat(tableRows).as(json.toString()).isBetween(written, written + onConnection);
    if (batchSize == 1) {
      assertThat(failed).as("every refused PutRow was retried by YCSB until written").isZero();
    } else {
      // A failed batch loses its BATCHED_OK rows for good; only the flushing insert is retried.
      assertThat(failed).isEqualTo(json.at("/rows/failedAfterBatchedOk").asLong()).isPositive();
      assertThat(writtenKeys(action, table)).hasSize((int) tableRows);
    }
  }

  /**
   * A batch the mock applied whose answer the connection lost is sent again by the client, and the
   * resend is refused row by row: the refusal does not prove the rows absent (the first attempt wrote
   * them), so they are counted failed on their connection ("the table may hold these"), and the table
   * holds no row outside written + failed on connection. Seen in CI as a one-row surplus, with the
   * connection-lease race for the lost answer and a 1% row fault on the resend.
   */
  @Test
  void rowsRefusedOnTheResendOfABatchWhoseFirstAttemptWasAppliedAreCountedAsMaybeWritten() throws Exception {
    String table = "resent_batch";
    fx.createTable(table);
    int rows = 2_000;
    Path stats = fx.file(table + ".json");
    try (TcpProxy proxy = new TcpProxy(fx.mock.port())) {
      LoadInBackground loading = new LoadInBackground(load(table, rows, proxy.endpoint(), stats,
          "tablestore.batchsize=100", "tablestore.batchretries=0", "core_workload_insertion_retry_limit=0"), 1);
      Await.atLeast(() -> fx.received(ActionName.BATCH_WRITE_ROW, table).size(), 3);
      proxy.loseNextAnswer(() -> fx.mock.faultPlan().addFault(io.tablestoreycsb.mock.faults.FaultRule.onRows(
          ActionName.BATCH_WRITE_ROW, io.tablestoreycsb.mock.protocol.ErrorCode.SERVER_BUSY, 1.0)));
      loading.join();
    } finally {
      fx.mock.faultPlan().clear();
    }

    JsonNode json = new ObjectMapper().readTree(stats.toFile());
    String figures = "binding: " + json;
    long written = json.at("/rows/written").asLong();
    long failed = json.at("/rows/failed").asLong();
    long onConnection = json.at("/rows/failedOnConnection").asLong();
    long tableRows = fx.count(table);
    // the refused insert stops YCSB's only thread (no insertion retry): the rows after it are never attempted
    assertThat(written + failed + json.at("/outcome/rowsNotAttempted").asLong()).as(figures).isEqualTo(rows);
    assertThat(failed).as(figures).isEqualTo(100);
    assertThat(json.at("/sdkRetries/ClientException").asLong()).as("the lost answer's resend; " + figures)
        .isPositive();
    // the batch whose answer was lost: applied once, then refused on the resend
    assertThat(onConnection).as(figures).isEqualTo(100);
    assertThat(tableRows).as(figures).isEqualTo(written + onConnection);
    assertThat((long) writtenKeys(ActionName.BATCH_WRITE_ROW, table).size()).isEqualTo(tableRows);
  }

  /** {@code bin/ycsb load}'s main class in a JVM of its own: exit 1, and the numbers in its last line. */
  @Test
  void theLauncherExitsOneWithTheNumbersWhenTheEndpointIsGoneForGood() throws Exception {
    String table = "gone_launcher";
    fx.createTable(table);
    int rows = 200_000;
    Path stats = fx.file(table + ".json");
    Launched launched;
    try (TcpProxy proxy = new TcpProxy(fx.mock.port())) {
      Properties p = load(table, rows, proxy.endpoint(), stats, "tablestore.retrybudget=1s");
      launched = Launched.start(p, "-load", "-threads", "4");
      Await.atLeast(fx.mock.journal()::recordedCount, 2_000);
      proxy.cut();
      launched.waitFor();
    }
    JsonNode json = new ObjectMapper().readTree(stats.toFile());
    long written = json.at("/rows/written").asLong();
    long failed = json.at("/rows/failed").asLong();
    long notAttempted = json.at("/outcome/rowsNotAttempted").asLong();
    assertThat(written + failed + notAttempted).as(json.toString()).isEqualTo(rows);
    assertThat(fx.count(table)).isBetween(written, written + failed);
    System.out.println("integrity: launcher, endpoint gone for good: exit " + launched.exit + ", "
        + launched.lastStderrLine());
    assertThat(launched.exit).as(launched.stderr).isEqualTo(1);
    assertThat(json.at("/outcome/threadsStoppedAtFailedInsert").asLong()).as("each thread's failed PutRow")
        .isEqualTo(failed).isEqualTo(4);
    assertThat(json.at("/rows/failedOnConnection").asLong()).isEqualTo(failed);
    assertThat(launched.lastStderrLine()).isEqualTo(String.format("ycsb: load lost rows: %,d of %,d rows written,"
        + " %,d failed (%,d on a failed connection: the table may hold these), %,d never attempted (%d load"
        + " thread(s) stopped at a failed insert); the errors: [TABLESTORE], Errors.*", written, rows, failed, failed,
        notAttempted, failed));
  }

  @Test
  void theLauncherSaysHowToLoadEveryRowWhenALoadStopsAtMaxExecutionTime() throws Exception {
    String table = "cut_by_time";
    fx.createTable(table);
    Path stats = fx.file(table + ".json");
    Properties p = load(table, 5_000_000, fx.mock.endpoint(), stats, "maxexecutiontime=2");
    Launched launched = Launched.start(p, "-load", "-threads", "2");
    launched.waitFor();

    JsonNode json = new ObjectMapper().readTree(stats.toFile());
    long written = json.at("/rows/written").asLong();
    // Stopping at maxexecutiontime is what a timed write benchmark is told to do: exit 0, said loudly.
    assertThat(launched.exit).as(launched.stderr).isZero();
    assertThat(json.at("/outcome/maxExecutionTimeReached").asBoolean()).isTrue();
    assertThat(json.at("/rows/failed").asLong()).isZero();
    assertThat(fx.count(table)).isEqualTo(written);
    assertThat(launched.lastStderrLine()).isEqualTo(String.format("ycsb: load stopped at maxexecutiontime: %,d of"
        + " 5,000,000 rows written, %,d never attempted (the load reached maxexecutiontime=2 s); to fill the table"
        + " for later runs, load every row with -p maxexecutiontime=0 (writing a row again is harmless)", written,
        5_000_000 - written));
  }

  @Test
  void theLauncherSaysSoWhenARunReadsMostlyMissingRowsAndExitsZero() throws Exception {
    String table = "few_rows";
    fx.createTable(table);
    Path loadStats = fx.file(table + "-load.json");
    YcsbRun.run(load(table, 1_000, fx.mock.endpoint(), loadStats, "tablestore.batchsize=100"), true, 2);
    Path stats = fx.file(table + ".json");
    Properties p = load(table, 100_000, fx.mock.endpoint(), stats);
    p.setProperty("operationcount", "2000");
    p.setProperty("readproportion", "1");
    p.setProperty("updateproportion", "0");
    p.setProperty("requestdistribution", "uniform");
    Launched launched = Launched.start(p, "-t", "-threads", "2");
    launched.waitFor();

    JsonNode json = new ObjectMapper().readTree(stats.toFile());
    long missed = json.at("/reads/notFound").asLong();
    assertThat(launched.exit).as(launched.stderr).isZero();
    assertThat(missed).isGreaterThan(1_900);
    assertThat(launched.lastStderrLine()).isEqualTo(String.format("ycsb: %d%% of reads found no row (%,d of 2,000"
        + " NOT_FOUND): the table holds fewer rows than recordcount=100000 assumes; run with the recordcount the"
        + " table was loaded with (bin/tablestore-table count tells how many rows it holds)",
        (int) Math.floor(100.0 * missed / 2000), missed));
  }

  /** One line of figures, for docs/reliability.md's table. */
  private static void report(String what, int rows, long resets, JsonNode json) {
    System.out.printf("integrity: %s of %,d rows, %d s outage: %d connections reset, %d resends"
        + " (SdkRetries.ClientException), Rows.Written %d, Rows.Failed %d, Errors %s%n", what, rows,
        OUTAGE.toSeconds(), resets, json.at("/sdkRetries/ClientException").asLong(), json.at("/rows/written").asLong(),
        json.at("/rows/failed").asLong(), json.get("errors"));
  }

  /** A third into the load (by requests the mock received), the proxy goes away for {@link #OUTAGE}. */
  private static void outageInTheMiddle(TcpProxy proxy, long requests) throws Exception {
    Await.atLeast(fx.mock.journal()::recordedCount, requests / 3);
    proxy.cut();
    Thread.sleep(OUTAGE.toMillis());
    proxy.restore();
  }

  /** {@link YcsbMain} (what bin/ycsb load|run starts) in a JVM of its own, with the test's class path. */
  private static final class Launched {
    private final Process process;
    private final Path err;
    int exit = -1;
    String stderr = "";

    private Launched(Process process, Path err) {
      this.process = process;
      this.err = err;
    }

    static Launched start(Properties props, String... options) throws IOException {
      props.setProperty("workload", TablestoreWorkload.class.getName());
      Path file = Files.createTempFile(fx.dir, "launch", ".properties");
      try (OutputStream out = Files.newOutputStream(file)) {
        props.store(out, null);
      }
      List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-cp", System.getProperty("java.class.path"), YcsbMain.class.getName(),
          "-db", TablestoreClient.class.getName(), "-P", file.toString()));
      command.addAll(List.of(options));
      Path err = Files.createTempFile(fx.dir, "launch", ".err");
      Process process = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
          .redirectError(err.toFile()).start();
      return new Launched(process, err);
    }

    void waitFor() throws Exception {
      boolean exited = process.waitFor(3, TimeUnit.MINUTES);
      if (!exited) {
        process.destroyForcibly().waitFor();
      }
      stderr = Files.readString(err);
      assertThat(exited).as("the launcher is stuck: " + stderr).isTrue();
      exit = process.exitValue();
    }

    String lastStderrLine() {
      List<String> lines = stderr.lines().filter(l -> !l.isBlank()).toList();
      return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
    }
  }
}
