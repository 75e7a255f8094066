package io.tablestoreycsb.binding.stats;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.binding.config.KeyFormat;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PartitionMapTest {
  @Test
  void keysFallInThePartitionTheirSplitPointsStart() {
    PartitionMap four = new PartitionMap(KeyFormat.splitPoints(4)); // 4000, 8000, c000
    assertThat(four.partitions()).isEqualTo(4);
    assertThat(four.partitionOf("0000aaaa")).isZero();
    assertThat(four.partitionOf("3fff")).isZero();
    assertThat(four.partitionOf("4000")).isEqualTo(1); // a split point is the first key of its partition
    assertThat(four.partitionOf("8000000000000000000a")).isEqualTo(2);
    assertThat(four.partitionOf("ffff")).isEqualTo(3);
    assertThat(new PartitionMap(List.of()).partitionOf("anything")).isZero();
    // Keys compare by their UTF-8 bytes, as the service compares them: U+1F600 (f0 9f 98 80) sorts after
    // U+FFFD (ef bf bd), though its UTF-16 surrogates sort before it in String.compareTo.
    assertThat(new PartitionMap(List.of("\ufffd")).partitionOf("\ud83d\ude00")).isEqualTo(1);
  }

  /**
   * Keys are compared without encoding them; the order must be exactly that of their UTF-8 bytes, unsigned,
   * as String.getBytes gives them (a lone surrogate as '?'), also where UTF-16 order differs.
   */
  @Test
  void keysCompareAsTheirUtf8Bytes() {
    char[] alphabet = {'a', 'b', '0', '?', '~', '\u00e9', '\u07ff', '\u0800', '\ufffd', '\uffff', '\ue000', '\ud83d', '\ude00',
        '\ud800', '\udc00'};
    Random random = new Random(27);
    for (int n = 0; n < 200_000; n++) {
      String a = randomString(random, alphabet);
      String b = random.nextInt(4) == 0 ? a + randomString(random, alphabet) : randomString(random, alphabet);
      int expected = Integer.signum(Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8)));
      assertThat(Integer.signum(PartitionMap.compareUtf8(a, b))).as("'%s' vs '%s'", a, b).isEqualTo(expected);
      assertThat(Integer.signum(PartitionMap.compareUtf8(b, a))).isEqualTo(-expected);
    }
  }

  private static String randomString(Random random, char[] alphabet) {
    char[] chars = new char[random.nextInt(5)];
    for (int i = 0; i < chars.length; i++) {
      chars[i] = alphabet[random.nextInt(alphabet.length)];
    }
    return new String(chars);
  }
}
