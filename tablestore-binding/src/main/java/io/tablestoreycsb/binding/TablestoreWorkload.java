package io.tablestoreycsb.binding;

import io.tablestoreycsb.binding.config.ConfigException;
import io.tablestoreycsb.binding.config.KeyFormat;
import io.tablestoreycsb.binding.config.KeyNumberLimits;
import java.util.Properties;
import site.ycsb.WorkloadException;
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
 *
 * <p>{@link #init} first rejects key ranges YCSB 0.17 cannot number ({@link KeyNumberLimits}), so a
 * run stops before its first operation rather than part-way with a silent {@code System.exit(0)}.
 */
public class TablestoreWorkload extends CoreWorkload {
  @Override
  public void init(Properties p) throws WorkloadException {
    try {
      KeyNumberLimits.check(p);
    } catch (ConfigException e) {
      throw new WorkloadException(e.getMessage());
    }
    super.init(p);
  }

  @Override
  protected String buildKeyName(long keynum) {
    return KeyFormat.key(keynum);
  }
}
