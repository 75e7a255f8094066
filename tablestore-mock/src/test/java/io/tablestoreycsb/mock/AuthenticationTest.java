package io.tablestoreycsb.mock;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.TableStoreException;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Request authentication: the SDK with wrong credentials, and raw requests with broken headers or signatures. */
class AuthenticationTest {
  @RegisterExtension
  static final MockFixture fx = MockFixture.with(endpoint -> endpoint.instanceName("bench").credentials("my-id", "my-secret"));

  @AfterEach
  void theEndpointStillServesTheSdk() {
    assertThat(listTablesAs("my-id", "my-secret", "bench")).isNull();
  }

  @Test
  void theRightCredentialsAreAccepted() {
    assertThat(listTablesAs("my-id", "my-secret", "bench")).isNull();
  }

  @Test
  void aWrongSecretIsOtsAuthFailed() {
    assertThat(listTablesAs("my-id", "not-my-secret", "bench")).satisfies(e -> {
      assertThat(e.getErrorCode()).isEqualTo("OTSAuthFailed");
      assertThat(e.getHttpStatus()).isEqualTo(403);
      assertThat(e.getMessage()).doesNotContain("my-secret");
    });
  }

  @Test
  void aWrongAccessKeyIdIsOtsAuthFailed() {
    assertThat(listTablesAs("someone-else", "my-secret", "bench")).satisfies(e -> {
      assertThat(e.getErrorCode()).isEqualTo("OTSAuthFailed");
      assertThat(e.getMessage()).contains("someone-else");
    });
  }

  @Test
  void aWrongInstanceIsOtsAuthFailed() {
    assertThat(listTablesAs("my-id", "my-secret", "other")).satisfies(e -> {
      assertThat(e.getErrorCode()).isEqualTo("OTSAuthFailed");
      assertThat(e.getMessage()).contains("other");
    });
  }

  @Test
  void aTamperedSignatureIsOtsAuthFailed() {
    RawOtsHttp.Answer answer = fx.raw().post("ListTable", new byte[0], h -> h.put("x-ots-signature", "AAAAAAAAAAAAAAAAAAAAAAAAAAA="));

    assertThat(answer.status()).isEqualTo(403);
    assertThat(answer.error().getCode()).isEqualTo("OTSAuthFailed");
  }

  @Test
  void eachMissingRequiredHeaderIsOtsAuthFailedNamingIt() {
    for (String header : new String[] {"x-ots-date", "x-ots-apiversion", "x-ots-accesskeyid", "x-ots-instancename",
        "x-ots-contentmd5", "x-ots-signature"}) {
      RawOtsHttp.Answer answer = fx.raw().post("ListTable", new byte[0], h -> h.remove(header));

      assertThat(answer.status()).as(header).isEqualTo(403);
      assertThat(answer.error().getCode()).as(header).isEqualTo("OTSAuthFailed");
      assertThat(answer.error().getMessage()).as(header).contains(header);
    }
  }

  @Test
  void aBodyNotMatchingItsMd5IsOtsAuthFailed() {
    RawOtsHttp.Answer answer = listTableWith("x-ots-contentmd5", RawOtsHttp.md5(new byte[] {1}));

    assertThat(answer.status()).isEqualTo(403);
    assertThat(answer.error().getMessage()).contains("x-ots-contentmd5");
  }

  @Test
  void aDateMoreThan15MinutesOffIsOtsAuthFailed() {
    String stale = RawOtsHttp.SDK_DATE.format(Instant.now().minus(Duration.ofMinutes(16)));
    RawOtsHttp.Answer answer = listTableWith("x-ots-date", stale);

    assertThat(answer.status()).isEqualTo(403);
    assertThat(answer.error().getCode()).isEqualTo("OTSAuthFailed");
    assertThat(answer.error().getMessage()).contains("15 minutes");
  }

  @Test
  void anUnsupportedApiVersionIsOtsParameterInvalid() {
    RawOtsHttp.Answer answer = listTableWith("x-ots-apiversion", "2014-08-08");

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.error().getCode()).isEqualTo("OTSParameterInvalid");
    assertThat(answer.error().getMessage()).contains("2014-08-08", "2015-12-31", "2018-04-01");
  }

  @Test
  void theGoTunnelClientsApiVersionIsAccepted() {
    // The Go SDK's tunnel package sends 2018-04-01; every other official client 2015-12-31.
    RawOtsHttp.Answer answer = listTableWith("x-ots-apiversion", "2018-04-01");

    assertThat(answer.status()).isEqualTo(200);
  }

  @Test
  void datesWithoutMillisecondsOrWithMicrosecondsAreAccepted() {
    Instant now = Instant.now();
    for (String date : new String[] {DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'").withZone(java.time.ZoneOffset.UTC).format(now),
        DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'").withZone(java.time.ZoneOffset.UTC).format(now)}) {
      RawOtsHttp.Answer answer = listTableWith("x-ots-date", date);

      assertThat(answer.status()).as(date).isEqualTo(200);
    }
  }

  @Test
  void headerNamesAreMatchedWhateverTheirCase() {
    RawOtsHttp.Answer answer = fx.raw().post("ListTable", new byte[0], h -> {
      TreeMap<String, String> upper = new TreeMap<>();
      h.forEach((k, v) -> upper.put(k.toUpperCase(), v));
      h.clear();
      h.putAll(upper);
    });

    assertThat(answer.status()).isEqualTo(200);
  }

  @Test
  void anStsTokenIsAcceptedAndSigned() {
    RawOtsHttp.Answer answer = listTableWith("x-ots-ststoken", "some-sts-token");

    assertThat(answer.status()).isEqualTo(200);
  }

  @Test
  void theSdksV4SignatureIsVerifiedAndItsResponseSignedWithTheDerivedKey() {
    assertThat(listTablesWithV4("my-id", "my-secret")).isNull();
    assertThat(listTablesWithV4("my-id", "wrong-secret")).satisfies(e -> assertThat(e.getErrorCode()).isEqualTo("OTSAuthFailed"));
  }

  /** A ListTable with {@code header} set to {@code value} and signed with it, as a client that sent it would. */
  private static RawOtsHttp.Answer listTableWith(String header, String value) {
    return fx.raw().post("ListTable", new byte[0], h -> {
      h.put(header, value);
      h.put("x-ots-signature", fx.raw().sign("ListTable", h));
    });
  }

  /** ListTable through the SDK's V4 signer (HMAC-SHA256 with a key derived per day and region). */
  private static TableStoreException listTablesWithV4(String id, String secret) {
    var credentials = com.alicloud.openservices.tablestore.core.auth.V4Credentials.createByServiceCredentials(
        new com.alicloud.openservices.tablestore.core.auth.DefaultCredentials(id, secret), "cn-hangzhou");
    SyncClient client = new SyncClient(fx.mock().endpoint(),
        new com.alicloud.openservices.tablestore.core.auth.DefaultCredentialProvider(credentials), "bench", SdkClients.noRetry(), null);
    try {
      client.listTable(); // response validation is on: a wrongly signed response would fail here
      return null;
    } catch (TableStoreException e) {
      return e;
    } finally {
      client.shutdown();
    }
  }

  /** The error a ListTable with these credentials gets, or null when it succeeds. */
  private static TableStoreException listTablesAs(String id, String secret, String instance) {
    SyncClient client = SdkClients.sync(fx.mock(), id, secret, instance);
    try {
      client.listTable();
      return null;
    } catch (TableStoreException e) {
      return e;
    } finally {
      client.shutdown();
    }
  }
}
