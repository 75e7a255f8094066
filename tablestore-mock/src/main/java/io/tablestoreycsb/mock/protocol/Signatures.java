package io.tablestoreycsb.mock.protocol;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The digests of the protocol: Base64(HMAC-SHA1) signatures, HMAC-SHA256 for V4 signing and
 * Base64(MD5) content checks.
 *
 * <p>Every request is checked and every response signed, so the JCA objects are kept per thread:
 * {@code Mac.getInstance} and {@code MessageDigest.getInstance} walk the provider list each time,
 * and {@code Mac.init} re-derives the key pads. A thread reuses its initialised {@code Mac} while
 * the key stays the same (one secret, the common case); {@code doFinal} leaves it ready for reuse.
 */
public final class Signatures {
  private static final ThreadLocal<KeyedMac> HMAC_SHA1 = ThreadLocal.withInitial(() -> new KeyedMac("HmacSHA1"));
  private static final ThreadLocal<KeyedMac> HMAC_SHA256 = ThreadLocal.withInitial(() -> new KeyedMac("HmacSHA256"));
  private static final ThreadLocal<MessageDigest> MD5 = ThreadLocal.withInitial(() -> digest("MD5"));

  private Signatures() {}

  public static String hmacSha1Base64(String secret, String stringToSign) {
    byte[] data = stringToSign.getBytes(StandardCharsets.UTF_8);
    return Base64.getEncoder().encodeToString(HMAC_SHA1.get().sign(secret, data, 0, data.length));
  }

  /** As {@link #hmacSha1Base64(String, String)}, of the text's bytes as they are. */
  static String hmacSha1Base64(String secret, SigningText stringToSign) {
    return Base64.getEncoder().encodeToString(HMAC_SHA1.get().sign(secret, stringToSign.bytes(), 0, stringToSign.length()));
  }

  public static String hmacSha256Base64(String key, String stringToSign) {
    byte[] data = stringToSign.getBytes(StandardCharsets.UTF_8);
    return Base64.getEncoder().encodeToString(HMAC_SHA256.get().sign(key, data, 0, data.length));
  }

  public static byte[] hmacSha256(byte[] key, String data) {
    byte[] bytes = data.getBytes(StandardCharsets.UTF_8);
    return HMAC_SHA256.get().sign(key, bytes, 0, bytes.length);
  }

  public static String md5Base64(byte[] body) {
    return Base64.getEncoder().encodeToString(MD5.get().digest(body)); // digest() resets it
  }

  /** Constant-time comparison so that a wrong signature leaks nothing through timing. */
  public static boolean sameSignature(String expected, String actual) {
    return MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8), actual.getBytes(StandardCharsets.UTF_8));
  }

  private static MessageDigest digest(String algorithm) {
    try {
      return MessageDigest.getInstance(algorithm);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(algorithm + " is not available in this JVM", e);
    }
  }

  /** One thread's Mac and the key it was last initialised with. Never shared between threads. */
  private static final class KeyedMac {
    private final String algorithm;
    private final Mac mac;
    private byte[] key; // null until the first init
    /** The secret {@link #key} was last made from (null: it came as bytes): a request's own secret needs no encoding again. */
    private String secret;

    KeyedMac(String algorithm) {
      this.algorithm = algorithm;
      try {
        this.mac = Mac.getInstance(algorithm);
      } catch (GeneralSecurityException e) {
        throw new IllegalStateException(algorithm + " is not available in this JVM", e);
      }
    }

    /** With the UTF-8 bytes of {@code newSecret} as the key. */
    byte[] sign(String newSecret, byte[] data, int offset, int length) {
      if (!newSecret.equals(secret)) {
        init(newSecret.getBytes(StandardCharsets.UTF_8));
        secret = newSecret;
      }
      mac.update(data, offset, length);
      return mac.doFinal();
    }

    byte[] sign(byte[] newKey, byte[] data, int offset, int length) {
      init(newKey);
      secret = null;
      mac.update(data, offset, length);
      return mac.doFinal();
    }

    private void init(byte[] newKey) {
      if (!Arrays.equals(key, newKey)) {
        try {
          mac.init(new SecretKeySpec(newKey, algorithm));
        } catch (GeneralSecurityException e) {
          throw new IllegalStateException("Cannot initialise " + algorithm, e);
        }
        key = newKey.clone();
      }
    }
  }
}
