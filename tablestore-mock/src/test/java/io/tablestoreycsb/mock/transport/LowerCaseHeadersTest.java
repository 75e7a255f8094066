package io.tablestoreycsb.mock.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The request header view: what the pipeline reads and signs must be what a lower-cased copy held. */
class LowerCaseHeadersTest {
  private static HttpHeaders request() {
    HttpHeaders h = new DefaultHttpHeaders();
    h.add("Host", "127.0.0.1:8080");
    h.add("X-OTS-Date", "2026-01-02T03:04:05.678Z");
    h.add("x-ots-apiversion", "2015-12-31");
    h.add("X-Ots-Repeated", "first");
    h.add("x-ots-repeated", "second");
    h.add("x-ots-signature", "sig");
    h.add("Content-Length", "12");
    return h;
  }

  @Test
  void theOtsHeadersComeLowerCasedSortedByNameWithTheFirstOfARepeatedName() {
    LowerCaseHeaders headers = new LowerCaseHeaders(request());

    assertThat(headers.otsHeadersByName()).containsExactly(
        Map.entry("x-ots-apiversion", "2015-12-31"), Map.entry("x-ots-date", "2026-01-02T03:04:05.678Z"),
        Map.entry("x-ots-repeated", "first"), Map.entry("x-ots-signature", "sig"));
  }

  @Test
  void lookupsByLowerCaseNameFindHeadersSentInAnyCaseOtsOrNot() {
    LowerCaseHeaders headers = new LowerCaseHeaders(request());

    assertThat(headers.get("x-ots-date")).isEqualTo("2026-01-02T03:04:05.678Z");
    assertThat(headers.get("x-ots-repeated")).isEqualTo("first");
    assertThat(headers.get("content-length")).isEqualTo("12");
    assertThat(headers.containsKey("host")).isTrue();
    assertThat(headers.containsKey("x-ots-ststoken")).isFalse();
    assertThat(headers.get("x-ots-ststoken")).isNull();
    assertThat(headers.get("accept")).isNull();
  }

  @Test
  void asAMapItHoldsEveryHeaderOnceUnderItsLowerCaseName() {
    LowerCaseHeaders headers = new LowerCaseHeaders(request());

    assertThat(Map.copyOf(headers)).isEqualTo(Map.of("host", "127.0.0.1:8080", "x-ots-date", "2026-01-02T03:04:05.678Z",
        "x-ots-apiversion", "2015-12-31", "x-ots-repeated", "first", "x-ots-signature", "sig", "content-length", "12"));
    assertThat(headers).hasSize(6);
    assertThat(List.copyOf(headers.keySet())).doesNotHaveDuplicates();
  }
}
