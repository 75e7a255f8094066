package io.tablestoreycsb.mock.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class OtsDatesTest {
  private static final DateTimeFormatter SERVICE_FORM =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

  @Test
  void theHandParsedFormAgreesWithJavaTimeOnRandomInstants() {
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < 20_000; i++) {
      // 1970 .. 2200, millisecond precision, leap days and year ends included by chance
      Instant instant = Instant.ofEpochMilli(random.nextLong(0, 7_258_118_400_000L));
      String text = SERVICE_FORM.format(instant);

      assertThat(OtsDates.parseMillisForm(text)).as(text).isEqualTo(instant);
      assertThat(OtsDates.format(instant.toEpochMilli())).as("format of %s", instant).isEqualTo(text);
    }
  }

  @Test
  void formattingFollowsTheClockAcrossSecondsAndBackwards() {
    long t = Instant.parse("2026-12-31T23:59:59.998Z").toEpochMilli();

    assertThat(OtsDates.format(t)).isEqualTo("2026-12-31T23:59:59.998Z");
    assertThat(OtsDates.format(t + 2)).isEqualTo("2027-01-01T00:00:00.000Z");
    assertThat(OtsDates.format(t + 1)).isEqualTo("2026-12-31T23:59:59.999Z");
    assertThat(OtsDates.format(t - 1000)).isEqualTo("2026-12-31T23:59:58.998Z");
  }

  @Test
  void nearMissesOfTheFastFormFallBackToTheGeneralParsersVerdict() {
    assertThat(OtsDates.parseMillisForm("2026-02-30T00:00:00.000Z")).isNull();
    assertThat(OtsDates.parseMillisForm("2026-01-02T24:00:00.000Z")).isNull();
    assertThat(OtsDates.parseMillisForm("2026-01-02T03:04:05.0x0Z")).isNull();
    assertThat(OtsDates.parseMillisForm("2026-01-02T03:04:05.000+")).isNull();

    assertThatThrownBy(() -> OtsDates.parse("2026-02-30T00:00:00.000Z"))
        .isInstanceOfSatisfying(OtsException.class, e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.AUTH_FAILED));
  }
}
