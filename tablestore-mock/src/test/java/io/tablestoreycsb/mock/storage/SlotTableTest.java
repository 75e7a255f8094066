package io.tablestoreycsb.mock.storage;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * The partition's hash table against a plain map: adds and removes through rebuilds, a change
 * that keeps nothing, and readers that must find every key present for their whole read while
 * writers add, remove and rebuild.
 */
class SlotTableTest {
  private static byte[] key(long n) {
    return RowKey.encode(PrimaryKeyValue.fromLong(n));
  }

  private static void put(SlotTable table, long n, byte[] cells) {
    table.update(key(n), (current, fresh) -> {
      (current != null ? current : fresh).cells = cells;
      return true;
    });
  }

  private static void remove(SlotTable table, long n) {
    table.update(key(n), (current, fresh) -> false);
  }

  @Test
  void addsAndRemovesMatchAMapThroughRebuilds() {
    SlotTable table = new SlotTable();
    Map<Long, byte[]> expected = new HashMap<>();
    Random random = new Random(11);
    for (int step = 0; step < 200_000; step++) {
      long n = random.nextInt(20_000);
      if (random.nextInt(3) == 0) {
        remove(table, n);
        expected.remove(n);
      } else {
        byte[] cells = {(byte) step};
        put(table, n, cells);
        expected.put(n, cells);
      }
    }
    assertThat(table.size()).isEqualTo(expected.size());
    for (long n = 0; n < 20_000; n++) {
      Slot slot = table.get(key(n));
      if (expected.containsKey(n)) {
        assertThat(slot).as("key %d", n).isNotNull();
        assertThat(slot.cells).isSameAs(expected.get(n));
      } else {
        assertThat(slot).as("key %d", n).isNull();
      }
    }
    // removal markers are dropped by rebuilds: churn over the same keys does not grow the array
    assertThat(table.capacity()).isLessThanOrEqualTo(4 * Integer.highestOneBit(2 * expected.size()));
  }

  @Test
  void aChangeThatKeepsNothingAddsNothingAndOneThatThrowsChangesNothing() {
    SlotTable table = new SlotTable();
    table.update(key(1), (current, fresh) -> {
      assertThat(current).isNull();
      assertThat(fresh.key).isEqualTo(key(1));
      return false;
    });
    assertThat(table.get(key(1))).isNull();
    assertThat(table.size()).isZero();
    put(table, 2, new byte[] {2});
    try {
      table.update(key(3), (current, fresh) -> {
        throw new IllegalStateException("condition failed");
      });
    } catch (IllegalStateException expected) {
      // the row stays as it was
    }
    assertThat(table.get(key(3))).isNull();
    assertThat(table.size()).isEqualTo(1);
    // the failed change gave its reserved place back: filling far past the first rebuild still works
    for (long n = 10; n < 10_000; n++) {
      put(table, n, new byte[] {1});
    }
    assertThat(table.size()).isEqualTo(1 + 9_990);
  }

  @Test
  void readersFindEveryKeyPresentWhileWritersAddRemoveAndRebuild() throws Exception {
    SlotTable table = new SlotTable();
    // keys 0..999 stay for the whole test; writers churn 1,000,000 upwards, forcing rebuilds
    for (long n = 0; n < 1_000; n++) {
      put(table, n, new byte[] {7});
    }
    AtomicBoolean writing = new AtomicBoolean(true);
    ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
    List<Thread> threads = new ArrayList<>();
    for (int w = 0; w < 4; w++) {
      long base = 1_000_000L + w * 1_000_000L;
      threads.add(new Thread(() -> {
        for (long i = 0; i < 60_000; i++) {
          put(table, base + i, new byte[] {1});
          if (i % 3 == 0) {
            remove(table, base + i / 2);
          }
        }
      }));
    }
    for (int r = 0; r < 2; r++) {
      long seed = r;
      threads.add(new Thread(() -> {
        Random random = new Random(seed);
        while (writing.get()) {
          long n = random.nextInt(1_000);
          Slot slot = table.get(key(n));
          if (slot == null || slot.cells == null) {
            problems.add("key " + n + " missing");
          }
          if (table.get(key(999_999L)) != null) {
            problems.add("an absent key was found");
          }
        }
      }));
    }
    for (Thread t : threads) {
      t.start();
    }
    for (int w = 0; w < 4; w++) {
      threads.get(w).join();
    }
    writing.set(false);
    for (Thread t : threads) {
      t.join();
    }
    assertThat(problems).isEmpty();
    long expectedSize = 1_000;
    for (int w = 0; w < 4; w++) {
      long base = 1_000_000L + w * 1_000_000L;
      java.util.Set<Long> removed = new java.util.HashSet<>();
      for (long i = 0; i < 60_000; i += 3) {
        removed.add(base + i / 2);
      }
      for (long i = 0; i < 60_000; i++) {
        boolean present = !removed.contains(base + i);
        assertThat(table.get(key(base + i)) != null).as("key %d", base + i).isEqualTo(present);
        if (present) {
          expectedSize++;
        }
      }
    }
    assertThat(table.size()).isEqualTo(expectedSize);
  }
}
