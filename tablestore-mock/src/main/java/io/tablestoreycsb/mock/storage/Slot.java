package io.tablestoreycsb.mock.storage;

import java.util.Arrays;

/**
 * A row's encoded key and its current cells (null while not stored), held by the partition's
 * {@link SlotTable} and by its {@link OrderedSlots}.
 */
final class Slot {
  final byte[] key;
  private final int hash;
  volatile byte[] cells;

  Slot(byte[] key) {
    this(key, SlotTable.hashOf(key));
  }

  Slot(byte[] key, int hash) {
    this.key = key;
    this.hash = hash;
  }

  int hash() {
    return hash;
  }

  /** Whether this is the slot of {@code key}, whose {@link SlotTable#hashOf} is {@code hash}. */
  boolean matches(int hash, byte[] key) {
    return this.hash == hash && Arrays.equals(this.key, key);
  }
}
