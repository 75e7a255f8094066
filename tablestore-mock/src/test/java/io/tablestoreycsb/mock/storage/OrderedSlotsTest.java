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

  /** Inserts as {@link Partition} does: merging the buffer when the insert says it is full. */
  private static void insert(OrderedSlots order, byte[] key) {
    if (order.insert(new Slot(key))) {
      order.merge();
    }
  }

  private static List<Integer> numbers(Iterator<Slot> slots) {
    List<Integer> out = new ArrayList<>();
    slots.forEachRemaining(s -> out.add((int) (RowKey.decode(s.key,
        List.of(new com.alicloud.openservices.tablestore.model.PrimaryKeySchema("k",
            com.alicloud.openservices.tablestore.model.PrimaryKeyType.INTEGER))).getPrimaryKeyColumn(0).getValue().asLong())));
    return out;
  }

  @Test
  void anIndexOfManyBlocksKeepsTheOrderAsChunksComeAndGo() {
    OrderedSlots order = new OrderedSlots();
    TreeMap<Integer, Boolean> expected = new TreeMap<>();
    Random random = new Random(13);
    while (expected.size() < 60_000) {
      int n = random.nextInt(1_000_000);
      if (expected.put(n, true) == null) {
        insert(order, key(n));
      }
    }
    assertThat(order.chunkCount()).as("chunks over several index blocks").isGreaterThan(2 * OrderedSlots.MAX_BLOCK);
    checkRanges(order, expected, random);
    for (int n : new ArrayList<>(expected.keySet())) {
      if (n % 5_000 != 0) {
        order.remove(key(n));
        expected.remove(n);
      }
    }
    assertThat(order.chunkCount()).as("emptied chunks went away").isLessThan(OrderedSlots.MAX_BLOCK);
    checkRanges(order, expected, random);
    for (int n = 0; n < 1_000_000; n += 7) {
      if (expected.put(n, true) == null) {
        insert(order, key(n));
      }
    }
    checkRanges(order, expected, random);
  }

  private static void checkRanges(OrderedSlots order, TreeMap<Integer, Boolean> expected, Random random) {
    assertThat(numbers(order.ascending(null, null))).containsExactlyElementsOf(expected.keySet());
    assertThat(numbers(order.descending(null, null))).containsExactlyElementsOf(expected.descendingKeySet());
    for (int i = 0; i < 50; i++) {
      int from = random.nextInt(1_000_000);
      int to = from + random.nextInt(100_000);
      assertThat(numbers(order.ascending(key(from), key(to))))
          .containsExactlyElementsOf(expected.subMap(from, true, to, false).keySet());
      assertThat(numbers(order.descending(key(to), key(from))))
          .containsExactlyElementsOf(expected.subMap(from, false, to, true).descendingMap().keySet());
    }
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
        insert(order, key(n));
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
      insert(order, key(n));
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
          insert(order, key(n));
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

  @Test
  void newKeysWaitInTheBufferUntilAReadOrAQuarterOfTheOrderedKeysMoreAskForAMerge() {
    OrderedSlots order = new OrderedSlots();
    TreeMap<Integer, Boolean> expected = new TreeMap<>();
    Random random = new Random(3);
    List<Integer> mergeAsked = new ArrayList<>();
    for (int i = 0; i < 3 * OrderedSlots.MIN_PENDING; i++) {
      int n = random.nextInt(1_000_000);
      if (expected.put(n, true) == null && order.insert(new Slot(key(n)))) {
        mergeAsked.add(expected.size());
        order.merge();
      }
    }
    assertThat(mergeAsked).as("the fewest a merge waits for").startsWith(OrderedSlots.MIN_PENDING, 2 * OrderedSlots.MIN_PENDING);
    assertThat(order.unmergedCount()).isEqualTo(expected.size() - mergeAsked.get(mergeAsked.size() - 1));
    checkRanges(order, expected, random); // merges what the buffer holds
    assertThat(order.unmergedCount()).isZero();

    fillMerged(order, expected, random, 40_000);
    assertThat(insertsUntilMergeAsked(order, expected, random)).as("a quarter of the 40,000 ordered keys")
        .isEqualTo(10_000);
    fillMerged(order, expected, random, 4 * OrderedSlots.MAX_PENDING + 20_000);
    assertThat(insertsUntilMergeAsked(order, expected, random)).as("the most a merge waits for")
        .isEqualTo(OrderedSlots.MAX_PENDING);
    assertThat(numbers(order.descending(null, null))).containsExactlyElementsOf(expected.descendingKeySet());
  }

  /** Inserts new random keys, merging whenever asked, until {@code expected} holds {@code size}; then merges the rest. */
  private static void fillMerged(OrderedSlots order, TreeMap<Integer, Boolean> expected, Random random, int size) {
    while (expected.size() < size) {
      int n = random.nextInt(1_000_000);
      if (expected.put(n, true) == null && order.insert(new Slot(key(n)))) {
        order.merge();
      }
    }
    order.merge();
  }

  /** How many new keys go into the buffer until an insert asks for a merge (that one included). */
  private static int insertsUntilMergeAsked(OrderedSlots order, TreeMap<Integer, Boolean> expected, Random random) {
    int inserted = 0;
    while (true) {
      int n = random.nextInt(1_000_000);
      if (expected.put(n, true) == null) {
        inserted++;
        if (order.insert(new Slot(key(n)))) {
          return inserted;
        }
      }
    }
  }

  @Test
  void aKeyInsertedAgainBeforeAMergeKeepsItsLastSlotAndARemovalTakesABufferedKey() {
    OrderedSlots order = new OrderedSlots();
    Slot first = new Slot(key(5));
    Slot second = new Slot(key(5));
    order.insert(first);
    order.insert(new Slot(key(9)));
    order.insert(second);
    Iterator<Slot> all = order.ascending(null, null);
    assertThat(all.next()).isSameAs(second);
    assertThat(numbers(order.ascending(null, null))).containsExactly(5, 9);

    order.insert(new Slot(key(7)));
    order.remove(key(7));
    order.remove(key(9));
    assertThat(numbers(order.ascending(null, null))).containsExactly(5);
  }

  @Test
  void aScanDuringInsertsReturnsEveryKeyInsertedBeforeItOnceAndInOrder() throws Exception {
    OrderedSlots order = new OrderedSlots();
    ConcurrentSkipListSet<Integer> inserted = new ConcurrentSkipListSet<>();
    List<Thread> writers = new ArrayList<>();
    for (int w = 0; w < 2; w++) {
      int writer = w;
      writers.add(new Thread(() -> {
        Random random = new Random(writer);
        for (int i = 0; i < 30_000; i++) {
          int n = random.nextInt(50_000_000) * 2 + writer; // the two writers' keys never meet
          if (!inserted.contains(n)) {
            insert(order, key(n));
            inserted.add(n);
          }
        }
      }));
    }
    writers.forEach(Thread::start);
    try {
      int scans = 0;
      while (writers.stream().anyMatch(Thread::isAlive) || scans < 2) {
        List<Integer> before = new ArrayList<>(inserted);
        List<Integer> up = numbers(order.ascending(null, null));
        List<Integer> down = numbers(order.descending(null, null));
        java.util.Collections.reverse(down);
        for (List<Integer> scan : List.of(up, down)) {
          assertThat(notAbove(scan)).as("keys not above the one before them (out of order or twice)").isEmpty();
          java.util.Set<Integer> seen = new java.util.HashSet<>(scan);
          assertThat(before.stream().filter(n -> !seen.contains(n)).toList()).as("inserted before the scan, missing").isEmpty();
        }
        scans++;
      }
    } finally {
      for (Thread writer : writers) {
        writer.join();
      }
    }
    assertThat(numbers(order.ascending(null, null))).containsExactlyElementsOf(inserted);
  }

  /** The numbers of {@code ascending} not above the one before them. */
  private static List<Integer> notAbove(List<Integer> ascending) {
    List<Integer> out = new ArrayList<>();
    for (int i = 1; i < ascending.size(); i++) {
      if (ascending.get(i) <= ascending.get(i - 1)) {
        out.add(ascending.get(i));
      }
    }
    return out;
  }

  /** Keys from a 4-byte alphabet with zero and 0xFF bytes, 0 to 12 bytes long: many share their first 8 bytes. */
  private static byte[] rawKey(Random random) {
    byte[] alphabet = {0x00, 0x01, (byte) 0x80, (byte) 0xFF};
    byte[] key = new byte[random.nextInt(13)];
    for (int i = 0; i < key.length; i++) {
      key[i] = alphabet[random.nextInt(alphabet.length)];
    }
    return key;
  }

  private static List<String> hex(Iterator<Slot> slots) {
    List<String> out = new ArrayList<>();
    slots.forEachRemaining(s -> out.add(java.util.HexFormat.of().formatHex(s.key)));
    return out;
  }

  private static List<String> hex(java.util.Collection<byte[]> keys) {
    return keys.stream().map(k -> java.util.HexFormat.of().formatHex(k)).toList();
  }

  @Test
  void aKeysFirstEightBytesAsALongNeverOrderTwoKeysAgainstTheirBytes() {
    Random random = new Random(3);
    for (int i = 0; i < 200_000; i++) {
      byte[] a = rawKey(random);
      byte[] b = rawKey(random);
      int byPrefix = Long.signum(Long.compareUnsigned(OrderedSlots.prefix(a), OrderedSlots.prefix(b)));
      if (byPrefix != 0) {
        assertThat(byPrefix).as("%s vs %s", java.util.HexFormat.of().formatHex(a), java.util.HexFormat.of().formatHex(b))
            .isEqualTo(Integer.signum(java.util.Arrays.compareUnsigned(a, b)));
      }
    }
  }

  @Test
  void keysSharingTheirFirstBytesSplitAndEmptyChunksAndStillIterateInOrderEitherWayAndByPages() {
    OrderedSlots order = new OrderedSlots();
    java.util.TreeSet<byte[]> expected = new java.util.TreeSet<>(java.util.Arrays::compareUnsigned);
    Random random = new Random(5);
    int mostChunks = 1;
    for (int step = 0; step < 30_000; step++) {
      byte[] key = rawKey(random);
      // inserts win 3 to 1 for the first half (the index grows), removes 2 to 1 after (chunks go away)
      boolean remove = step < 15_000 ? random.nextInt(4) == 0 : random.nextInt(3) > 0;
      if (remove) {
        order.remove(key);
        expected.remove(key);
      } else if (expected.add(key)) {
        insert(order, key);
      }
      mostChunks = Math.max(mostChunks, order.chunkCount());
      if (step % 1_499 == 0 && !expected.isEmpty()) {
        // bounds taken from present keys (often a chunk's own bound) and from absent ones
        byte[] from = random.nextBoolean() ? expected.ceiling(rawKey(random)) : rawKey(random);
        byte[] to = rawKey(random);
        if (from == null || java.util.Arrays.compareUnsigned(from, to) > 0) {
          from = to;
        }
        assertThat(hex(order.ascending(from, to))).containsExactlyElementsOf(hex(expected.subSet(from, true, to, false)));
        assertThat(hex(order.descending(to, from))).containsExactlyElementsOf(hex(expected.subSet(from, false, to, true).descendingSet()));
      }
    }
    assertThat(mostChunks).as("runs split").isGreaterThan(20);
    assertThat(hex(order.ascending(null, null))).containsExactlyElementsOf(hex(expected));
    assertThat(hex(order.descending(null, null))).containsExactlyElementsOf(hex(expected.descendingSet()));
    // Pages of 7 as GetRange reads them: each page starts at the key after the last one returned.
    List<String> paged = new ArrayList<>();
    byte[] start = null;
    while (true) {
      Iterator<Slot> page = order.ascending(start, null);
      byte[] last = null;
      for (int i = 0; i < 7 && page.hasNext(); i++) {
        last = page.next().key;
        paged.add(java.util.HexFormat.of().formatHex(last));
      }
      if (last == null) {
        break;
      }
      start = java.util.Arrays.copyOf(last, last.length + 1); // the smallest key above last
    }
    assertThat(paged).containsExactlyElementsOf(hex(expected));
    List<String> pagedDown = new ArrayList<>();
    byte[] top = null;
    while (true) {
      Iterator<Slot> page = order.descending(top, null);
      byte[] last = null;
      for (int i = 0; i < 7 && page.hasNext(); i++) {
        last = page.next().key;
        pagedDown.add(java.util.HexFormat.of().formatHex(last));
      }
      if (last == null) {
        break;
      }
      top = expected.lower(last); // the next page starts at (inclusive) the key below the last one returned
      if (top == null) {
        break;
      }
    }
    assertThat(pagedDown).containsExactlyElementsOf(hex(expected.descendingSet()));
    for (byte[] key : new ArrayList<>(expected)) {
      order.remove(key);
    }
    assertThat(order.chunkCount()).as("every chunk but the lowest went with its last key").isEqualTo(1);
    assertThat(order.ascending(null, null).hasNext()).isFalse();
    assertThat(order.descending(null, null).hasNext()).isFalse();
  }
}
