package io.tablestoreycsb.mock.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ByteSizeTest {

  @Test
  void parsesBinaryUnitsInAnyCase() {
    assertThat(ByteSize.parse("1048576")).isEqualTo(1L << 20);
    assertThat(ByteSize.parse("512k")).isEqualTo(512L << 10);
    assertThat(ByteSize.parse("512m")).isEqualTo(512L << 20);
    assertThat(ByteSize.parse("2G")).isEqualTo(2L << 30);
    assertThat(ByteSize.parse("2GiB")).isEqualTo(2L << 30);
    assertThat(ByteSize.parse("3 MB")).isEqualTo(3L << 20);
    assertThat(ByteSize.parse("1t")).isEqualTo(1L << 40);
  }

  @Test
  void rejectsWhatIsNotAPositiveSize() {
    assertThatThrownBy(() -> ByteSize.parse("lots")).hasMessageContaining("'lots' is not a size");
    assertThatThrownBy(() -> ByteSize.parse("1.5g")).hasMessageContaining("not a size");
    assertThatThrownBy(() -> ByteSize.parse("-1m")).hasMessageContaining("not a size");
    assertThatThrownBy(() -> ByteSize.parse("0")).hasMessageContaining("zero");
    assertThatThrownBy(() -> ByteSize.parse("99999999t")).hasMessageContaining("too large");
    assertThatThrownBy(() -> ByteSize.parse("99999999999999999999")).hasMessageContaining("too large");
  }
}
