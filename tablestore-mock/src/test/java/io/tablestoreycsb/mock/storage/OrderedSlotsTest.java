package io.tablestoreycsb.mock.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * The partition's key order against a plain sorted map: inserts and removes that split runs and
 * empty chunks, ranges in both directions, and scans running while another thread writes.
 */
class OrderedSlotsTest {
  private static byte[] key(int n) {
    return RowKey.encode(com.alicloud.openservices.tablestore.model.PrimaryKeyValue.fromLong(n));
  }

  private static List<Integer> numbers(Iterator<Slot> slots) {
    List<Integer> out = new ArrayList<>();
    slots.forEachRemaining(s -> out.add((int) (RowKey.decode(s.key,
        List.of(new com.alicloud.openservices.tablestore.model.PrimaryKeySchema("k",
            com.alicloud.openservices.tablestore.model.PrimaryKeyType.INTEGER))).getPrimaryKeyColumn(0).getValue().asLong())));
    return out;
  }

  @Test
  void rangesInBothDirectionsMatchASortedMapThroughSplitsAndRemovals() {
    OrderedSlots order = new OrderedSlots();
    TreeMap<Integer, Boolean> expected = new TreeMap<>();
    Random random = new Random(7);
    for (int step = 0; step < 20_000; step++) {
      int n = random.nextInt(3_000);
      if (random.nextInt(3) == 0) {
        order.remove(key(n));
        expected.remove(n);
      } else if (!expected.containsKey(n)) {
        order.insert(new Slot(key(n)));
        expected.put(n, true);
      }
      if (step % 997 == 0) {
        int from = random.nextInt(3_000);
        int to = from + random.nextInt(1_000);
        assertThat(numbers(order.ascending(key(from), key(to))))
            .containsExactlyElementsOf(expected.subMap(from, true, to, false).keySet());
        assertThat(numbers(order.descending(key(to), key(from))))
            .containsExactlyElementsOf(expected.subMap(from, false, to, true).descendingMap().keySet());
      }
    }
    assertThat(numbers(order.ascending(null, null))).containsExactlyElementsOf(expected.keySet());
    assertThat(numbers(order.descending(null, null))).containsExactlyElementsOf(expected.descendingKeySet());
    for (int n : new ArrayList<>(expected.keySet())) {
      order.remove(key(n));
    }
    assertThat(order.ascending(null, null).hasNext()).isFalse();
    assertThat(order.descending(null, null).hasNext()).isFalse();
  }

  @Test
  void aScanDuringWritesReturnsEveryKeyPresentThroughoutOnceAndInOrder() throws Exception {
    OrderedSlots order = new OrderedSlots();
    // Even keys stay for the whole test; odd keys come and go (splitting and emptying runs).
    for (int n = 0; n < 4_000; n += 2) {
      order.insert(new Slot(key(n)));
    }
    AtomicBoolean stop = new AtomicBoolean();
    ConcurrentSkipListSet<Integer> odd = new ConcurrentSkipListSet<>();
    Thread writer = new Thread(() -> {
      Random random = new Random(11);
      while (!stop.get()) {
        int n = random.nextInt(2_000) * 2 + 1;
        if (odd.remove(n)) {
          order.remove(key(n));
        } else {
          odd.add(n);
          order.insert(new Slot(key(n)));
        }
      }
    });
    writer.start();
    try {
      for (int scan = 0; scan < 40; scan++) {
        List<Integer> up = numbers(order.ascending(null, null));
        List<Integer> down = numbers(order.descending(null, null));
        assertThat(up).isSorted().doesNotHaveDuplicates();
        assertThat(up.stream().filter(n -> n % 2 == 0).count()).isEqualTo(2_000);
        assertThat(down).doesNotHaveDuplicates();
        assertThat(down.stream().filter(n -> n % 2 == 0).count()).isEqualTo(2_000);
        List<Integer> reversed = new ArrayList<>(down);
        java.util.Collections.reverse(reversed);
        assertThat(reversed).isSorted();
      }
    } finally {
      stop.set(true);
      writer.join();
    }
  }
}
