package io.tablestoreycsb.mock.transport;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A log line that quotes a client's bytes keeps them, but the client cannot end the line. */
class LogTextTest {
  @Test
  void controlCharactersAClientSentAreEscapedAndTheRestKept() {
    assertThat(LogText.oneLine("malformed request: invalid version format: HTTP/1.1\r*XQ"))
        .isEqualTo("malformed request: invalid version format: HTTP/1.1\\r*XQ");
    assertThat(LogText.oneLine("a\nINFO forged line\tb\u0000c\u007fd\u2028e"))
        .isEqualTo("a\\nINFO forged line\\tb\\u0000c\\u007fd\\u2028e");
    String plain = "POST /PutRow: malformed request: No colon found (answered OTSParameterInvalid)";
    assertThat(LogText.oneLine(plain)).isSameAs(plain);
  }
}
