package io.tablestoreycsb.planner.runner;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.binding.client.ClientWarmUp.Operation;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;

/** Which warm-ups may go on sending until the start gate opens: those whose run ends within a request's time. */
class WarmUpRunTest {
  @Test
  void singleRowRequestsAreHeldUntilTheGateOpensButBatchesAndScansAreNot() {
    assertThat(WarmUpRun.endsAtOnce(EnumSet.of(Operation.GET_ROW))).isTrue();
    assertThat(WarmUpRun.endsAtOnce(EnumSet.of(Operation.PUT_ROW, Operation.UPDATE_ROW, Operation.GET_ROW))).isTrue();
    // a batched write's run ends by flushing the binding's buffered rows; a scan's page waits for 100 rows' capacity
    assertThat(WarmUpRun.endsAtOnce(EnumSet.of(Operation.BATCH_WRITE_ROW))).isFalse();
    assertThat(WarmUpRun.endsAtOnce(EnumSet.of(Operation.GET_ROW, Operation.GET_RANGE))).isFalse();
  }
}
