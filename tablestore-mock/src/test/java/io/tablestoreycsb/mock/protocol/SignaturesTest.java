package io.tablestoreycsb.mock.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class SignaturesTest {
  @Test
  void aThreadsCachedMacFollowsEveryChangeOfKey() throws Exception {
    // The V4 key derivation chains four different keys on one thread; responses then use a third.
    String[] keys = {"secret-a", "secret-b", "secret-a", "secret-a", "a-much-longer-secret-than-one-block-of-sha1-64-bytes-xxxxxxxxxxxxxxxx"};
    for (String key : keys) {
      for (String data : new String[] {"", "/PutRow\nPOST\n\n", "x".repeat(1000)}) {
        assertThat(Signatures.hmacSha1Base64(key, data)).isEqualTo(reference("HmacSHA1", key, data));
        assertThat(Signatures.hmacSha256Base64(key, data)).isEqualTo(reference("HmacSHA256", key, data));
      }
    }
  }

  @Test
  void aStringToSignWrittenAsBytesSignsAsTheStringItSpells() throws Exception {
    // Header values are the client's: non-ASCII ones, and a lone surrogate (which UTF-8 encodes as '?'), must sign as the joined string does.
    String[][] texts = {
      {"/GetRow", "\nPOST\n\n", "x-ots-date", ":", "2026-11-28T00:00:00.000Z", "\n"},
      {"x-ots-instancename", ":", "ins\u00e9t\u4e2d", "\n", "/PutRow"},
      {"x-ots-sdk-traceid", ":", "a\ud83d\ude00b", "\n", "x-ots-x", ":", "lone\ud800", "\n"},
      {"x".repeat(700), "y".repeat(3000)},
    };
    for (String secret : new String[] {"secret-a", "secret-b", "secret-a"}) {
      for (String[] pieces : texts) {
        SigningText text = SigningText.start();
        for (String piece : pieces) {
          text.append(piece);
        }
        text.append('\n');
        String joined = String.join("", pieces) + "\n";
        assertThat(java.util.Arrays.copyOf(text.bytes(), text.length())).isEqualTo(joined.getBytes(StandardCharsets.UTF_8));
        assertThat(Signatures.hmacSha1Base64(secret, text)).isEqualTo(reference("HmacSHA1", secret, joined));
        // the byte-array key path in between must not leave the string key's Mac stale
        assertThat(Signatures.hmacSha256(secret.getBytes(StandardCharsets.UTF_8), joined)).hasSize(32);
      }
    }
  }

  @Test
  void md5IsFreshForEveryBody() throws Exception {
    for (String body : new String[] {"", "a", "a", "hello world"}) {
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      assertThat(Signatures.md5Base64(bytes))
          .isEqualTo(Base64.getEncoder().encodeToString(MessageDigest.getInstance("MD5").digest(bytes)));
    }
  }

  private static String reference(String algorithm, String key, String data) throws Exception {
    Mac mac = Mac.getInstance(algorithm);
    mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), algorithm));
    return Base64.getEncoder().encodeToString(mac.doFinal(data.getBytes(StandardCharsets.UTF_8)));
  }
}
