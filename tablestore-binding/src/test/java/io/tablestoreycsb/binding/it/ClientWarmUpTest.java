package io.tablestoreycsb.binding.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.binding.client.ClientWarmUp;
import io.tablestoreycsb.mock.journal.RecordedRequest;
import io.tablestoreycsb.mock.protocol.ActionName;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The warm-up a capacity-plan runner sends before its start gate, as the endpoint receives it: GetRow
 * requests for a key YCSB never writes, on the run's own table, and nothing written.
 */
class ClientWarmUpTest {
  @RegisterExtension
  static final MockFixture fx = MockFixture.perClass();

  @BeforeAll
  static void table() throws Exception {
    fx.createTable("warmed");
  }

  @Test
  void sendsTheAskedNumberOfGetRowsForTheWarmUpKeysOnTheRunsTableAndWritesNothing() {
    fx.mock.journal().clear(); // the table's creation
    int answered = ClientWarmUp.run(fx.props("table=warmed"), 20);

    assertThat(answered).isEqualTo(20);
    List<RecordedRequest> reads = fx.mock.journal().requests(ActionName.GET_ROW);
    assertThat(reads).hasSize(20).allSatisfy(r -> {
      assertThat(r.table()).isEqualTo("warmed");
      assertThat(r.succeeded()).isTrue();
      assertThat(r.rows()).singleElement().satisfies(row -> assertThat(row.key("userid")).isIn(ClientWarmUp.KEYS));
    });
    assertThat(fx.mock.journal().requests(r -> r.action() != ActionName.GET_ROW)).isEmpty();
  }

  @Test
  void theWarmUpKeysBeginWithEveryHexDigitSoTheReadsSpreadOverAPreSplitTable() {
    fx.mock.journal().clear();
    ClientWarmUp.run(fx.props("table=warmed"), 16);

    List<Character> leadingDigits = fx.mock.journal().requests(ActionName.GET_ROW).stream()
        .map(r -> r.rows().get(0).key("userid").charAt(0)).toList();
    assertThat(leadingDigits).containsExactlyInAnyOrder('0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b',
        'c', 'd', 'e', 'f');
    assertThat(ClientWarmUp.KEYS).noneMatch(key -> key.matches("[0-9a-f]{20}|user[0-9]+"));
  }

  @Test
  void everyKindOfRequestTouchesOnlyWarmUpKeysAndClosingLeavesNoRowBehind() {
    fx.mock.journal().clear();
    try (ClientWarmUp.Session session = ClientWarmUp.open(fx.props("table=warmed", "fieldcount=3", "fieldlength=10",
        "tablestore.batchsize=200"), true)) {
      for (ClientWarmUp.Operation op : ClientWarmUp.Operation.values()) {
        assertThat(session.send(op)).as(op.name()).isTrue();
      }
      // the reads found rows to decode: the 16 keys written first, the batch's own 25
      assertThat(session.rowsWritten()).isEqualTo(16 + 25);
      assertThat(fx.mock.rowCount("warmed")).isEqualTo(16 + 25);
    }
    assertThat(fx.mock.rowCount("warmed")).isZero();
    List<RecordedRequest> all = fx.mock.journal().requests(r -> true);
    assertThat(all).extracting(RecordedRequest::action).contains(ActionName.GET_ROW, ActionName.PUT_ROW,
        ActionName.UPDATE_ROW, ActionName.BATCH_WRITE_ROW, ActionName.GET_RANGE);
    assertThat(all).allSatisfy(r -> {
      assertThat(r.succeeded()).as(r.action().name()).isTrue();
      assertThat(r.rows()).allSatisfy(row -> assertThat(row.key("userid")).contains("~warm-up"));
    });
  }

  @Test
  void noRequestsAskedSendsNone() {
    fx.mock.journal().clear();
    assertThat(ClientWarmUp.run(fx.props("table=warmed"), 0)).isZero();
    assertThat(fx.mock.journal().requests(ActionName.GET_ROW)).isEmpty();
  }

  @Test
  void aMissingTableEndsTheWarmUpAtItsFirstRequestWithoutThrowing() {
    fx.mock.journal().clear();
    assertThat(ClientWarmUp.run(fx.props("table=no_such_table"), 7)).isZero();
    assertThat(fx.mock.journal().requests(ActionName.GET_ROW)).hasSize(1)
        .allSatisfy(r -> assertThat(r.succeeded()).isFalse());
  }
}
