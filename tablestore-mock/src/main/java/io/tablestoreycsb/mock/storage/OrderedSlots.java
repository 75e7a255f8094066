package io.tablestoreycsb.mock.storage;

import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A partition's slots in key order (unsigned bytes, {@link RowKey}), for the range reads: sorted
 * runs of up to {@link #MAX_RUN} keys, each run in a chunk, the chunks in a skip list by their low
 * bound. Finding a key's place walks the small skip list (one entry per chunk, its upper levels
 * stay in cache) and then binary-searches one run's key array.
 *
 * <p>Why not one skip list of all rows: inserting a random key walked ~18 levels of a skip list
 * of a few hundred thousand rows, each level an index node, a node and a key array, all cache
 * misses on a shared machine: {@code ConcurrentSkipListMap.doPut} was 20% of the mock's sampled
 * CPU under PutRow of new keys (docs/performance.md). It also costs less memory (two references
 * per row in a run instead of a 24-byte node and half an index node).
 *
 * <p>Writers (insert, remove) take one lock per partition and publish a new run (copy on write),
 * so readers never lock and always see a sorted run. A split publishes the new right chunk before
 * shrinking the left one, so a key is always in some published run. Iterators are weakly
 * consistent like the skip list's: they move from chunk to chunk by the last key they returned,
 * never return a key twice, and return every key present for the whole iteration.
 */
final class OrderedSlots {
  /** Keys per run before it splits in two: a copy of up to 2 x 64 references per insert. */
  static final int MAX_RUN = 64;
  private static final byte[] LOWEST = new byte[0];
  private static final Run EMPTY = new Run(new byte[0][], new Slot[0]);

  /** Chunks by low bound: every key of a chunk is >= its bound and < the next chunk's bound. */
  private final ConcurrentSkipListMap<byte[], Chunk> chunks = new ConcurrentSkipListMap<>(Arrays::compareUnsigned);
  private final ReentrantLock writeLock = new ReentrantLock();

  OrderedSlots() {
    chunks.put(LOWEST, new Chunk());
  }

  /** One chunk's sorted keys and their slots ({@code keys[i] == slots[i].key}); never changed once published. */
  private record Run(byte[][] keys, Slot[] slots) {
    int size() {
      return keys.length;
    }

    /** Index of the first key >= {@code key} (or > when {@code strictly}). */
    int firstAtLeast(byte[] key, boolean strictly) {
      int low = 0;
      int high = keys.length;
      while (low < high) {
        int mid = (low + high) >>> 1;
        int c = Arrays.compareUnsigned(keys[mid], key);
        if (c < 0 || (strictly && c == 0)) {
          low = mid + 1;
        } else {
          high = mid;
        }
      }
      return low;
    }
  }

  private static final class Chunk {
    volatile Run run = EMPTY;
  }

  /** Adds a slot whose key is not here (the caller holds the row's lock in the hash map). */
  void insert(Slot slot) {
    writeLock.lock();
    try {
      Map.Entry<byte[], Chunk> entry = chunks.floorEntry(slot.key);
      Chunk chunk = entry.getValue();
      Run run = chunk.run;
      int at = run.firstAtLeast(slot.key, false);
      int n = run.size();
      if (at < n && Arrays.equals(run.keys[at], slot.key)) {
        byte[][] keys = run.keys.clone();
        Slot[] slots = run.slots.clone();
        keys[at] = slot.key;
        slots[at] = slot;
        chunk.run = new Run(keys, slots);
        return;
      }
      byte[][] keys = new byte[n + 1][];
      Slot[] slots = new Slot[n + 1];
      System.arraycopy(run.keys, 0, keys, 0, at);
      System.arraycopy(run.slots, 0, slots, 0, at);
      keys[at] = slot.key;
      slots[at] = slot;
      System.arraycopy(run.keys, at, keys, at + 1, n - at);
      System.arraycopy(run.slots, at, slots, at + 1, n - at);
      if (keys.length <= MAX_RUN) {
        chunk.run = new Run(keys, slots);
        return;
      }
      int half = keys.length / 2;
      Chunk right = new Chunk();
      right.run = new Run(Arrays.copyOfRange(keys, half, keys.length), Arrays.copyOfRange(slots, half, slots.length));
      chunks.put(keys[half], right); // first the right half, then shrink the left: a key is always published
      chunk.run = new Run(Arrays.copyOf(keys, half), Arrays.copyOf(slots, half));
    } finally {
      writeLock.unlock();
    }
  }

  /** Removes the slot with this key, if here. */
  void remove(byte[] key) {
    writeLock.lock();
    try {
      Map.Entry<byte[], Chunk> entry = chunks.floorEntry(key);
      Chunk chunk = entry.getValue();
      Run run = chunk.run;
      int at = run.firstAtLeast(key, false);
      if (at == run.size() || !Arrays.equals(run.keys[at], key)) {
        return;
      }
      int n = run.size();
      if (n == 1 && entry.getKey() != LOWEST) {
        chunks.remove(entry.getKey()); // its keys' range joins the chunk below
        chunk.run = EMPTY;
        return;
      }
      byte[][] keys = new byte[n - 1][];
      Slot[] slots = new Slot[n - 1];
      System.arraycopy(run.keys, 0, keys, 0, at);
      System.arraycopy(run.slots, 0, slots, 0, at);
      System.arraycopy(run.keys, at + 1, keys, at, n - at - 1);
      System.arraycopy(run.slots, at + 1, slots, at, n - at - 1);
      chunk.run = new Run(keys, slots);
    } finally {
      writeLock.unlock();
    }
  }

  void clear() {
    writeLock.lock();
    try {
      chunks.clear();
      chunks.put(LOWEST, new Chunk());
    } finally {
      writeLock.unlock();
    }
  }

  /** Slots with {@code from <= key < to} (either null: unbounded) in ascending order. */
  Iterator<Slot> ascending(byte[] from, byte[] to) {
    return new Ascending(from, to);
  }

  /** Slots with {@code to < key <= from} (either null: unbounded) in descending order. */
  Iterator<Slot> descending(byte[] from, byte[] to) {
    return new Descending(from, to);
  }

  /**
   * The run of the chunk holding keys up to {@code upper} (inclusive; null: the last chunk) as
   * {@code entry} saw it, re-read until no chunk was split off above the entry's bound below
   * {@code upper} meanwhile (its keys would be missing from the run read).
   */
  private Map.Entry<byte[], Chunk> chunkBelow(byte[] upper, boolean inclusive) {
    while (true) {
      Map.Entry<byte[], Chunk> entry = upper == null ? chunks.lastEntry()
          : inclusive ? chunks.floorEntry(upper) : chunks.lowerEntry(upper);
      if (entry == null) {
        return null;
      }
      Run run = entry.getValue().run;
      byte[] next = chunks.higherKey(entry.getKey());
      if (next == null || upper == null && chunks.lastKey() == entry.getKey()
          || upper != null && Arrays.compareUnsigned(next, upper) > (inclusive ? 0 : -1)) {
        return Map.entry(entry.getKey(), snapshot(entry.getValue(), run));
      }
    }
  }

  private static Chunk snapshot(Chunk chunk, Run run) {
    Chunk copy = new Chunk();
    copy.run = run;
    return copy;
  }

  private final class Ascending implements Iterator<Slot> {
    private final byte[] skipBelow; // from, or null
    private final byte[] to;
    private byte[] bound; // the current chunk's low bound, null when done
    private Run run;
    private int at;
    private byte[] last; // the last key returned, or null
    private Slot ahead;

    Ascending(byte[] from, byte[] to) {
      this.skipBelow = from;
      this.to = to;
      Map.Entry<byte[], Chunk> entry = from == null ? chunks.firstEntry() : chunks.floorEntry(from);
      bound = entry.getKey();
      run = entry.getValue().run;
      at = from == null ? 0 : run.firstAtLeast(from, false);
    }

    @Override
    public boolean hasNext() {
      while (ahead == null) {
        if (at < run.size()) {
          Slot slot = run.slots[at];
          byte[] key = run.keys[at];
          at++;
          if (last != null && Arrays.compareUnsigned(key, last) <= 0
              || skipBelow != null && Arrays.compareUnsigned(key, skipBelow) < 0) {
            continue;
          }
          if (to != null && Arrays.compareUnsigned(key, to) >= 0) {
            run = EMPTY;
            at = 0;
            bound = null;
            return false;
          }
          ahead = slot;
          last = key;
          return true;
        }
        if (bound == null) {
          return false;
        }
        Map.Entry<byte[], Chunk> next = chunks.higherEntry(bound);
        if (next == null) {
          bound = null;
          return false;
        }
        bound = next.getKey();
        run = next.getValue().run;
        at = last == null ? (skipBelow == null ? 0 : run.firstAtLeast(skipBelow, false)) : run.firstAtLeast(last, true);
      }
      return true;
    }

    @Override
    public Slot next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      Slot slot = ahead;
      ahead = null;
      return slot;
    }
  }

  private final class Descending implements Iterator<Slot> {
    private final byte[] to;
    private byte[] bound; // the current chunk's low bound, null when done
    private Run run;
    private int at; // the next index to return, counting down
    private Slot ahead;

    Descending(byte[] from, byte[] to) {
      this.to = to;
      Map.Entry<byte[], Chunk> entry = chunkBelow(from, true);
      bound = entry.getKey();
      run = entry.getValue().run;
      at = (from == null ? run.size() : run.firstAtLeast(from, true)) - 1;
    }

    @Override
    public boolean hasNext() {
      while (ahead == null) {
        if (bound == null) {
          return false;
        }
        if (at >= 0) {
          Slot slot = run.slots[at];
          byte[] key = run.keys[at];
          at--;
          if (to != null && Arrays.compareUnsigned(key, to) <= 0) {
            bound = null;
            return false;
          }
          ahead = slot;
          return true;
        }
        if (bound.length == 0) {
          bound = null;
          return false;
        }
        // The chunk below, as it holds every key under this chunk's bound: those are all below
        // what was returned, so none twice.
        byte[] under = bound;
        Map.Entry<byte[], Chunk> entry = chunkBelow(under, false);
        if (entry == null) {
          bound = null;
          return false;
        }
        bound = entry.getKey();
        run = entry.getValue().run;
        at = run.firstAtLeast(under, false) - 1;
      }
      return true;
    }

    @Override
    public Slot next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      Slot slot = ahead;
      ahead = null;
      return slot;
    }
  }
}
