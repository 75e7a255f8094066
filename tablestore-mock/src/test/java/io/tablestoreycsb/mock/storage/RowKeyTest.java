package io.tablestoreycsb.mock.storage;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyColumn;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import io.tablestoreycsb.mock.protocol.PrimaryKeyOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The encoded key order must be exactly {@link PrimaryKeyOrder}'s, for keys and range bounds alike. */
class RowKeyTest {
  private static final PrimaryKeyValue[] STRINGS = {
      str(""), str("\0"), str("\0\0"), str("\0a"), str("a"), str("a\0"), str("a\0\0"), str("a\0b"), str("a\1"), str("ab"),
      str("abc"), str("b"), str("\uff5e"), str("\ud83d\ude00"), str("\u00ff"), str("\u007f"), str("\u0080"),
  };
  private static final PrimaryKeyValue[] BINARIES = {
      bin(), bin(0), bin(0, 0), bin(0, 0xFF), bin(0xFF), bin(0xFF, 0), bin(0xFF, 0xFF), bin(1), bin(0x7F), bin(0x80),
      bin(1, 0), bin(1, 0, 0), bin(0, 1),
  };
  private static final PrimaryKeyValue[] INTEGERS = {
      PrimaryKeyValue.fromLong(Long.MIN_VALUE), PrimaryKeyValue.fromLong(Long.MIN_VALUE + 1), PrimaryKeyValue.fromLong(-256),
      PrimaryKeyValue.fromLong(-1), PrimaryKeyValue.fromLong(0), PrimaryKeyValue.fromLong(1), PrimaryKeyValue.fromLong(255),
      PrimaryKeyValue.fromLong(256), PrimaryKeyValue.fromLong(Long.MAX_VALUE - 1), PrimaryKeyValue.fromLong(Long.MAX_VALUE),
  };
  private static final PrimaryKeyValue[] BOUNDS = {PrimaryKeyValue.INF_MIN, PrimaryKeyValue.INF_MAX};

  @Test
  void typeTagsFollowThePrimaryKeyTypeOrder() {
    assertThat(RowKey.TAG_STRING).isEqualTo(1 + PrimaryKeyType.STRING.ordinal());
    assertThat(RowKey.TAG_INTEGER).isEqualTo(1 + PrimaryKeyType.INTEGER.ordinal());
    assertThat(RowKey.TAG_BINARY).isEqualTo(1 + PrimaryKeyType.BINARY.ordinal());
  }

  @Test
  void singleColumnEdgeCasesOrderAsPrimaryKeyOrder() {
    List<PrimaryKeyValue> all = new ArrayList<>();
    all.addAll(List.of(STRINGS));
    all.addAll(List.of(BINARIES));
    all.addAll(List.of(INTEGERS));
    all.addAll(List.of(BOUNDS));
    for (PrimaryKeyValue a : all) {
      for (PrimaryKeyValue b : all) {
        assertSameOrder(key(a), key(b));
      }
    }
  }

  @Test
  void multiColumnKeysWithPrefixStringsAndBoundsOrderAsPrimaryKeyOrder() {
    List<PrimaryKeyValue> first = new ArrayList<>(List.of(STRINGS));
    first.addAll(List.of(BOUNDS));
    List<PrimaryKeyValue> second = new ArrayList<>(List.of(INTEGERS[0], INTEGERS[4], INTEGERS[9]));
    second.addAll(List.of(BOUNDS));
    List<PrimaryKeyValue> third = new ArrayList<>(List.of(BINARIES));
    third.addAll(List.of(BOUNDS));
    List<PrimaryKey> keys = new ArrayList<>();
    for (PrimaryKeyValue a : first) {
      for (PrimaryKeyValue b : second) {
        for (PrimaryKeyValue c : third) {
          keys.add(key(a, b, c));
        }
        keys.add(key(a, b)); // fewer columns than the others: a prefix sorts first
      }
    }
    for (PrimaryKey a : keys) {
      for (PrimaryKey b : keys) {
        assertSameOrder(a, b);
      }
    }
  }

  @Test
  void randomKeysOrderAsPrimaryKeyOrder() {
    Random random = new Random(20261122);
    List<PrimaryKey> keys = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      keys.add(key(randomValue(random, 0), randomValue(random, 1), randomValue(random, 2)));
    }
    for (int i = 1; i < keys.size(); i++) {
      for (int j = Math.max(0, i - 40); j < i; j++) {
        assertSameOrder(keys.get(i), keys.get(j));
      }
    }
  }

  @Test
  void keysDecodeBackToTheSameColumns() {
    List<PrimaryKeySchema> schema = List.of(new PrimaryKeySchema("s", PrimaryKeyType.STRING),
        new PrimaryKeySchema("i", PrimaryKeyType.INTEGER), new PrimaryKeySchema("b", PrimaryKeyType.BINARY));
    Random random = new Random(7);
    for (int n = 0; n < 2000; n++) {
      PrimaryKey key = new PrimaryKey(new PrimaryKeyColumn[] {
          new PrimaryKeyColumn("s", n % 7 == 0 ? PrimaryKeyValue.INF_MIN : randomValueOfType(random, PrimaryKeyType.STRING)),
          new PrimaryKeyColumn("i", randomValueOfType(random, PrimaryKeyType.INTEGER)),
          new PrimaryKeyColumn("b", n % 5 == 0 ? PrimaryKeyValue.INF_MAX : randomValueOfType(random, PrimaryKeyType.BINARY))});
      PrimaryKey decoded = RowKey.decode(RowKey.encode(key), schema);
      assertThat(decoded.size()).isEqualTo(3);
      for (int c = 0; c < 3; c++) {
        assertThat(decoded.getPrimaryKeyColumn(c).getName()).isEqualTo(key.getPrimaryKeyColumn(c).getName());
        assertThat(PrimaryKeyOrder.compareValues(decoded.getPrimaryKeyColumn(c).getValue(), key.getPrimaryKeyColumn(c).getValue()))
            .as("column %d of %s", c, key).isZero();
      }
    }
  }

  @Test
  void stringKeysKeepTheirUtf8BytesThroughDecoding() {
    byte[] raw = "k\0\u00e9\ud83d\ude00".getBytes(StandardCharsets.UTF_8);
    PrimaryKey key = key(PrimaryKeyValue.fromString(new String(raw, StandardCharsets.UTF_8), raw));
    PrimaryKey decoded = RowKey.decode(RowKey.encode(key), List.of(new PrimaryKeySchema("pk", PrimaryKeyType.STRING)));
    assertThat(decoded.getPrimaryKeyColumn(0).getValue().asStringInBytes()).isEqualTo(raw);
    assertThat(decoded.getPrimaryKeyColumn(0).getValue().asString()).isEqualTo("k\0\u00e9\ud83d\ude00");
  }

  private static void assertSameOrder(PrimaryKey a, PrimaryKey b) {
    int expected = Integer.signum(PrimaryKeyOrder.compareKeys(a, b));
    int actual = Integer.signum(RowKey.compare(RowKey.encode(a), RowKey.encode(b)));
    assertThat(actual).as("order of %s vs %s", a, b).isEqualTo(expected);
  }

  private static PrimaryKeyValue randomValue(Random random, int column) {
    int pick = random.nextInt(20);
    if (pick == 0) {
      return PrimaryKeyValue.INF_MIN;
    }
    if (pick == 1) {
      return PrimaryKeyValue.INF_MAX;
    }
    // Mostly the column's own type, sometimes another (a bound of another type must stay total).
    PrimaryKeyType[] types = PrimaryKeyType.values();
    PrimaryKeyType type = pick == 2 ? types[random.nextInt(types.length)] : types[column % types.length];
    return randomValueOfType(random, type);
  }

  private static PrimaryKeyValue randomValueOfType(Random random, PrimaryKeyType type) {
    switch (type) {
      case INTEGER: {
        int pick = random.nextInt(4);
        return PrimaryKeyValue.fromLong(pick == 0 ? random.nextLong() : pick == 1 ? random.nextInt(5) - 2
            : pick == 2 ? Long.MIN_VALUE + random.nextInt(3) : Long.MAX_VALUE - random.nextInt(3));
      }
      case STRING: {
        // A tiny alphabet (with NUL and multi-byte characters) makes shared prefixes and ties common.
        String alphabet = "\0ab\u00ff\uffff";
        StringBuilder s = new StringBuilder();
        int length = random.nextInt(4);
        for (int i = 0; i < length; i++) {
          s.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return str(s.toString());
      }
      case BINARY: {
        int[] alphabet = {0, 1, 0x7F, 0x80, 0xFF};
        byte[] b = new byte[random.nextInt(4)];
        for (int i = 0; i < b.length; i++) {
          b[i] = (byte) alphabet[random.nextInt(alphabet.length)];
        }
        return PrimaryKeyValue.fromBinary(b);
      }
      default:
        throw new IllegalArgumentException(type.toString());
    }
  }

  private static PrimaryKey key(PrimaryKeyValue... values) {
    PrimaryKeyColumn[] columns = new PrimaryKeyColumn[values.length];
    for (int i = 0; i < values.length; i++) {
      columns[i] = new PrimaryKeyColumn("c" + i, values[i]);
    }
    return new PrimaryKey(columns);
  }

  private static PrimaryKeyValue str(String s) {
    return PrimaryKeyValue.fromString(s);
  }

  private static PrimaryKeyValue bin(int... bytes) {
    byte[] b = new byte[bytes.length];
    for (int i = 0; i < bytes.length; i++) {
      b[i] = (byte) bytes[i];
    }
    return PrimaryKeyValue.fromBinary(b);
  }
}
