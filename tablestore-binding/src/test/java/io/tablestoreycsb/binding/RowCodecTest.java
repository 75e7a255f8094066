package io.tablestoreycsb.binding;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.model.ColumnType;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.RandomByteIterator;

class RowCodecTest {
  @Test
  void asciiValuesTravelAsTheirOwnBytes() {
    RandomByteIterator generated = new RandomByteIterator(100);

    ColumnValue value = RowCodec.stringValue(generated);

    assertThat(value.getType()).isEqualTo(ColumnType.STRING);
    assertThat(value.asStringInBytes()).hasSize(100);
    assertThat(value.asString().getBytes(StandardCharsets.UTF_8)).isEqualTo(value.asStringInBytes());
  }

  @Test
  void nonAsciiBytesAreSentAsTheUtf8OfTheirDecodedTextAsBefore() {
    byte[] mixed = {'a', (byte) 0xc3, (byte) 0xa9, (byte) 0xff, 'z'}; // "a", e-acute, an invalid byte, "z"

    ColumnValue value = RowCodec.stringValue(new ByteArrayByteIterator(mixed));

    ColumnValue plain = ColumnValue.fromString(new String(mixed, StandardCharsets.UTF_8));
    assertThat(value.asString()).isEqualTo(plain.asString()).isEqualTo("a\u00e9\ufffdz");
    assertThat(value.asStringInBytes()).isEqualTo(plain.asStringInBytes());
  }
}
