package io.tablestoreycsb.mock.storage;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A partition's rows by key for the point reads and writes: an open-addressing hash table
 * (linear probing) of {@link Slot}s, each slot stored directly in the table's array.
 *
 * <p>Why not a {@code ConcurrentHashMap<Slot, Slot>}: its node (32 bytes a row: hash, key, value,
 * next) came on top of the slot; here the array holds the slots themselves, so a stored paper row
 * costs 32 bytes less heap (HeapBench, docs/performance.md).
 *
 * <p>Readers never lock: they read the current array and probe from the key's hash to the first
 * empty place. Writers of a key are serialised by one of {@link #STRIPES} locks chosen by the key's
 * hash (so a row's read-modify-write is atomic, as {@code ConcurrentHashMap.compute} made it); a new
 * slot takes the first empty place of its probe with a compare-and-set, since writers of other
 * stripes probe the same array. A removed slot leaves a {@link #REMOVED} marker (probes go past
 * it) until the next rebuild. The array is rebuilt (at most half full, without markers) under
 * every stripe's lock when live slots and markers fill three quarters of it (a new key waits for
 * the rebuild when they fill seven eighths, so every probe meets an empty place); a reader still
 * probing the old array finds every slot that was there, and a slot removed since then has no cells,
 * which reads as absent.
 */
final class SlotTable {
  /** Writer locks per partition: writers of different keys rarely wait for each other. */
  static final int STRIPES = 64;
  private static final int MIN_CAPACITY = 64;
  private static final Slot REMOVED = new Slot(new byte[0]);
  private static final VarHandle AT = MethodHandles.arrayElementVarHandle(Slot[].class);

  private final ReentrantLock[] stripes = new ReentrantLock[STRIPES];
  private volatile Slot[] table = new Slot[MIN_CAPACITY];
  /** Places taken (live slots and removal markers), changed under a stripe's lock: hence atomic. */
  private final AtomicInteger taken = new AtomicInteger();
  private final AtomicInteger live = new AtomicInteger();

  SlotTable() {
    for (int i = 0; i < STRIPES; i++) {
      stripes[i] = new ReentrantLock();
    }
  }

  /** The slot with this key, or null. Lock-free. */
  Slot get(byte[] key) {
    int hash = hashOf(key);
    Slot[] t = table;
    int mask = t.length - 1;
    for (int i = spread(hash) & mask; ; i = (i + 1) & mask) {
      Slot s = (Slot) AT.getAcquire(t, i);
      if (s == null) {
        return null;
      }
      if (s != REMOVED && s.matches(hash, key)) {
        return s;
      }
    }
  }

  /** What a change of one key decided, applied by {@link #update} under the key's lock. */
  interface SlotChange {
    /**
     * Called under the key's lock with the key's slot (null when the key has none) and, when it
     * has none, a new slot for it ({@code fresh}). Returns whether the key must end with a slot:
     * true keeps {@code current} or adds {@code fresh}, false removes {@code current}.
     */
    boolean apply(Slot current, Slot fresh);
  }

  /**
   * Runs {@code change} for {@code key} under its lock and adds or removes its slot as it
   * answers. {@code change} runs once.
   */
  void update(byte[] key, SlotChange change) {
    int hash = hashOf(key);
    ReentrantLock lock = stripes[hash & (STRIPES - 1)];
    while (true) {
      boolean full = false;
      boolean grew = false;
      lock.lock();
      try {
        Slot[] t = table;
        int mask = t.length - 1;
        int at = -1;
        for (int i = spread(hash) & mask; ; i = (i + 1) & mask) {
          Slot s = (Slot) AT.getAcquire(t, i);
          if (s == null) {
            break;
          }
          if (s != REMOVED && s.matches(hash, key)) {
            at = i;
            break;
          }
        }
        Slot current = at < 0 ? null : (Slot) AT.getAcquire(t, at); // still it: only this stripe changes it
        if (current == null) {
          // Reserve the place first: writers of other stripes insert meanwhile, and the array
          // must keep an empty place for every probe to end at.
          if (taken.incrementAndGet() > hardLimit(t.length)) {
            taken.decrementAndGet();
            full = true;
          }
        }
        if (!full) {
          Slot fresh = current == null ? new Slot(key, hash) : null;
          boolean keep;
          try {
            keep = change.apply(current, fresh);
          } catch (RuntimeException | Error e) {
            if (current == null) {
              taken.decrementAndGet();
            }
            throw e;
          }
          if (current != null && !keep) {
            AT.setRelease(t, at, REMOVED);
            live.decrementAndGet();
          } else if (current == null && keep) {
            place(t, fresh);
            live.incrementAndGet();
            grew = taken.get() > softLimit(t.length);
          } else if (current == null) {
            taken.decrementAndGet();
          }
        }
      } finally {
        lock.unlock();
      }
      if (full || grew) {
        rebuild(); // with no stripe held: it takes them all
      }
      if (!full) {
        return;
      }
    }
  }

  /** Places taken beyond which the array is rebuilt once the writer let go of its lock. */
  private static int softLimit(int capacity) {
    return capacity - (capacity >>> 2);
  }

  /** Places taken beyond which a new key waits for the rebuild: an eighth stays empty. */
  private static int hardLimit(int capacity) {
    return capacity - (capacity >>> 3);
  }

  /** Puts a new slot at the first empty place of its probe (other stripes' writers may race for it). */
  private static void place(Slot[] t, Slot slot) {
    int mask = t.length - 1;
    for (int i = spread(slot.hash()) & mask; ; i = (i + 1) & mask) {
      if (AT.getAcquire(t, i) == null && AT.compareAndSet(t, i, null, slot)) {
        return;
      }
    }
  }

  /** A new array without removal markers, at most half full, built with every writer stopped. */
  private void rebuild() {
    for (ReentrantLock lock : stripes) {
      lock.lock();
    }
    try {
      Slot[] t = table;
      if (taken.get() <= softLimit(t.length)) {
        return; // another writer rebuilt it meanwhile
      }
      int n = live.get();
      int capacity = MIN_CAPACITY;
      while (capacity >>> 1 < n + 1) {
        capacity <<= 1;
      }
      Slot[] next = new Slot[capacity];
      int mask = capacity - 1;
      for (Slot s : t) {
        if (s != null && s != REMOVED) {
          int i = spread(s.hash()) & mask;
          while (next[i] != null) {
            i = (i + 1) & mask;
          }
          next[i] = s;
        }
      }
      taken.set(n);
      table = next; // volatile: the slots above are published with it
    } finally {
      for (ReentrantLock lock : stripes) {
        lock.unlock();
      }
    }
  }

  /** Empties the table (the partition is being dropped). */
  void clear() {
    for (ReentrantLock lock : stripes) {
      lock.lock();
    }
    try {
      table = new Slot[MIN_CAPACITY];
      taken.set(0);
      live.set(0);
    } finally {
      for (ReentrantLock lock : stripes) {
        lock.unlock();
      }
    }
  }

  /** Live slots (for tests). */
  int size() {
    return live.get();
  }

  /** Array length (for tests: rebuilds happened). */
  int capacity() {
    return table.length;
  }

  /** Mixes the hash's bits: linear probing uses the low bits, which similar keys may share. */
  private static int spread(int hash) {
    int h = hash * 0x9E3779B9;
    return h ^ (h >>> 16);
  }

  static int hashOf(byte[] key) {
    return Arrays.hashCode(key);
  }
}
