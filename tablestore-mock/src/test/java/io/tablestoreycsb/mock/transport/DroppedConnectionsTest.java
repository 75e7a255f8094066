package io.tablestoreycsb.mock.transport;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A dropped connection's log line quotes the client's bytes, but the client cannot end the line. */
class DroppedConnectionsTest {
  @Test
  void controlCharactersAClientSentAreEscapedAndTheRestKept() {
    assertThat(DroppedConnections.oneLine("malformed request: invalid version format: HTTP/1.1\r*XQ"))
        .isEqualTo("malformed request: invalid version format: HTTP/1.1\\r*XQ");
    assertThat(DroppedConnections.oneLine("a\nINFO forged line\tb\u0000c\u007fd\u2028e"))
        .isEqualTo("a\\nINFO forged line\\tb\\u0000c\\u007fd\\u2028e");
    String plain = "POST /PutRow: malformed request: No colon found (answered OTSParameterInvalid)";
    assertThat(DroppedConnections.oneLine(plain)).isSameAs(plain);
  }
}
