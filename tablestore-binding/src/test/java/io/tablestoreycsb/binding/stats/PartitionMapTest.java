package io.tablestoreycsb.binding.stats;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.binding.config.KeyFormat;
import java.util.List;
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
}
