package io.tablestoreycsb.binding.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tablestoreycsb.binding.TablestoreClient;
import io.tablestoreycsb.binding.config.KeyFormat;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * The endpoint goes away in the middle of a run and comes back on the same port with its data:
 * the calls in flight and those made while it is away fail (counted as ClientException, no hang),
 * and the same DB instances work again once it is back, every acknowledged write intact.
 */
class EndpointRestartTest {
  private static final int THREADS = 4;
  @RegisterExtension
  static final MockFixture fx = MockFixture.perClassRestartable();

  @BeforeAll
  static void start() throws Exception {
    fx.createTable("usertable");
  }

  @Test
  void writersFailWhileTheEndpointIsAwayAndRecoverWhenItReturns() throws Exception {
    Path stats = fx.file("restart.json");
    // A short retry budget: the writers must see the outage as failures rather than ride it out.
    Properties props = fx.props("tablestore.retry=sdk", "tablestore.retrybudget=500ms", "tablestore.statsfile=" + stats);
    AtomicBoolean running = new AtomicBoolean(true);
    AtomicLong ok = new AtomicLong();
    AtomicLong failed = new AtomicLong();
    Set<Integer> acknowledged = ConcurrentHashMap.newKeySet();
    Set<String> unexpected = ConcurrentHashMap.newKeySet();
    List<TablestoreClient> dbs = new ArrayList<>();
    List<Thread> writers = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      TablestoreClient db = new TablestoreClient();
      db.setProperties(props);
      db.init();
      dbs.add(db);
      int base = t * 1_000_000;
      writers.add(new Thread(() -> {
        for (int i = base; running.get(); i++) {
          Map<String, ByteIterator> row = new HashMap<>();
          row.put("field0", new StringByteIterator("v" + i));
          Status s = db.insert("usertable", KeyFormat.key(i), row);
          if (s.isOk()) {
            acknowledged.add(i);
            ok.incrementAndGet();
          } else if (s == Status.ERROR) {
            failed.incrementAndGet();
          } else {
            unexpected.add(s.getName());
          }
        }
      }, "writer-" + t));
    }
    writers.forEach(Thread::start);
    try {
      Await.atLeast(ok::get, 200);
      fx.mock.stopServing();
      Await.atLeast(failed::get, 4L * THREADS);
      long okWhileAway = ok.get();
      fx.mock.resumeServing();
      Await.atLeast(ok::get, okWhileAway + 400);
    } finally {
      fx.mock.resumeServing();
      running.set(false);
      for (Thread w : writers) {
        w.join(TimeUnit.SECONDS.toMillis(60));
        assertThat(w.isAlive()).as(w.getName() + " is stuck").isFalse();
      }
      for (TablestoreClient db : dbs) {
        db.cleanup();
      }
    }

    assertThat(unexpected).as("statuses other than OK and ERROR").isEmpty();
    JsonNode json = new ObjectMapper().readTree(stats.toFile());
    assertThat(json.at("/errors/ClientException").asLong()).isEqualTo(failed.get());
    assertThat(json.get("errors").size()).isEqualTo(1);
    assertThat(json.at("/rows/written").asLong()).isEqualTo(ok.get());
    // Every acknowledged write survived; a call that failed in flight may or may not have been applied.
    long rows = fx.count("usertable");
    assertThat(rows).isBetween(ok.get(), ok.get() + failed.get());
    TablestoreClient reader = new TablestoreClient();
    reader.setProperties(fx.props());
    reader.init();
    try {
      for (int key : acknowledged) {
        Map<String, ByteIterator> got = new HashMap<>();
        assertThat(reader.read("usertable", KeyFormat.key(key), Set.of("field0"), got)).isEqualTo(Status.OK);
        assertThat(got.get("field0").toString()).isEqualTo("v" + key);
      }
    } finally {
      reader.cleanup();
    }
  }

  /**
   * A batch load meets an outage: while the mock is away, a plain socket on its port accepts
   * connections and drops them (resets), until the writers have hit it a few times. Without a retry
   * budget ({@code tablestore.retrybudget=0}) the binding's BatchWriter resends the batches itself, up
   * to {@code tablestore.batchretries} times (connection failures are transient for full-row puts), and
   * the load ends with every row written. (With a budget the SDK client resends them: LoadIntegrityTest.)
   */
  @Test
  void aBatchLoadRidesOutAnOutageWithEveryRowWritten() throws Exception {
    fx.createTable("outage");
    Path stats = fx.file("outage.json");
    int rows = 20_000;
    Properties props = fx.props("tablestore.retry=sdk", "tablestore.retrybudget=0", "tablestore.batchsize=50",
        "tablestore.batchretries=30",
        "tablestore.statsfile=" + stats, "table=outage", "recordcount=" + rows, "fieldcount=2", "fieldlength=20");
    Throwable[] loadFailure = new Throwable[1];
    Thread load = new Thread(() -> {
      try {
        YcsbRun.run(props, true, 4);
      } catch (Throwable e) {
        loadFailure[0] = e;
      }
    }, "load");
    load.start();
    long dropped;
    try {
      Await.atLeast(() -> fx.count("outage"), 2_000);
      fx.mock.stopServing();
      try (java.net.ServerSocket resetter = new java.net.ServerSocket()) {
        resetter.setReuseAddress(true);
        resetter.bind(new java.net.InetSocketAddress("127.0.0.1", fx.mock.port()));
        AtomicLong accepted = new AtomicLong();
        Thread dropper = new Thread(() -> {
          while (!resetter.isClosed()) {
            try (java.net.Socket s = resetter.accept()) {
              s.setSoLinger(true, 0); // close with RST: a connection reset
              accepted.incrementAndGet();
            } catch (java.io.IOException closed) {
              return;
            }
          }
        }, "dropper");
        dropper.start();
        Await.atLeast(accepted::get, 3);
        dropped = accepted.get();
      }
    } finally {
      fx.mock.resumeServing();
      load.join(TimeUnit.SECONDS.toMillis(120));
    }
    assertThat(load.isAlive()).as("the load is stuck").isFalse();
    assertThat(loadFailure[0]).isNull();

    assertThat(fx.count("outage")).isEqualTo(rows);
    JsonNode json = new ObjectMapper().readTree(stats.toFile());
    assertThat(json.at("/batch/rowsFailed").asLong()).isZero();
    assertThat(json.at("/rows/written").asLong()).isEqualTo(rows);
    long failures = json.at("/errors/ClientException").asLong();
    assertThat(failures).as("connections dropped: %d", dropped).isPositive();
    assertThat(json.at("/batch/rowsRetried").asLong()).isGreaterThanOrEqualTo(failures);
  }
}
