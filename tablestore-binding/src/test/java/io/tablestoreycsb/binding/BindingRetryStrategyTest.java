package io.tablestoreycsb.binding;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.ClientException;
import com.alicloud.openservices.tablestore.PartialResultFailedException;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.BatchWriteRowResponse;
import com.alicloud.openservices.tablestore.model.DefaultRetryStrategy;
import com.alicloud.openservices.tablestore.model.Response;
import com.alicloud.openservices.tablestore.model.RetryStrategy;
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
  void withoutStatsNothingIsCounted() {
    RetryStrategy retry = new BindingRetryStrategy(new DefaultRetryStrategy(), null);
    assertThat(retry.nextPause("PutRow", new TableStoreException("busy", "OTSServerBusy"))).isPositive();
  }
}
