package io.tablestoreycsb.mock.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import io.tablestoreycsb.mock.protocol.OtsException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A partition's change log: commit order, pages bounded by count and bytes, trimming, and the memory it holds. */
class ChangeLogTest {
  private static final long HOUR = 3_600_000L;

  private final MemoryBudget budget = new MemoryBudget(1 << 20);
  private final Table table = new Catalog(budget).create("t", List.of(new PrimaryKeySchema("pk", PrimaryKeyType.STRING)),
      List.of(), new TableSettings(-1, 1, 86400, true, 0, 0, 0, 0), 0);

  @Test
  void aTableWithoutAStreamLogsNothing() {
    write("a", 1000);
    assertThat(table.partition(0).changeLog()).isNull();
  }

  @Test
  void everyCommittedWriteIsLoggedInCommitOrderWithItsServerTime() {
    enableStream(24);
    write("b", 1000);
    write("a", 1001);
    write("b", 1002);
    ChangeLog.Page page = log().read(0, 100, Long.MAX_VALUE);
    assertThat(page.records()).extracting(ChangeLog.Record::sequence).containsExactly(0L, 1L, 2L);
    assertThat(page.records()).extracting(ChangeLog.Record::timestampMillis).containsExactly(1000L, 1001L, 1002L);
    assertThat(page.records()).extracting(r -> new String(r.row(), StandardCharsets.UTF_8)).containsExactly("b", "a", "b");
    assertThat(page.nextSequence()).isEqualTo(3);
    assertThat(page.more()).isFalse();
  }

  @Test
  void aRecordCommittedAfterALaterStampedOneTakesItsTimeSoTheLogNeverGoesBack() {
    enableStream(24);
    write("a", 1005);
    write("b", 1001); // e.g. an atomic group that read its commit time before a single write committed
    write("c", 1007);
    ChangeLog.Page page = log().read(0, 10, Long.MAX_VALUE);
    assertThat(page.records()).extracting(ChangeLog.Record::timestampMillis).containsExactly(1005L, 1005L, 1007L);
    assertThat(log().sequenceAt(1006)).isEqualTo(2);
  }

  @Test
  void aWriteThatFailsItsConditionIsNotLogged() {
    enableStream(24);
    assertThatThrownBy(() -> table.partition(0).compute(key("a"), row -> {
      throw OtsException.parameterInvalid("condition");
    }, logged("a", 1000))).isInstanceOf(OtsException.class);
    assertThat(log().nextSequence()).isZero();
  }

  @Test
  void pagesStopAtTheRecordCountOrBeforeTheRecordThatWouldPassTheByteLimit() {
    enableStream(24);
    for (int i = 0; i < 10; i++) {
      write("row" + i, 1000 + i); // 4 bytes each
    }
    ChangeLog.Page byCount = log().read(2, 3, Long.MAX_VALUE);
    assertThat(byCount.records()).extracting(ChangeLog.Record::sequence).containsExactly(2L, 3L, 4L);
    assertThat(byCount.more()).isTrue();
    ChangeLog.Page byBytes = log().read(8, 100, 6);
    assertThat(byBytes.records()).extracting(ChangeLog.Record::sequence).containsExactly(8L);
    assertThat(byBytes.nextSequence()).isEqualTo(9);
    assertThat(byBytes.more()).isTrue();
    ChangeLog.Page last = log().read(9, 100, 1);
    assertThat(last.records()).hasSize(1).as("a page holds one record even past the byte limit");
    assertThat(last.more()).isFalse();
  }

  @Test
  void trimmingBelowACheckpointFreesTheRecordsAndTheirMemory() {
    enableStream(24);
    long before = budget.usedBytes();
    for (int i = 0; i < 5; i++) {
      write("k", 1000 + i);
    }
    long logged = log().heapBytes();
    assertThat(logged).isGreaterThan(5 * ChangeLog.RECORD_OVERHEAD_BYTES);
    assertThat(budget.usedBytes() - before).isGreaterThanOrEqualTo(logged);
    log().trimBelow(3);
    assertThat(log().firstSequence()).isEqualTo(3);
    assertThat(log().read(3, 100, Long.MAX_VALUE).records()).extracting(ChangeLog.Record::sequence).containsExactly(3L, 4L);
    assertThatThrownBy(() -> log().read(2, 100, Long.MAX_VALUE)).hasMessageContaining("trimmed");
    assertThat(log().heapBytes()).isLessThan(logged);
  }

  @Test
  void aReaderFindsItsPositionAfterTheLogGrewTrimmedAndWrappedAround() {
    enableStream(24);
    for (int i = 0; i < 100; i++) {
      write("k" + i, 1000 + i);
    }
    log().trimBelow(90);
    for (int i = 100; i < 150; i++) {
      write("k" + i, 1000 + i);
    }
    ChangeLog.Page page = log().read(95, 10, Long.MAX_VALUE);
    assertThat(page.records()).extracting(ChangeLog.Record::sequence).containsExactly(95L, 96L, 97L, 98L, 99L, 100L, 101L, 102L,
        103L, 104L);
    assertThat(page.records()).extracting(r -> new String(r.row(), StandardCharsets.UTF_8)).startsWith("k95");
    assertThat(log().read(150, 10, Long.MAX_VALUE).records()).isEmpty();
    assertThat(log().read(149, 10, Long.MAX_VALUE).more()).isFalse();
  }

  @Test
  void recordsPastTheStreamExpiryAreDroppedAsNewOnesArrive() {
    enableStream(1);
    write("old", 1000);
    write("new", 1000 + HOUR + 1);
    assertThat(log().firstSequence()).isEqualTo(1);
    assertThat(log().read(1, 10, Long.MAX_VALUE).records()).extracting(r -> new String(r.row(), StandardCharsets.UTF_8))
        .containsExactly("new");
  }

  @Test
  void disablingTheStreamGivesItsMemoryBack() {
    long before = budget.usedBytes();
    enableStream(24);
    write("a", 1000);
    long withRow = budget.usedBytes();
    table.updateStream(StreamSettings.DISABLED);
    assertThat(table.partition(0).changeLog()).isNull();
    assertThat(budget.usedBytes()).isLessThan(withRow);
    assertThat(budget.usedBytes()).isGreaterThan(before).as("the row stays");
  }

  private void enableStream(int hours) {
    table.updateStream(new StreamSettings(true, "s", hours, 0));
  }

  private ChangeLog log() {
    return table.partition(0).changeLog();
  }

  private void write(String name, long nowMillis) {
    table.partition(0).compute(key(name), row -> new StoredRow(key(name), new byte[] {1}), logged(name, nowMillis));
  }

  private static byte[] key(String name) {
    return RowKey.encode(com.alicloud.openservices.tablestore.model.PrimaryKeyValue.fromString(name));
  }

  private static Partition.LoggedChange logged(String text, long timestampMillis) {
    return new Partition.LoggedChange() {
      @Override
      public int action() {
        return 1;
      }

      @Override
      public long timestampMillis() {
        return timestampMillis;
      }

      @Override
      public byte[] record() {
        return text.getBytes(StandardCharsets.UTF_8);
      }
    };
  }
}
