package io.tablestoreycsb.mock.storage;

import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A partition's slots in key order (unsigned bytes, {@link RowKey}), for the range reads: sorted
 * runs of up to {@link #MAX_RUN} keys, each run in a chunk, the chunks in sorted blocks of arrays by
 * their low bound ({@link Index}). Finding a key's place binary-searches the blocks' first bounds,
 * one block (its bounds' first 8 bytes sit in one {@code long[]}, so most steps compare two longs
 * without touching a key) and then one run's key array.
 *
 * <p>Why not one skip list of all rows: inserting a random key walked ~18 levels of a skip list
 * of a few hundred thousand rows, each level an index node, a node and a key array, all cache
 * misses on a shared machine: {@code ConcurrentSkipListMap.doPut} was 20% of the mock's sampled
 * CPU under PutRow of new keys (docs/performance.md). It also costs less memory (two references
 * per row in a run instead of a 24-byte node and half an index node). Why not a skip list of the
 * chunks: its {@code floorEntry} still walked index nodes and key arrays scattered over the heap,
 * 11% of the mock's samples (docs/performance.md, "Mock storage CPU (5)"); a sorted array of a few
 * thousand bounds is searched in one contiguous {@code long[]}, whose upper levels stay in cache.
 *
 * <p>Writers (insert, remove) take one lock per partition and publish a new run (copy on write),
 * and a new index when a chunk splits off or goes away (copy on write too: one in ~{@code MAX_RUN/2}
 * inserts of random keys), so readers never lock and always see a sorted run and a sorted index. A
 * split publishes the index with the new right chunk before shrinking the left one, so a key is
 * always in some published run. Iterators are weakly consistent like a skip list's: they move from
 * chunk to chunk by the last key they returned (looked up in the index current then), never return
 * a key twice, and return every key present for the whole iteration.
 */
final class OrderedSlots {
  /** Keys per run before it splits in two: a copy of up to 2 x 64 references per insert. */
  static final int MAX_RUN = 64;
  private static final byte[] LOWEST = new byte[0];
  private static final Run EMPTY = new Run(new byte[0][], new Slot[0]);

  /** The chunks by low bound; replaced whole (never changed in place) when one is added or removed. */
  private volatile Index index = Index.single(new Chunk());
  private final ReentrantLock writeLock = new ReentrantLock();

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

  /**
   * A run of the chunks' low bounds in ascending order, each bound's first 8 bytes as an unsigned
   * big-endian long (zero-padded), and the chunks. Never changed once published.
   */
  private record Block(byte[][] bounds, long[] prefixes, Chunk[] chunks) {
    int size() {
      return bounds.length;
    }

    /** Position of the last bound <= {@code key} (< when {@code strictly}); -1 if none. */
    int lastAtMost(byte[] key, long prefix, boolean strictly) {
      return OrderedSlots.lastAtMost(prefixes, bounds, bounds.length, key, prefix, strictly);
    }

    Block with(int at, byte[] bound, Chunk chunk) {
      int n = bounds.length;
      byte[][] b = new byte[n + 1][];
      long[] p = new long[n + 1];
      Chunk[] c = new Chunk[n + 1];
      System.arraycopy(bounds, 0, b, 0, at);
      System.arraycopy(prefixes, 0, p, 0, at);
      System.arraycopy(chunks, 0, c, 0, at);
      b[at] = bound;
      p[at] = prefix(bound);
      c[at] = chunk;
      System.arraycopy(bounds, at, b, at + 1, n - at);
      System.arraycopy(prefixes, at, p, at + 1, n - at);
      System.arraycopy(chunks, at, c, at + 1, n - at);
      return new Block(b, p, c);
    }

    Block without(int at) {
      int n = bounds.length;
      byte[][] b = new byte[n - 1][];
      long[] p = new long[n - 1];
      Chunk[] c = new Chunk[n - 1];
      System.arraycopy(bounds, 0, b, 0, at);
      System.arraycopy(prefixes, 0, p, 0, at);
      System.arraycopy(chunks, 0, c, 0, at);
      System.arraycopy(bounds, at + 1, b, at, n - at - 1);
      System.arraycopy(prefixes, at + 1, p, at, n - at - 1);
      System.arraycopy(chunks, at + 1, c, at, n - at - 1);
      return new Block(b, p, c);
    }

    Block part(int from, int to) {
      return new Block(Arrays.copyOfRange(bounds, from, to), Arrays.copyOfRange(prefixes, from, to),
          Arrays.copyOfRange(chunks, from, to));
    }
  }

  /** Bounds per block before it splits in two: a chunk split copies one block, not the whole index. */
  static final int MAX_BLOCK = 512;

  /**
   * The chunks by low bound ({@code bound(0)} is the empty key, below every key), in blocks of up
   * to {@link #MAX_BLOCK}: every key of chunk {@code i} is >= {@code bound(i)} and <
   * {@code bound(i + 1)}. Positions count across blocks. A change copies the one block it touches
   * and the short arrays of blocks (one entry per block): with one sorted array of all bounds, a
   * chunk split copied the whole index, which at a million rows (~30,000 chunks) was ~15 KB a new
   * row and 6% of the mock's sampled CPU under PutRow of new keys. Never changed once published.
   */
  private static final class Index {
    private final Block[] blocks;
    /** Each block's first bound and its prefix, and the position of its first bound. */
    private final byte[][] firsts;
    private final long[] firstPrefixes;
    private final int[] starts;
    private final int size;

    private Index(Block[] blocks) {
      this.blocks = blocks;
      int n = blocks.length;
      firsts = new byte[n][];
      firstPrefixes = new long[n];
      starts = new int[n];
      int position = 0;
      for (int i = 0; i < n; i++) {
        firsts[i] = blocks[i].bounds[0];
        firstPrefixes[i] = blocks[i].prefixes[0];
        starts[i] = position;
        position += blocks[i].size();
      }
      size = position;
    }

    static Index single(Chunk chunk) {
      return new Index(new Block[] {new Block(new byte[][] {LOWEST}, new long[] {0L}, new Chunk[] {chunk})});
    }

    int size() {
      return size;
    }

    /** Position of the last bound <= {@code key} (< when {@code strictly}); -1 if none. */
    int lastAtMost(byte[] key, boolean strictly) {
      long prefix = prefix(key);
      int block = OrderedSlots.lastAtMost(firstPrefixes, firsts, firsts.length, key, prefix, strictly);
      if (block < 0) {
        return -1;
      }
      return starts[block] + blocks[block].lastAtMost(key, prefix, strictly);
    }

    /**
     * Where the last bound <= {@code key} is, as {@code block << 32 | offset} in the block: the
     * writers' look-up, which then reads that chunk without searching for its block again.
     */
    long locate(byte[] key) {
      long prefix = prefix(key);
      int block = OrderedSlots.lastAtMost(firstPrefixes, firsts, firsts.length, key, prefix, false); // >= 0: LOWEST
      return (long) block << 32 | blocks[block].lastAtMost(key, prefix, false);
    }

    Chunk chunk(long place) {
      return blocks[(int) (place >>> 32)].chunks[(int) place];
    }

    /** Whether {@code place} is position 0 (the chunk below every key, never removed). */
    static boolean isFirst(long place) {
      return place == 0;
    }

    /** With a chunk whose bound is just above the bound at {@code place}. */
    Index withAfter(long place, byte[] bound, Chunk chunk) {
      int b = (int) (place >>> 32);
      return with(starts[b] + (int) place + 1, bound, chunk);
    }

    /** Without the chunk at {@code place} (not the first). */
    Index without(long place) {
      int b = (int) (place >>> 32);
      return without(starts[b] + (int) place);
    }

    /** The block holding position {@code position}. */
    private int blockOf(int position) {
      int low = 0;
      int high = starts.length - 1;
      while (low < high) {
        int mid = (low + high + 1) >>> 1;
        if (starts[mid] <= position) {
          low = mid;
        } else {
          high = mid - 1;
        }
      }
      return low;
    }

    byte[] bound(int position) {
      int b = blockOf(position);
      return blocks[b].bounds[position - starts[b]];
    }

    Chunk chunk(int position) {
      int b = blockOf(position);
      return blocks[b].chunks[position - starts[b]];
    }

    /** With a chunk whose bound is above {@code bound(at - 1)} and below {@code bound(at)}; {@code at > 0}. */
    Index with(int at, byte[] bound, Chunk chunk) {
      int b = blockOf(at - 1);
      Block grown = blocks[b].with(at - starts[b], bound, chunk);
      if (grown.size() <= MAX_BLOCK) {
        Block[] next = blocks.clone();
        next[b] = grown;
        return new Index(next);
      }
      int half = grown.size() / 2;
      Block[] next = new Block[blocks.length + 1];
      System.arraycopy(blocks, 0, next, 0, b);
      next[b] = grown.part(0, half);
      next[b + 1] = grown.part(half, grown.size());
      System.arraycopy(blocks, b + 1, next, b + 2, blocks.length - b - 1);
      return new Index(next);
    }

    /** Without the chunk at {@code at > 0}. */
    Index without(int at) {
      int b = blockOf(at);
      Block shrunk = blocks[b].without(at - starts[b]);
      if (shrunk.size() > 0) {
        Block[] next = blocks.clone();
        next[b] = shrunk;
        return new Index(next);
      }
      Block[] next = new Block[blocks.length - 1]; // b > 0: position 0 is never removed
      System.arraycopy(blocks, 0, next, 0, b);
      System.arraycopy(blocks, b + 1, next, b, blocks.length - b - 1);
      return new Index(next);
    }
  }

  /**
   * Position of the last of {@code bounds[0, n)} (ascending; {@code prefixes} their first 8 bytes)
   * <= {@code key} (< when {@code strictly}); -1 if none. Most steps compare two longs.
   */
  private static int lastAtMost(long[] prefixes, byte[][] bounds, int n, byte[] key, long prefix, boolean strictly) {
    int low = 0;
    int high = n; // answer in [low - 1, high - 1]: bounds[< low] qualify, bounds[>= high] do not
    while (low < high) {
      int mid = (low + high) >>> 1;
      int c = Long.compareUnsigned(prefixes[mid], prefix);
      if (c == 0) {
        c = Arrays.compareUnsigned(bounds[mid], key);
      }
      if (c < 0 || (!strictly && c == 0)) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low - 1;
  }

  /**
   * The key's first 8 bytes as an unsigned big-endian long, zero-padded: when two keys' prefixes
   * differ, they order as the keys do (a shorter key's padding is below the longer key's non-zero
   * byte, and a zero byte there would make them equal at that place).
   */
  static long prefix(byte[] key) {
    long p = 0;
    int n = Math.min(8, key.length);
    for (int i = 0; i < n; i++) {
      p |= (key[i] & 0xFFL) << (56 - 8 * i);
    }
    return p;
  }

  /** Adds a slot whose key is not here (the caller holds the row's lock in the hash map). */
  void insert(Slot slot) {
    writeLock.lock();
    try {
      Index current = index;
      long place = current.locate(slot.key);
      Chunk chunk = current.chunk(place);
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
      index = current.withAfter(place, keys[half], right); // first the right half, then shrink the left: a key is always published
      chunk.run = new Run(Arrays.copyOf(keys, half), Arrays.copyOf(slots, half));
    } finally {
      writeLock.unlock();
    }
  }

  /** Removes the slot with this key, if here. */
  void remove(byte[] key) {
    writeLock.lock();
    try {
      Index current = index;
      long place = current.locate(key);
      Chunk chunk = current.chunk(place);
      Run run = chunk.run;
      int at = run.firstAtLeast(key, false);
      if (at == run.size() || !Arrays.equals(run.keys[at], key)) {
        return;
      }
      int n = run.size();
      if (n == 1 && !Index.isFirst(place)) {
        index = current.without(place); // its keys' range joins the chunk below
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
      index = Index.single(new Chunk());
    } finally {
      writeLock.unlock();
    }
  }

  /** Chunks in the index (for tests: splits and removals happened). */
  int chunkCount() {
    return index.size();
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
   * The bound and run of the chunk holding keys up to {@code upper} (inclusive; null: the last
   * chunk) as the index then showed it, re-read until no chunk was split off above that bound
   * below {@code upper} meanwhile (its keys would be missing from the run read).
   */
  private Map.Entry<byte[], Run> chunkBelow(byte[] upper, boolean inclusive) {
    while (true) {
      Index seen = index;
      int position = upper == null ? seen.size() - 1 : seen.lastAtMost(upper, !inclusive);
      if (position < 0) {
        return null;
      }
      byte[] bound = seen.bound(position);
      Run run = seen.chunk(position).run;
      byte[] next = higherBound(bound);
      if (next == null || upper != null && Arrays.compareUnsigned(next, upper) > (inclusive ? 0 : -1)) {
        return Map.entry(bound, run);
      }
    }
  }

  /** The lowest bound above {@code bound} in the index now, or null. */
  private byte[] higherBound(byte[] bound) {
    Index now = index;
    int position = now.lastAtMost(bound, false) + 1;
    return position < now.size() ? now.bound(position) : null;
  }

  /** An iterator that finds its next slot ahead, so that {@code hasNext()} may be asked any number of times. */
  private abstract static class Lookahead implements Iterator<Slot> {
    private Slot ahead;

    /** The next slot, or null when there is none (then and on every later call). */
    abstract Slot findNext();

    @Override
    public final boolean hasNext() {
      if (ahead == null) {
        ahead = findNext();
      }
      return ahead != null;
    }

    @Override
    public final Slot next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      Slot slot = ahead;
      ahead = null;
      return slot;
    }
  }

  private final class Ascending extends Lookahead {
    private final byte[] skipBelow; // from, or null
    private final byte[] to;
    private byte[] bound; // the current chunk's low bound, null when done
    private Run run;
    private int at;
    private byte[] last; // the last key returned, or null

    Ascending(byte[] from, byte[] to) {
      this.skipBelow = from;
      this.to = to;
      Index seen = index;
      int position = from == null ? 0 : seen.lastAtMost(from, false);
      bound = seen.bound(position);
      run = seen.chunk(position).run;
      at = from == null ? 0 : run.firstAtLeast(from, false);
    }

    @Override
    Slot findNext() {
      while (true) {
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
            return null;
          }
          last = key;
          return slot;
        }
        if (bound == null) {
          return null;
        }
        Index seen = index;
        int position = seen.lastAtMost(bound, false) + 1;
        if (position == seen.size()) {
          bound = null;
          return null;
        }
        bound = seen.bound(position);
        run = seen.chunk(position).run;
        at = last == null ? (skipBelow == null ? 0 : run.firstAtLeast(skipBelow, false)) : run.firstAtLeast(last, true);
      }
    }
  }

  private final class Descending extends Lookahead {
    private final byte[] to;
    private byte[] bound; // the current chunk's low bound, null when done
    private Run run;
    private int at; // the next index to return, counting down

    Descending(byte[] from, byte[] to) {
      this.to = to;
      Map.Entry<byte[], Run> entry = chunkBelow(from, true);
      bound = entry.getKey();
      run = entry.getValue();
      at = (from == null ? run.size() : run.firstAtLeast(from, true)) - 1;
    }

    @Override
    Slot findNext() {
      while (true) {
        if (bound == null) {
          return null;
        }
        if (at >= 0) {
          Slot slot = run.slots[at];
          byte[] key = run.keys[at];
          at--;
          if (to != null && Arrays.compareUnsigned(key, to) <= 0) {
            bound = null;
            return null;
          }
          return slot;
        }
        if (bound.length == 0) {
          bound = null;
          return null;
        }
        // The chunk below, as it holds every key under this chunk's bound: those are all below
        // what was returned, so none twice.
        byte[] under = bound;
        Map.Entry<byte[], Run> entry = chunkBelow(under, false);
        if (entry == null) {
          bound = null;
          return null;
        }
        bound = entry.getKey();
        run = entry.getValue();
        at = run.firstAtLeast(under, false) - 1;
      }
    }
  }
}
