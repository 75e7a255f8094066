package io.tablestoreycsb.mock.storage;

import java.util.Arrays;

/**
 * A row's encoded key and its current cells (null while not stored), held by the partition's hash
 * map (whose key it also is: equal by key bytes) and by its {@link OrderedSlots}. A lookup makes a
 * probe slot around the key it was given.
 */
final class Slot {
  final byte[] key;
  private final int hash;
  volatile byte[] cells;

  Slot(byte[] key) {
    this.key = key;
    this.hash = Arrays.hashCode(key);
  }

  @Override
  public int hashCode() {
    return hash;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Slot slot && (slot == this || (slot.hash == hash && Arrays.equals(slot.key, key)));
  }
}
