package io.tablestoreycsb.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablestoreycsb.binding.config.KeyFormat;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KeyFormatTest {

  @Test
  void keyIsMd5PrefixPlusZeroPaddedHexNumber() throws Exception {
    byte[] md5 = MessageDigest.getInstance("MD5").digest("12345".getBytes(StandardCharsets.US_ASCII));
    String expectedPrefix = String.format("%032x", new BigInteger(1, md5)).substring(0, 4);
    String key = KeyFormat.key(12345);
    assertThat(key).isEqualTo(expectedPrefix + "0000000000003039");
    assertThat(key).hasSize(20);
    // MD5("12345") = 827ccb0eea8a706c4c34a16891f84e7b
    assertThat(KeyFormat.key(12345)).startsWith("827c");
  }

  @Test
  void keysAreTwentyAsciiBytesDeterministicAndUnique() {
    Set<String> seen = new HashSet<>();
    for (long n = 0; n < 20_000; n++) {
      String k = KeyFormat.key(n);
      assertThat(k.getBytes(StandardCharsets.UTF_8)).hasSize(20);
      assertThat(k).matches("[0-9a-f]{20}");
      assertThat(KeyFormat.key(n)).isEqualTo(k);
      assertThat(KeyFormat.keyNumber(k)).isEqualTo(n);
      seen.add(k);
    }
    assertThat(seen).hasSize(20_000);
    assertThat(KeyFormat.key(Long.MAX_VALUE)).endsWith("7fffffffffffffff");
    assertThatThrownBy(() -> KeyFormat.key(-1)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void workloadUsesTheRawKeyNumberEvenWithHashedInsertOrder() throws Exception {
    site.ycsb.measurements.Measurements.setProperties(new java.util.Properties());
    for (String order : new String[] {"hashed", "ordered"}) {
      java.util.Properties p = new java.util.Properties();
      p.setProperty("insertorder", order);
      p.setProperty("recordcount", "100");
      TablestoreWorkload w = new TablestoreWorkload();
      w.init(p);
      assertThat(w.buildKeyName(12345)).isEqualTo(KeyFormat.key(12345));
    }
  }

  @Test
  void splitPointsDivideThePrefixSpaceEvenly() {
    assertThat(KeyFormat.splitPoints(1)).isEmpty();
    assertThat(KeyFormat.splitPoints(4)).containsExactly("4000", "8000", "c000");
    assertThat(KeyFormat.splitPoints(16)).hasSize(15).startsWith("1000", "2000").endsWith("f000");
    assertThat(KeyFormat.splitPoints(3)).containsExactly("5555", "aaaa");
    assertThatThrownBy(() -> KeyFormat.splitPoints(0)).hasMessageContaining("partitions");
  }

  /**
   * 100k consecutive key numbers over 1, 4 and 16 hex-prefix partitions: a chi-square statistic
   * within the 99.9th percentile of its distribution (df=3: 16.27; df=15: 37.70).
   */
  @ParameterizedTest
  @ValueSource(ints = {1, 4, 16})
  void keysSpreadUniformlyOverHexPrefixPartitions(int partitions) {
    int n = 100_000;
    List<String> splits = KeyFormat.splitPoints(partitions);
    long[] counts = new long[partitions];
    for (long i = 0; i < n; i++) {
      String key = KeyFormat.key(i);
      int p = 0;
      while (p < splits.size() && key.compareTo(splits.get(p)) >= 0) {
        p++;
      }
      counts[p]++;
    }
    double expected = (double) n / partitions;
    double chi2 = 0;
    for (long c : counts) {
      chi2 += (c - expected) * (c - expected) / expected;
    }
    double limit = switch (partitions) {
      case 1 -> 0.0;
      case 4 -> 16.27;
      default -> 37.70;
    };
    assertThat(chi2).as("chi-square of %s", java.util.Arrays.toString(counts)).isLessThanOrEqualTo(limit);
    for (long c : counts) {
      assertThat(c).isBetween((long) (expected * 0.95), (long) (expected * 1.05));
    }
  }
}
