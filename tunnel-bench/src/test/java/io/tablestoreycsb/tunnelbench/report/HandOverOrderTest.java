package io.tablestoreycsb.tunnelbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.tunnelbench.child.ChannelPage;
import io.tablestoreycsb.tunnelbench.child.ChannelPage.Position;
import java.util.List;
import org.junit.jupiter.api.Test;

class HandOverOrderTest {
  /** A page of {@code records} records committed at timestamps first..first+records-1, handed at {@code at} s. */
  static ChannelPage page(String channel, long first, int records, long at) {
    return new ChannelPage(channel, new Position(0, first, 0), new Position(0, first + records - 1, 0), records,
        at * 1_000_000);
  }

  /** Consumer 0 handed pages at 100, 110, 120, 130 (10 records each) of channel "a", then was lost. */
  static List<ChannelPage> lost() {
    return List.of(page("a", 100, 10, 1), page("a", 110, 10, 2), page("a", 120, 10, 3), page("a", 130, 10, 4));
  }

  @Test
  void resumingAtAPageTheLostConsumerHandedIsAReplayNotADisorder() {
    HandOverOrder order = HandOverOrder.of(List.of(lost(), List.of(page("a", 120, 20, 30), page("a", 140, 5, 31))));
    assertThat(order).isEqualTo(new HandOverOrder(1, 1, 0));
  }

  @Test
  void resumingAfterEverythingHandedIsInOrder() {
    assertThat(HandOverOrder.of(List.of(lost(), List.of(page("a", 140, 10, 30))))).isEqualTo(new HandOverOrder(1, 1, 0));
  }

  @Test
  void resumingInsideAPageIsOutOfOrder() {
    assertThat(HandOverOrder.of(List.of(lost(), List.of(page("a", 125, 20, 30))))).isEqualTo(
        new HandOverOrder(1, 1, 20));
  }

  @Test
  void resumingBeforeWhereTheChannelLastResumedGoesBackPastACheckpoint() {
    // consumer 1 resumed at 120 (a checkpoint), then lost the channel back to consumer 0, which went to 100
    List<ChannelPage> first = List.of(page("a", 100, 10, 1), page("a", 110, 10, 2), page("a", 120, 10, 3),
        page("a", 100, 10, 40));
    List<ChannelPage> second = List.of(page("a", 120, 10, 30));
    assertThat(HandOverOrder.of(List.of(first, second))).isEqualTo(new HandOverOrder(1, 2, 10));
  }

  @Test
  void channelsThatStayWithOneConsumerAreNotMoves() {
    HandOverOrder order = HandOverOrder.of(List.of(List.of(page("a", 1, 5, 1), page("a", 6, 5, 2)),
        List.of(page("b", 1, 5, 1), page("b", 1, 5, 2))));
    assertThat(order).isEqualTo(new HandOverOrder(0, 0, 0)); // b's repeat is the consumer's own check's to judge
  }
}
