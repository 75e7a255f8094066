package io.tablestoreycsb.mock.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import org.junit.jupiter.api.Test;

class PrimaryKeyOrderTest {
  @Test
  void integersCompareSigned() {
    assertThat(PrimaryKeyOrder.compareValues(PrimaryKeyValue.fromLong(-1), PrimaryKeyValue.fromLong(1))).isNegative();
    assertThat(PrimaryKeyOrder.compareValues(PrimaryKeyValue.fromLong(Long.MIN_VALUE), PrimaryKeyValue.fromLong(-1))).isNegative();
  }

  @Test
  void stringsCompareAsUnsignedUtf8Bytes() {
    // U+FF5E (3 UTF-8 bytes, 0xEF...) sorts before U+1F600 (4 bytes, 0xF0...) although its UTF-16 unit is larger.
    assertThat(PrimaryKeyOrder.compareValues(PrimaryKeyValue.fromString("\uff5e"), PrimaryKeyValue.fromString("\ud83d\ude00")))
        .isNegative();
    assertThat(PrimaryKeyOrder.compareValues(PrimaryKeyValue.fromString("a"), PrimaryKeyValue.fromString("ab"))).isNegative();
  }

  @Test
  void binariesCompareUnsigned() {
    assertThat(PrimaryKeyOrder.compareValues(PrimaryKeyValue.fromBinary(new byte[] {0x7f}),
        PrimaryKeyValue.fromBinary(new byte[] {(byte) 0x80}))).isNegative();
  }

  @Test
  void infinitiesBoundEveryValue() {
    assertThat(PrimaryKeyOrder.compareValues(PrimaryKeyValue.INF_MIN, PrimaryKeyValue.fromLong(Long.MIN_VALUE))).isNegative();
    assertThat(PrimaryKeyOrder.compareValues(PrimaryKeyValue.INF_MAX, PrimaryKeyValue.fromString("\uffff"))).isPositive();
    assertThat(PrimaryKeyOrder.compareValues(PrimaryKeyValue.INF_MIN, PrimaryKeyValue.INF_MIN)).isZero();
  }
}
