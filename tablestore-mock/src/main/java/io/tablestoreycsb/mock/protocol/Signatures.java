package io.tablestoreycsb.mock.protocol;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** The two digests of the protocol: Base64(HMAC-SHA1) signatures and Base64(MD5) content checks. */
public final class Signatures {
  private Signatures() {}

  public static String hmacSha1Base64(String secret, String stringToSign) {
    try {
      Mac mac = Mac.getInstance("HmacSHA1");
      mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA1"));
      return Base64.getEncoder().encodeToString(mac.doFinal(stringToSign.getBytes(StandardCharsets.UTF_8)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA1 is not available in this JVM", e);
    }
  }

  public static String hmacSha256Base64(String key, String stringToSign) {
    return Base64.getEncoder().encodeToString(hmacSha256(key.getBytes(StandardCharsets.UTF_8), stringToSign));
  }

  public static byte[] hmacSha256(byte[] key, String data) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is not available in this JVM", e);
    }
  }

  public static String md5Base64(byte[] body) {
    try {
      return Base64.getEncoder().encodeToString(MessageDigest.getInstance("MD5").digest(body));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("MD5 is not available in this JVM", e);
    }
  }

  /** Constant-time comparison so that a wrong signature leaks nothing through timing. */
  public static boolean sameSignature(String expected, String actual) {
    return MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8), actual.getBytes(StandardCharsets.UTF_8));
  }
}
