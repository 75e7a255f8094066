package io.tablestoreycsb.mock.storage;

import java.util.Arrays;
import java.util.Comparator;
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
 * <p>A new slot first goes to a buffer of slots not yet in the order ({@link #insert}: one store
 * under a short lock), merged into the order when something reads it (an iterator, a removal) or
 * when the buffer holds a quarter of the ordered keys ({@link #merge}): placing each new key on its
 * own (a lock, a search of the index and a run, a copy of the run, a copy of an index block at
 * every split) was 13 to 17% of the mock's sampled CPU under GetRow/PutRow of new keys
 * (docs/performance.md); merged together, the keys of a chunk cost one copy of its run and the
 * splits one new index. An iterator merges the buffer before it starts, so it sees every slot
 * inserted before it was created.
 *
 * <p>Writers of the order (the merge, remove) take one lock per partition and publish a new run
 * (copy on write), and a new index when chunks split off or go away (copy on write too), so
 * readers never lock (but to merge the buffer) and always see a sorted run and a sorted index. A
 * split publishes the index with the new right chunks before shrinking the left one, so a key is
 * always in some published run. Iterators are weakly consistent like a skip list's: they move from
 * chunk to chunk by the last key they returned (looked up in the index current then), never return
 * a key twice, and return every key present for the whole iteration.
 */
final class OrderedSlots {
  /** Keys per run: a merge cuts a longer one into runs of at most this many. */
  static final int MAX_RUN = 64;
  private static final byte[] LOWEST = new byte[0];
  private static final Run EMPTY = new Run(new byte[0][], new Slot[0]);

  /**
   * Fewest and most slots the buffer holds before it is merged (between them, a quarter of the
   * ordered keys). The write that fills the buffer waits for its merge, a few microseconds a slot:
   * the most bounds that wait (and a range read's, after many writes) to tens of milliseconds.
   */
  static final int MIN_PENDING = 1024;
  static final int MAX_PENDING = 1 << 14;

  /** The chunks by low bound; replaced whole (never changed in place) when one is added or removed. */
  private volatile Index index = Index.single(new Chunk());
  /** Held by whoever changes the order (merge, remove, clear). */
  private final ReentrantLock writeLock = new ReentrantLock();
  /** Keys in the order; changed under {@link #writeLock}. */
  private int ordered;

  /** Held to add to the buffer or take it; never held while waiting for {@link #writeLock}. */
  private final ReentrantLock pendingLock = new ReentrantLock();
  /** Slots inserted and not yet handed to a merge, in {@code pending[0, pendingCount)}; under {@link #pendingLock}. */
  private Slot[] pending = new Slot[16];
  private int pendingCount;
  /**
   * Slots inserted and not yet published in the order (in the buffer or in a merge under way),
   * changed under {@link #pendingLock}: zero means the order holds every slot inserted before.
   */
  private volatile int unmerged;
  /** Buffered slots at which {@link #insert} asks for a merge. */
  private volatile int pendingBound = MIN_PENDING;

  /** One chunk's sorted keys and their slots ({@code keys[i] == slots[i].key}); never changed once published. */
  private record Run(byte[][] keys, Slot[] slots) {
    int size() {
      return keys.length;
    }

    Run slice(int from, int to) {
      return new Run(Arrays.copyOfRange(keys, from, to), Arrays.copyOfRange(slots, from, to));
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

  /** Bounds per block: a merge that splits chunks copies the blocks they are in, not the whole index. */
  static final int MAX_BLOCK = 512;

  /**
   * The chunks by low bound ({@code bound(0)} is the empty key, below every key), in blocks of up
   * to {@link #MAX_BLOCK}: every key of chunk {@code i} is >= {@code bound(i)} and <
   * {@code bound(i + 1)}. Positions count across blocks. A change copies the blocks it touches
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

    /**
     * With {@code chunks[0, count)} added, chunk {@code k} just above position {@code after[k]}
     * with bound {@code bounds[k]} (ascending by position, then bound; each bound between the one at
     * its position and the next). Copies only the blocks that gain chunks, cutting those grown
     * beyond {@link #MAX_BLOCK} into equal parts.
     */
    Index withAll(int[] after, byte[][] bounds, Chunk[] chunks, int count) {
      java.util.List<Block> next = new java.util.ArrayList<>(blocks.length + 1);
      int k = 0;
      for (int b = 0; b < blocks.length; b++) {
        Block block = blocks[b];
        int start = starts[b];
        int last = k;
        while (last < count && after[last] < start + block.size()) {
          last++;
        }
        if (last == k) {
          next.add(block);
          continue;
        }
        int size = block.size() + last - k;
        byte[][] grownBounds = new byte[size][];
        long[] grownPrefixes = new long[size];
        Chunk[] grownChunks = new Chunk[size];
        int out = 0;
        for (int i = 0; i < block.size(); i++) {
          grownBounds[out] = block.bounds[i];
          grownPrefixes[out] = block.prefixes[i];
          grownChunks[out] = block.chunks[i];
          out++;
          for (; k < last && after[k] == start + i; k++) {
            grownBounds[out] = bounds[k];
            grownPrefixes[out] = prefix(bounds[k]);
            grownChunks[out] = chunks[k];
            out++;
          }
        }
        Block grown = new Block(grownBounds, grownPrefixes, grownChunks);
        int parts = (size + MAX_BLOCK - 1) / MAX_BLOCK;
        for (int q = 0; q < parts; q++) {
          next.add(parts == 1 ? grown : grown.part(q * size / parts, (q + 1) * size / parts));
        }
      }
      return new Index(next.toArray(new Block[0]));
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

  /**
   * Adds a slot (one here with the same key is replaced) to the buffer. Returns whether the
   * buffer reached its bound: the caller then calls {@link #merge()} once it let go of the row's
   * lock (a merge takes a while, and writers of other rows in that lock's stripe need not wait).
   */
  boolean insert(Slot slot) {
    pendingLock.lock();
    try {
      if (pendingCount == pending.length) {
        pending = Arrays.copyOf(pending, pendingCount * 2);
      }
      pending[pendingCount++] = slot;
      unmerged++; // only changed under pendingLock
      return pendingCount >= pendingBound;
    } finally {
      pendingLock.unlock();
    }
  }

  /**
   * Places every buffered slot in the order. When it returns, the order holds every slot inserted
   * before it was called (a merge under way on another thread is waited for).
   */
  void merge() {
    if (unmerged == 0) {
      return;
    }
    writeLock.lock();
    try {
      mergeLocked();
    } finally {
      writeLock.unlock();
    }
  }

  private void mergeLocked() {
    Slot[] taken;
    int n;
    pendingLock.lock();
    try {
      taken = pending;
      n = pendingCount;
      if (n == 0) {
        return;
      }
      pending = new Slot[Math.min(taken.length, 256)];
      pendingCount = 0;
    } finally {
      pendingLock.unlock();
    }
    ordered += mergeIn(taken, n);
    pendingLock.lock();
    try {
      unmerged -= n; // once the runs and the index holding them are published
    } finally {
      pendingLock.unlock();
    }
    pendingBound = Math.max(MIN_PENDING, Math.min(MAX_PENDING, ordered / 4));
  }

  private static final Comparator<Slot> BY_KEY = (a, b) -> Arrays.compareUnsigned(a.key, b.key);

  /**
   * Places {@code taken[0, n)} in the order (under the write lock); returns how many keys the order
   * gained. The slots are grouped by the chunk their key falls in (a sort of longs: the chunk's
   * position and the slot's place in the buffer), and each chunk's run is rebuilt once with its new
   * keys; a run grown beyond {@link #MAX_RUN} is cut into chunks of at most that many, all
   * published in one new index before the runs they came from shrink.
   */
  private int mergeIn(Slot[] taken, int n) {
    Index current = index;
    long[] byChunk = new long[n];
    for (int i = 0; i < n; i++) {
      byChunk[i] = (long) current.lastAtMost(taken[i].key, false) << 32 | i; // >= 0: bound 0 is below every key
    }
    Arrays.sort(byChunk);
    Split split = new Split();
    Slot[] group = new Slot[16];
    long[] prefixes = new long[16];
    int gained = 0;
    for (int i = 0; i < n; ) {
      int position = (int) (byChunk[i] >>> 32);
      int g = 0;
      for (; i < n && (int) (byChunk[i] >>> 32) == position; i++) {
        if (g == group.length) {
          group = Arrays.copyOf(group, g * 2);
          prefixes = Arrays.copyOf(prefixes, g * 2);
        }
        group[g++] = taken[(int) byChunk[i]]; // in the order inserted: byChunk's ties are broken by that
      }
      sortByKey(group, prefixes, g);
      Chunk chunk = current.chunk(position);
      Run before = chunk.run;
      Run merged = withSlots(before, group, g);
      gained += merged.size() - before.size();
      int m = merged.size();
      if (m <= MAX_RUN) {
        chunk.run = merged; // holds every key of the run it replaces: no reader misses one
        continue;
      }
      int parts = (m + MAX_RUN - 1) / MAX_RUN;
      for (int q = 1; q < parts; q++) {
        Chunk right = new Chunk();
        right.run = merged.slice(q * m / parts, (q + 1) * m / parts);
        split.add(position, right.run.keys[0], right);
      }
      split.shrink(chunk, merged.slice(0, m / parts));
    }
    if (split.count > 0) {
      // First the new chunks, then shrink the runs they came from: a key is always published.
      index = current.withAll(split.after, split.bounds, split.chunks, split.count);
      for (int k = 0; k < split.shrinks; k++) {
        split.shrunk[k].run = split.shrunkRuns[k];
      }
    }
    return gained;
  }

  /** Groups up to this many slots are sorted by insertion, comparing their keys' first 8 bytes as longs first. */
  private static final int INSERTION_SORT_MAX = 32;

  /**
   * Sorts {@code group[0, g)} by key, stably (of two slots with one key, the later inserted stays
   * last). A chunk's group is small: an insertion sort on the keys' first 8 bytes (in {@code prefixes})
   * mostly compares longs instead of reading two keys; a large one (keys inserted in order, all in
   * the last chunk) is TimSort's, which takes a sorted run as it is.
   */
  private static void sortByKey(Slot[] group, long[] prefixes, int g) {
    if (g > INSERTION_SORT_MAX) {
      Arrays.sort(group, 0, g, BY_KEY);
      return;
    }
    for (int j = 0; j < g; j++) {
      Slot slot = group[j];
      long prefix = prefix(slot.key);
      int at = j;
      while (at > 0) {
        int c = Long.compareUnsigned(prefixes[at - 1], prefix);
        if (c < 0 || c == 0 && Arrays.compareUnsigned(group[at - 1].key, slot.key) <= 0) {
          break;
        }
        group[at] = group[at - 1];
        prefixes[at] = prefixes[at - 1];
        at--;
      }
      group[at] = slot;
      prefixes[at] = prefix;
    }
  }

  /**
   * {@code run} with the sorted slots {@code group[0, g)} added: a slot replaces the run's slot of
   * its key, and of slots with one key in the group the last stays.
   */
  private static Run withSlots(Run run, Slot[] group, int g) {
    int n = run.size();
    byte[][] keys = new byte[n + g][];
    Slot[] slots = new Slot[n + g];
    int from = 0;
    int out = 0;
    for (int j = 0; j < g; j++) {
      Slot slot = group[j];
      if (j + 1 < g && Arrays.equals(group[j + 1].key, slot.key)) {
        continue;
      }
      int at = run.firstAtLeast(slot.key, false);
      System.arraycopy(run.keys, from, keys, out, at - from);
      System.arraycopy(run.slots, from, slots, out, at - from);
      out += at - from;
      keys[out] = slot.key;
      slots[out] = slot;
      out++;
      from = at < n && Arrays.equals(run.keys[at], slot.key) ? at + 1 : at;
    }
    System.arraycopy(run.keys, from, keys, out, n - from);
    System.arraycopy(run.slots, from, slots, out, n - from);
    out += n - from;
    return out == n + g ? new Run(keys, slots) : new Run(Arrays.copyOf(keys, out), Arrays.copyOf(slots, out));
  }

  /** What one merge splits off: chunks to add to the index, and the runs their left parts shrink to after that. */
  private static final class Split {
    int[] after = new int[8];
    byte[][] bounds = new byte[8][];
    Chunk[] chunks = new Chunk[8];
    int count;
    Chunk[] shrunk = new Chunk[8];
    Run[] shrunkRuns = new Run[8];
    int shrinks;

    void add(int position, byte[] bound, Chunk chunk) {
      if (count == after.length) {
        after = Arrays.copyOf(after, count * 2);
        bounds = Arrays.copyOf(bounds, count * 2);
        chunks = Arrays.copyOf(chunks, count * 2);
      }
      after[count] = position;
      bounds[count] = bound;
      chunks[count] = chunk;
      count++;
    }

    void shrink(Chunk chunk, Run run) {
      if (shrinks == shrunk.length) {
        shrunk = Arrays.copyOf(shrunk, shrinks * 2);
        shrunkRuns = Arrays.copyOf(shrunkRuns, shrinks * 2);
      }
      shrunk[shrinks] = chunk;
      shrunkRuns[shrinks] = run;
      shrinks++;
    }
  }

  /** Removes the slot with this key, if here (the buffer is merged first: the key may be in it). */
  void remove(byte[] key) {
    writeLock.lock();
    try {
      mergeLocked();
      Index current = index;
      long place = current.locate(key);
      Chunk chunk = current.chunk(place);
      Run run = chunk.run;
      int at = run.firstAtLeast(key, false);
      if (at == run.size() || !Arrays.equals(run.keys[at], key)) {
        return;
      }
      ordered--;
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
      pendingLock.lock();
      try {
        pending = new Slot[16];
        pendingCount = 0;
        unmerged = 0;
      } finally {
        pendingLock.unlock();
      }
      index = Index.single(new Chunk());
      ordered = 0;
      pendingBound = MIN_PENDING;
    } finally {
      writeLock.unlock();
    }
  }

  /** Chunks in the index (for tests: splits and removals happened). */
  int chunkCount() {
    merge();
    return index.size();
  }

  /** Slots inserted and not yet in the order (for tests). */
  int unmergedCount() {
    return unmerged;
  }

  /** Slots with {@code from <= key < to} (either null: unbounded) in ascending order. */
  Iterator<Slot> ascending(byte[] from, byte[] to) {
    merge();
    return new Ascending(from, to);
  }

  /** Slots with {@code to < key <= from} (either null: unbounded) in descending order. */
  Iterator<Slot> descending(byte[] from, byte[] to) {
    merge();
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
