package io.tablestoreycsb.tunnelbench.child;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class RowSegmentTest {
  static ChannelPage page(String channel, long firstTs, long lastTs, int records) {
    return new ChannelPage(channel, new ChannelPage.Position(1, firstTs, 0), new ChannelPage.Position(1, lastTs, 3),
        records, 1_764_000_000_000_000L + firstTs);
  }

  @Test
  void rowsAndPagesComeBackAsTheyWentIn() throws IOException {
    int[] shuffled = {907, 3, 12, 1_000_000, 4};
    List<ChannelPage> pages = List.of(page("ch-a", 10, 20, 3), page("ch-b", 5, 9, 1), page("ch-a", 21, 30, 1));
    RowSegment segment = RowSegment.of(shuffled, pages);

    RowSegment back = RowSegment.decode(segment.encode());

    assertThat(back.rows()).containsExactly(3, 4, 12, 907, 1_000_000);
    assertThat(back.pages()).isEqualTo(pages);
    assertThat(back).isEqualTo(segment);
    BitSet into = new BitSet();
    into.set(5);
    back.addRowsTo(into);
    assertThat(into.stream().toArray()).containsExactly(3, 4, 5, 12, 907, 1_000_000);
  }

  @Test
  void anEmptySegmentIsAFewBytes() throws IOException {
    RowSegment empty = RowSegment.of(new int[0], List.of());
    byte[] bytes = empty.encode();
    assertThat(empty.isEmpty()).isTrue();
    assertThat(bytes).hasSizeLessThan(6);
    assertThat(RowSegment.decode(bytes)).isEqualTo(empty);
  }

  @Test
  void denseRowsCostABitEachWhereverTheyAreInTheTable() throws IOException {
    // 100,000 rows in a row, high in a table of 144 M: the whole set as a bitset would be 18 MB
    int from = 144_000_000 - 100_000;
    int[] rows = IntStream.range(from, from + 100_000).toArray();
    byte[] bytes = RowSegment.of(rows, List.of()).encode();
    assertThat(bytes.length).isBetween(100_000 / 8, 100_000 / 8 + 16);
    assertThat(RowSegment.decode(bytes).rows()).isEqualTo(rows);
  }

  @Test
  void sparseRowsCostTheLesserOfTheirDistancesAndTheirWindow() throws IOException {
    // one consumer of several: every third row or so, up to the largest row number a consumer takes
    Random random = new Random(7);
    int[] rows = new int[50_000];
    int row = Integer.MAX_VALUE - 1 - 50_000 * 4;
    for (int i = 0; i < rows.length; i++) {
      row += 1 + random.nextInt(4);
      rows[i] = row;
    }
    byte[] bytes = RowSegment.of(rows, List.of()).encode();
    assertThat(bytes.length).isLessThan(rows.length + 16).isLessThan((rows[rows.length - 1] - rows[0]) / 8 * 2);
    assertThat(RowSegment.decode(bytes).rows()).isEqualTo(rows);

    int[] farApart = IntStream.range(0, 1000).map(i -> i * 2_000_000).toArray();
    byte[] far = RowSegment.of(farApart, List.of()).encode();
    assertThat(far.length).as("3 bytes a row 2 M apart, not a 250 MB window").isLessThan(4 * 1000);
    assertThat(RowSegment.decode(far).rows()).isEqualTo(farApart);
  }

  @Test
  void aCutOrPaddedSegmentIsAnErrorNotFewerRows() {
    byte[] bytes = RowSegment.of(new int[] {1, 5, 9}, List.of(page("ch", 1, 2, 3))).encode();
    for (int cut = 0; cut < bytes.length; cut++) {
      byte[] shorter = Arrays.copyOf(bytes, cut);
      assertThatThrownBy(() -> RowSegment.decode(shorter)).as("cut at %d", cut).isInstanceOf(IOException.class);
    }
    byte[] longer = Arrays.copyOf(bytes, bytes.length + 1);
    assertThatThrownBy(() -> RowSegment.decode(longer)).hasMessageContaining("after the end");
    byte[] other = bytes.clone();
    other[0] = 9;
    assertThatThrownBy(() -> RowSegment.decode(other)).hasMessageContaining("format 9");
  }
}
