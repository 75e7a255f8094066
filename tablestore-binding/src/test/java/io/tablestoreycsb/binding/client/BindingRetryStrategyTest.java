package io.tablestoreycsb.binding.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.ClientException;
import com.alicloud.openservices.tablestore.PartialResultFailedException;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.BatchWriteRowResponse;
import com.alicloud.openservices.tablestore.model.DefaultRetryStrategy;
import com.alicloud.openservices.tablestore.model.NoRetryStrategy;
import com.alicloud.openservices.tablestore.model.Response;
import com.alicloud.openservices.tablestore.model.RetryStrategy;
import com.aliyun.ots.thirdparty.org.apache.http.ConnectionClosedException;
import io.tablestoreycsb.binding.stats.RunStats;
import org.junit.jupiter.api.Test;

class BindingRetryStrategyTest {
  @Test
  void retriesWhatTheSdkRetriesAndCountsEachByCode() {
    RunStats stats = new RunStats();
    RetryStrategy retry = new BindingRetryStrategy(new DefaultRetryStrategy(), stats).clone();

    assertThat(retry.nextPause("PutRow", new TableStoreException("busy", "OTSServerBusy"))).isPositive();
    assertThat(retry.nextPause("GetRow", new ClientException("connection reset"))).isPositive();
    // Not retried by the SDK for a write: not counted.
    assertThat(retry.nextPause("PutRow", new TableStoreException("timeout", "OTSTimeout"))).isZero();

    assertThat(stats.snapshot().sdkRetries())
        .containsEntry("OTSServerBusy", 1L).containsEntry("ClientException", 1L).hasSize(2);
  }

  @Test
  void aBatchWithFailedRowsIsLeftToTheBindingNotRetriedBySdk() {
    RunStats stats = new RunStats();
    RetryStrategy retry = new BindingRetryStrategy(new DefaultRetryStrategy(), stats);
    PartialResultFailedException partial = new PartialResultFailedException(null, "req",
        new BatchWriteRowResponse(new Response("req")));

    assertThat(retry.nextPause("BatchWriteRow", partial)).isZero();
    assertThat(stats.snapshot().sdkRetries()).isEmpty();
  }

  @Test
  void anUnreachableEndpointIsAnnouncedOnceAndGivenUpOnAfterTheBudget() throws Exception {
    java.io.ByteArrayOutputStream notices = new java.io.ByteArrayOutputStream();
    java.io.PrintStream out = new java.io.PrintStream(notices, true);
    String endpoint = "http://127.0.0.1:1/unit-" + System.nanoTime();
    ClientException refused = new ClientException("Connection refused",
        new java.net.ConnectException("Connection refused"), "trace");
    RetryStrategy template = new BindingRetryStrategy(new DefaultRetryStrategy(), null, endpoint, 200, 0, out);

    RetryStrategy first = template.clone();
    assertThat(first.nextPause("DescribeTable", refused)).isPositive();
    assertThat(first.nextPause("DescribeTable", refused)).isPositive();
    Thread.sleep(250);
    assertThat(first.nextPause("DescribeTable", refused)).as("past the 200 ms budget").isZero();
    // Another request starts its own budget, but the endpoint is announced only once per JVM.
    assertThat(template.clone().nextPause("GetRow", refused)).isPositive();
    assertThat(notices.toString()).isEqualTo("tablestore.endpoint " + endpoint
        + " not reachable (connection refused); retrying for up to 0.2 s" + System.lineSeparator());
  }

  @Test
  void withoutABudgetAnUnreachableEndpointIsRetriedAsTheSdkDoesAndOtherFailuresAreNotAnnounced() {
    java.io.ByteArrayOutputStream notices = new java.io.ByteArrayOutputStream();
    String endpoint = "http://127.0.0.1:1/run-" + System.nanoTime();
    RetryStrategy retry = new BindingRetryStrategy(new DefaultRetryStrategy(), null, endpoint, 0, 0,
        new java.io.PrintStream(notices, true)).clone();

    assertThat(retry.nextPause("GetRow", new ClientException("connection reset"))).isPositive();
    assertThat(notices.toString()).isEmpty();
    assertThat(retry.nextPause("GetRow", new ClientException("x", new java.net.UnknownHostException("nohost.invalid"),
        "trace"))).isPositive();
    assertThat(notices.toString()).contains("not reachable (unknown host nohost.invalid); retrying for up to 10 s");
    // A write is not retried after a client-side error: nothing to announce.
    assertThat(BindingRetryStrategy.unreachableReason(new TableStoreException("busy", "OTSServerBusy"))).isNull();
  }

  @Test
  void withoutStatsNothingIsCounted() {
    RetryStrategy retry = new BindingRetryStrategy(new DefaultRetryStrategy(), null);
    assertThat(retry.nextPause("PutRow", new TableStoreException("busy", "OTSServerBusy"))).isPositive();
  }

  /**
   * The SDK's failure when its HTTP client finds the leased connection "closed" in
   * connectionAllocated: built as AsyncCompletion.failed wraps it, with the frame the client throws from.
   */
  private static ClientException connectionClosedIn(String method) {
    ConnectionClosedException closed = new ConnectionClosedException("Connection closed");
    closed.setStackTrace(new StackTraceElement[] {
        new StackTraceElement("com.aliyun.ots.thirdparty.org.apache.http.impl.nio.client.DefaultClientExchangeHandlerImpl",
            method, "DefaultClientExchangeHandlerImpl.java", 305),
        new StackTraceElement("com.aliyun.ots.thirdparty.org.apache.http.nio.pool.AbstractNIOConnPool", "lease",
            "AbstractNIOConnPool.java", 276)});
    return new ClientException("Unexpected error: " + closed, closed, "trace");
  }

  @Test
  void aWriteFailedByTheConnectionLeaseRaceIsSentAgainAndCounted() {
    RunStats stats = new RunStats();
    RetryStrategy retry = new BindingRetryStrategy(new DefaultRetryStrategy(), stats).clone();

    for (String write : new String[] {"PutRow", "UpdateRow", "DeleteRow", "BatchWriteRow"}) {
      assertThat(retry.clone().nextPause(write, connectionClosedIn("connectionAllocated"))).as(write).isPositive();
    }
    assertThat(stats.snapshot().sdkRetries()).containsEntry("ClientException", 4L).hasSize(1);
  }

  @Test
  void withRetryNoneOnlyTheLeaseRaceIsSentAgainForReadsAndWritesAndCounted() {
    RunStats stats = new RunStats();
    RetryStrategy none = new BindingRetryStrategy(new NoRetryStrategy(), stats);

    for (String action : new String[] {"GetRow", "GetRange", "BatchGetRow", "PutRow", "BatchWriteRow"}) {
      assertThat(none.clone().nextPause(action, connectionClosedIn("connectionAllocated"))).as(action).isPositive();
    }
    // Everything else is the service's (or the network's) answer: shown, never retried.
    assertThat(none.clone().nextPause("GetRow", new TableStoreException("busy", "OTSServerBusy"))).isZero();
    assertThat(none.clone().nextPause("GetRow", new ClientException("connection reset"))).isZero();
    assertThat(none.clone().nextPause("GetRow", connectionClosedIn("responseCompleted"))).isZero();
    // Not a request the binding sends: its safety to resend is unknown.
    assertThat(none.clone().nextPause("StartLocalTransaction", connectionClosedIn("connectionAllocated"))).isZero();
    assertThat(stats.snapshot().sdkRetries()).containsEntry("ClientException", 5L).hasSize(1);
  }

  @Test
  void theLeaseRaceIsRetriedAtMostThreeTimesPerRequest() {
    RetryStrategy retry = new BindingRetryStrategy(new DefaultRetryStrategy(), new RunStats()).clone();

    for (int i = 0; i < BindingRetryStrategy.MAX_LEASE_RACE_RETRIES; i++) {
      assertThat(retry.nextPause("PutRow", connectionClosedIn("connectionAllocated"))).isPositive();
    }
    assertThat(retry.getRetries()).isEqualTo(3);
    assertThat(retry.nextPause("PutRow", connectionClosedIn("connectionAllocated"))).isZero();
    // Each request gets its own clone, with its own count.
    assertThat(retry.clone().nextPause("PutRow", connectionClosedIn("connectionAllocated"))).isPositive();
  }

  @Test
  void aWriteCutOffByAConnectionClosedMidRequestIsStillNotRetried() {
    RunStats stats = new RunStats();
    RetryStrategy retry = new BindingRetryStrategy(new DefaultRetryStrategy(), stats).clone();

    // A close seen while the response was awaited (endOfInput): the SDK's own rule stands.
    assertThat(retry.nextPause("PutRow", connectionClosedIn("endOfInput"))).isZero();
    assertThat(retry.nextPause("PutRow", new ClientException("Connection reset"))).isZero();
    assertThat(BindingRetryStrategy.isConnectionLeaseRace(new TableStoreException("busy", "OTSServerBusy"))).isFalse();
    assertThat(stats.snapshot().sdkRetries()).isEmpty();
  }

  private static ClientException failedOn(java.io.IOException cause) {
    return new ClientException("Unexpected error: " + cause, cause, "trace");
  }

  @Test
  void withABudgetWritesThatFailedOnTheirConnectionAreResentUntilItIsSpentAndEachResendIsCounted() throws Exception {
    RunStats stats = new RunStats();
    java.io.ByteArrayOutputStream notices = new java.io.ByteArrayOutputStream();
    String endpoint = "http://127.0.0.1:1/budget-" + System.nanoTime();
    RetryStrategy template = new BindingRetryStrategy(new DefaultRetryStrategy(), stats, endpoint, 0, 300,
        new java.io.PrintStream(notices, true));
    java.util.List<ClientException> failures = java.util.List.of(
        failedOn(new java.net.ConnectException("Connection refused")),
        failedOn(new java.io.IOException("Connection reset by peer")),
        failedOn(new java.net.SocketTimeoutException("Read timed out")),
        connectionClosedIn("endOfInput"));
    int resends = 0;
    for (String write : new String[] {"PutRow", "UpdateRow", "DeleteRow", "BatchWriteRow"}) {
      for (ClientException failure : failures) {
        long pause = template.clone().nextPause(write, failure);
        assertThat(pause).as(write + " after " + failure.getMessage()).isBetween(1L, ConnectionRetry.FIRST_PAUSE_MS);
        resends++;
      }
    }
    // A failure that is not the connection's (no I/O error under it) is not resent for a write.
    assertThat(template.clone().nextPause("PutRow", new ClientException("bad response"))).isZero();
    assertThat(stats.snapshot().sdkRetries()).containsEntry("ClientException", (long) resends).hasSize(1);
    assertThat(notices.toString()).contains("not reachable (connection refused); retrying for up to 0.3 s");

    // One request: pauses grow, never beyond what is left of the budget, and end with it.
    RetryStrategy one = template.clone();
    ClientException reset = failures.get(1);
    long started = System.nanoTime();
    long slept = 0;
    int tries = 0;
    for (long pause = one.nextPause("PutRow", reset); pause > 0; pause = one.nextPause("PutRow", reset)) {
      Thread.sleep(pause);
      slept += pause;
      tries++;
    }
    long elapsedMs = (System.nanoTime() - started) / 1_000_000;
    assertThat(elapsedMs).isGreaterThanOrEqualTo(300);
    assertThat(slept).isLessThanOrEqualTo(300);
    assertThat(tries).isBetween(3, 300);
    assertThat(one.getRetries()).isEqualTo(tries);
  }

  @Test
  void aBudgetOfZeroLeavesConnectionFailuresToTheDelegate() {
    ClientException refused = failedOn(new java.net.ConnectException("Connection refused"));
    RetryStrategy none = new BindingRetryStrategy(new NoRetryStrategy(), new RunStats(), null, 0, 0, System.err);
    assertThat(none.clone().nextPause("PutRow", refused)).isZero();
    assertThat(none.clone().nextPause("GetRow", refused)).isZero();
    RetryStrategy sdk = new BindingRetryStrategy(new DefaultRetryStrategy(), new RunStats(), null, 0, 0, System.err);
    assertThat(sdk.clone().nextPause("PutRow", refused)).as("the SDK resends no write after a client error").isZero();
    assertThat(sdk.clone().nextPause("GetRow", refused)).isPositive();
  }
}
