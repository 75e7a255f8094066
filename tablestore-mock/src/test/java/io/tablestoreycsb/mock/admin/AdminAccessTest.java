package io.tablestoreycsb.mock.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.mock.admin.AdminHttp.Reply;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A mock whose admin API needs the credentials (as one bound beyond loopback does; here on
 * loopback with {@code adminSigned(true)}, as tests talk only to 127.0.0.1): signed requests are
 * served, anything else is 401 and changes nothing.
 */
class AdminAccessTest {
  private static final String ID = "admin-test-id";
  private static final String SECRET = "admin-test-secret";
  private static MockTablestore mock;

  @BeforeAll
  static void start() {
    mock = MockTablestore.builder().credentials(ID, SECRET).adminSigned(true).start();
  }

  @AfterAll
  static void stop() {
    mock.close();
  }

  @Test
  void aRequestSignedWithTheSecretIsServed() {
    Reply added = AdminHttp.signed(mock, ID, SECRET).post("/_mock/faults", "GetRow=OTSServerBusy@0.5");
    Reply listed = AdminHttp.signed(mock, ID, SECRET).get("/_mock/journal?action=GetRow");

    assertThat(added.status()).isEqualTo(201);
    assertThat(listed.status()).isEqualTo(200);
    AdminHttp.signed(mock, ID, SECRET).delete("/_mock/faults");
  }

  @Test
  void anUnsignedRequestIs401AndChangesNothing() {
    Reply refused = AdminHttp.unsigned(mock).post("/_mock/faults", "PutRow=OTSServerBusy@1");

    assertThat(refused.status()).isEqualTo(401);
    assertThat(refused.json().get("error").asText()).contains("missing header x-mock-accesskeyid");
    assertThat(mock.faultPlan().faults()).isEmpty();
  }

  @Test
  void aWrongSecretAWrongIdAndAnOldDateAre401() {
    Reply wrongSecret = AdminHttp.signed(mock, ID, "guessed").post("/_mock/reset", "");
    Reply wrongId = AdminHttp.signed(mock, "someone", SECRET).get("/_mock/health");
    Reply old = AdminHttp.signed(mock, ID, SECRET).at(Instant.now().minus(Duration.ofMinutes(20))).get("/_mock/health");

    assertThat(wrongSecret.status()).isEqualTo(401);
    assertThat(wrongSecret.json().get("error").asText()).contains("X-Mock-Signature does not match")
        .doesNotContain(SECRET);
    assertThat(wrongId.status()).isEqualTo(401);
    assertThat(old.status()).isEqualTo(401);
    assertThat(old.json().get("error").asText()).contains("more than 15 minutes");
  }

  @Test
  void theSignatureCoversTheQuerySoAFilterCannotBeChangedAfterSigning() {
    // signed for one target, sent to another: what a replay with an edited query would be
    AdminHttp signer = AdminHttp.signed(mock, ID, SECRET);
    Reply ok = signer.get("/_mock/journal?action=PutRow");

    assertThat(ok.status()).isEqualTo(200);
    assertThat(AdminAccess.signature(SECRET, "GET", "/_mock/journal?action=PutRow", "2026-11-28T08:30:00Z", new byte[0]))
        .isNotEqualTo(AdminAccess.signature(SECRET, "GET", "/_mock/journal?action=GetRow", "2026-11-28T08:30:00Z",
            new byte[0]));
  }

  @Test
  void theTablestoreApiIsUnaffected() {
    assertThat(mock.adminSigned()).isTrue();
    var client = new com.alicloud.openservices.tablestore.SyncClient(mock.endpoint(), ID, SECRET, mock.instanceName());
    try {
      assertThat(client.listTable().getTableNames()).isEmpty();
    } finally {
      client.shutdown();
    }
  }
}
