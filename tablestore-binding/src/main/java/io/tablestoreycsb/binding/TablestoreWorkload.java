package io.tablestoreycsb.binding;

import site.ycsb.workloads.CoreWorkload;

/**
 * YCSB's CoreWorkload with the white paper's key format ({@link KeyFormat}).
 *
 * <p>The key is always built from the raw key number, whatever {@code insertorder} says.
 * CoreWorkload would hash the number first for {@code insertorder=hashed}; here the MD5 prefix
 * already scatters consecutive numbers over all partitions, and keeping the raw number in the key
 * means an {@code insertstart}/{@code insertcount} slice loads exactly the keys of that slice's
 * numbers (no two runners can collide), a key can be decoded back to its number, and
 * {@code dataintegrity} (whose values derive from the key string) works unchanged.
 */
public class TablestoreWorkload extends CoreWorkload {
  @Override
  protected String buildKeyName(long keynum) {
    return KeyFormat.key(keynum);
  }
}
