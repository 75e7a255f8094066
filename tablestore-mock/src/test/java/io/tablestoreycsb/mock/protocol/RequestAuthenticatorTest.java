package io.tablestoreycsb.mock.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestAuthenticatorTest {
  @Test
  void datesOfEveryPrecisionAndOffsetParse() {
    Instant expected = Instant.parse("2026-01-02T03:04:05Z");

    assertThat(OtsDates.parse("2026-01-02T03:04:05Z")).isEqualTo(expected);
    assertThat(OtsDates.parse("2026-01-02T03:04:05.000Z")).isEqualTo(expected);
    assertThat(OtsDates.parse("2026-01-02T03:04:05.000000Z")).isEqualTo(expected);
    assertThat(OtsDates.parse("2026-01-02T11:04:05+08:00")).isEqualTo(expected);
    assertThat(OtsDates.parse("Fri, 02 Jan 2026 03:04:05 GMT")).isEqualTo(expected);
  }

  @Test
  void anUnparseableDateIsOtsAuthFailedNamingTheValue() {
    assertThatThrownBy(() -> OtsDates.parse("yesterday"))
        .isInstanceOfSatisfying(OtsException.class, e -> {
          assertThat(e.errorCode()).isEqualTo(ErrorCode.AUTH_FAILED);
          assertThat(e.getMessage()).contains("yesterday");
        });
  }

  @Test
  void theStringToSignCoversSortedTrimmedOtsHeadersButNotTheSignature() {
    String s = RequestAuthenticator.stringToSign("PutRow", Map.of(
        "x-ots-date", " 2026 ", "x-ots-apiversion", "2015-12-31", "x-ots-signature", "sig", "content-length", "3"));

    assertThat(s).isEqualTo("/PutRow\nPOST\n\nx-ots-apiversion:2015-12-31\nx-ots-date:2026\n");
  }
}
