package io.tablestoreycsb.tunnelbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The consumed-row check: written rows against the union of what the consumers were handed. */
class ConsumedRowCheckTest {

  @Test
  void everyWrittenRowConsumedOncePasses() {
    ConsumedRowCheck check = ConsumedRowCheck.of(rows(0, 100), List.of(rows(0, 60), rows(60, 100)), 100, 0, 0);

    assertThat(check.passes()).isTrue();
    assertThat(check.missing()).isZero();
    assertThat(check.duplicates()).isZero();
    assertThat(check.summary()).isEqualTo("all 100 written rows consumed; 0 duplicates");
  }

  @Test
  void aWrittenRowNoConsumerWasHandedFailsAndIsCounted() {
    // Rows 90..99 never arrived anywhere.
    ConsumedRowCheck check = ConsumedRowCheck.of(rows(0, 100), List.of(rows(0, 50), rows(50, 90)), 90, 0, 0);

    assertThat(check.passes()).isFalse();
    assertThat(check.missing()).isEqualTo(10);
    assertThat(check.consumed()).isEqualTo(90);
    assertThat(check.summary()).startsWith("10 of 100 written rows MISSING");
  }

  @Test
  void rowsHandedTwiceAreCountedAsDuplicatesButDoNotFail() {
    // A channel moved from the first consumer to the second, which resumed from the last checkpoint:
    // rows 40..59 reached both. The first was also handed rows 0..9 twice (a re-read after an error).
    BitSet first = rows(0, 60);
    BitSet second = rows(40, 100);
    long handed = 60 + 10 + 60;

    ConsumedRowCheck check = ConsumedRowCheck.of(rows(0, 100), List.of(first, second), handed, 0, 0);

    assertThat(check.passes()).isTrue();
    assertThat(check.duplicates()).isEqualTo(30);
    assertThat(check.summary()).isEqualTo("all 100 written rows consumed; 30 duplicates");
  }

  @Test
  void aChannelThatHandedARowBeforeAnEarlierCommittedOneFailsEvenWithEveryRowConsumed() {
    ConsumedRowCheck check = ConsumedRowCheck.of(rows(0, 100), List.of(rows(0, 100)), 100, 0, 3);

    assertThat(check.passes()).isFalse();
    assertThat(check.missing()).isZero();
    assertThat(check.summary()).isEqualTo("all 100 written rows consumed; 0 duplicates; 3 records OUT OF their"
        + " channel's commit order");
  }

  @Test
  void foreignRecordsAndRowsTheWriterGaveUpOnAreReportedApart() {
    // Row 100 was committed although the writer saw its batch fail; 5 records were not the benchmark's rows.
    ConsumedRowCheck check = ConsumedRowCheck.of(rows(0, 100), List.of(rows(0, 101)), 101 + 5, 5, 0);

    assertThat(check.passes()).isTrue();
    assertThat(check.notAcknowledged()).isEqualTo(1);
    assertThat(check.unexpected()).isEqualTo(5);
    assertThat(check.duplicates()).isZero();
    assertThat(check.summary()).contains("1 consumed but never acknowledged to the writer")
        .contains("5 records not written by this benchmark");
  }

  static BitSet rows(int from, int to) {
    BitSet b = new BitSet();
    b.set(from, to);
    return b;
  }
}
