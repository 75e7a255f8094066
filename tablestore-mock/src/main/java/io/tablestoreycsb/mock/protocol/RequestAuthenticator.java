package io.tablestoreycsb.mock.protocol;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks a request the way the service does before executing it: required headers, API version,
 * instance, access key, date skew, body MD5 and the V2 signature.
 *
 * <p>Headers arrive with lower-case names (the transport folds them), so SDKs that send
 * {@code X-OTS-Date} and those that send {@code x-ots-date} are treated alike. The string to sign
 * is rebuilt from the lower-cased names, which is what every official SDK signs.
 */
public final class RequestAuthenticator {
  /** The service rejects requests whose x-ots-date is more than 15 minutes off. */
  public static final Duration MAX_DATE_SKEW = Duration.ofMinutes(15);

  private static final String[] REQUIRED_HEADERS = {
    OtsHeaders.DATE, OtsHeaders.API_VERSION, OtsHeaders.ACCESS_KEY_ID, OtsHeaders.INSTANCE_NAME,
    OtsHeaders.CONTENT_MD5
  };

  /** Appended to the V4 string to sign. */
  private static final String V4_SALT = "ots";

  private final Credentials credentials;
  private final Clock clock;

  public RequestAuthenticator(Credentials credentials, Clock clock) {
    this.credentials = credentials;
    this.clock = clock;
  }

  /**
   * Throws the service's error for the first problem found. For a request that may be executed,
   * returns the key its response must be signed with: the secret for a V2 request, the derived
   * signing key for a V4 one (SDKs verify the response with the key they signed with).
   */
  public String authenticate(String action, Map<String, String> lowerCaseHeaders, byte[] body) {
    Found found = Found.in(lowerCaseHeaders);
    for (String name : REQUIRED_HEADERS) {
      if (found.get(name) == null) {
        throw new OtsException(ErrorCode.AUTH_FAILED, "Missing header: " + name + ".");
      }
    }
    String signature = found.signature;
    String signatureV4 = found.signatureV4;
    if (signature == null && signatureV4 == null) {
      throw new OtsException(ErrorCode.AUTH_FAILED, "Missing header: " + OtsHeaders.SIGNATURE + ".");
    }
    String apiVersion = found.apiVersion.trim();
    if (!OtsHeaders.SUPPORTED_API_VERSIONS.contains(apiVersion)) {
      throw OtsException.parameterInvalid("Unsupported API version: " + apiVersion
          + ". The supported versions are " + String.join(", ", OtsHeaders.SUPPORTED_API_VERSIONS) + ".");
    }
    String instance = found.instanceName.trim();
    if (!credentials.instanceName().equals(instance)) {
      throw new OtsException(ErrorCode.AUTH_FAILED, "The instance '" + instance + "' does not exist.");
    }
    String accessKeyId = found.accessKeyId.trim();
    if (!credentials.accessKeyId().equals(accessKeyId)) {
      throw new OtsException(ErrorCode.AUTH_FAILED, "The AccessKeyId '" + accessKeyId + "' does not exist.");
    }
    checkDate(found.date.trim());
    if (found.compressType != null) {
      throw OtsException.parameterInvalid("Request compression (x-ots-request-compress-type) is not supported by this endpoint.");
    }
    String md5 = Signatures.md5Base64(body);
    if (!md5.equals(found.contentMd5.trim())) {
      throw new OtsException(ErrorCode.AUTH_FAILED, "Mismatch between x-ots-contentmd5 and the MD5 of the request body.");
    }
    if (signature != null) {
      String expected = Signatures.hmacSha1Base64(credentials.accessKeySecret(),
          writeStringToSign(SigningText.start(), action, lowerCaseHeaders));
      checkSignature(expected, signature, accessKeyId);
      return credentials.accessKeySecret();
    }
    String signingKey = v4SigningKey(found.signDate, found.signRegion);
    String expected = Signatures.hmacSha256Base64(signingKey, stringToSign(action, lowerCaseHeaders) + V4_SALT);
    checkSignature(expected, signatureV4, accessKeyId);
    return signingKey;
  }

  /**
   * The x-ots-* headers the check reads (null when absent), found in one pass over the
   * transport's sorted x-ots-* headers: a dozen look-ups by name, each lower-casing the name and
   * scanning the list, were 3 to 5% of the mock's sampled CPU under GetRow/PutRow.
   */
  private static final class Found {
    String date;
    String apiVersion;
    String accessKeyId;
    String instanceName;
    String contentMd5;
    String signature;
    String signatureV4;
    String signDate;
    String signRegion;
    String compressType;

    static Found in(Map<String, String> lowerCaseHeaders) {
      Found found = new Found();
      if (lowerCaseHeaders instanceof SignedHeaders sorted) {
        for (Map.Entry<String, String> e : sorted.otsHeadersByName()) { // first of repeated names only
          found.take(e.getKey(), e.getValue());
        }
      } else {
        for (String name : new String[] {OtsHeaders.DATE, OtsHeaders.API_VERSION, OtsHeaders.ACCESS_KEY_ID,
            OtsHeaders.INSTANCE_NAME, OtsHeaders.CONTENT_MD5, OtsHeaders.SIGNATURE, OtsHeaders.SIGNATURE_V4,
            OtsHeaders.SIGN_DATE, OtsHeaders.SIGN_REGION, OtsHeaders.REQUEST_COMPRESS_TYPE}) {
          String value = lowerCaseHeaders.get(name);
          if (value != null) {
            found.take(name, value);
          }
        }
      }
      return found;
    }

    private void take(String name, String value) {
      switch (name) {
        case OtsHeaders.DATE -> date = value;
        case OtsHeaders.API_VERSION -> apiVersion = value;
        case OtsHeaders.ACCESS_KEY_ID -> accessKeyId = value;
        case OtsHeaders.INSTANCE_NAME -> instanceName = value;
        case OtsHeaders.CONTENT_MD5 -> contentMd5 = value;
        case OtsHeaders.SIGNATURE -> signature = value;
        case OtsHeaders.SIGNATURE_V4 -> signatureV4 = value;
        case OtsHeaders.SIGN_DATE -> signDate = value;
        case OtsHeaders.SIGN_REGION -> signRegion = value;
        case OtsHeaders.REQUEST_COMPRESS_TYPE -> compressType = value;
        default -> { }
      }
    }

    /** A required header's value by name (one of {@code REQUIRED_HEADERS}). */
    String get(String name) {
      switch (name) {
        case OtsHeaders.DATE:
          return date;
        case OtsHeaders.API_VERSION:
          return apiVersion;
        case OtsHeaders.ACCESS_KEY_ID:
          return accessKeyId;
        case OtsHeaders.INSTANCE_NAME:
          return instanceName;
        case OtsHeaders.CONTENT_MD5:
          return contentMd5;
        default:
          throw new IllegalArgumentException("not a required header: " + name);
      }
    }
  }

  private static void checkSignature(String expected, String actual, String accessKeyId) {
    if (!Signatures.sameSignature(expected, actual.trim())) {
      throw new OtsException(ErrorCode.AUTH_FAILED, "Signature mismatch: the request signature does not match the one computed with the secret of AccessKeyId '"
          + accessKeyId + "'.");
    }
  }

  /**
   * The V4 signing key: Base64 of HMAC-SHA256 chained over the sign date, region, product and
   * a constant, seeded with {@code aliyun_v4 + secret}. Any region is accepted (the mock has none);
   * the sign date (yyyyMMdd, UTC) must be within a day of the server's date.
   */
  private String v4SigningKey(String signDate, String region) {
    if (signDate == null || region == null) {
      throw new OtsException(ErrorCode.AUTH_FAILED, "Missing header: " + (signDate == null ? OtsHeaders.SIGN_DATE : OtsHeaders.SIGN_REGION)
          + " (required with x-ots-signaturev4).");
    }
    signDate = signDate.trim();
    region = region.trim();
    java.time.LocalDate date;
    try {
      date = java.time.LocalDate.parse(signDate, DateTimeFormatter.BASIC_ISO_DATE);
    } catch (DateTimeParseException e) {
      throw new OtsException(ErrorCode.AUTH_FAILED, "Invalid x-ots-signdate: " + signDate + " (expected yyyyMMdd).");
    }
    java.time.LocalDate today = java.time.LocalDate.ofInstant(clock.instant(), java.time.ZoneOffset.UTC);
    if (Math.abs(java.time.temporal.ChronoUnit.DAYS.between(date, today)) > 1) {
      throw new OtsException(ErrorCode.AUTH_FAILED, "x-ots-signdate " + signDate + " is too far from the server's date.");
    }
    byte[] key = Signatures.hmacSha256(("aliyun_v4" + credentials.accessKeySecret()).getBytes(java.nio.charset.StandardCharsets.UTF_8), signDate);
    key = Signatures.hmacSha256(key, region);
    key = Signatures.hmacSha256(key, "ots");
    key = Signatures.hmacSha256(key, "aliyun_v4_request");
    return java.util.Base64.getEncoder().encodeToString(key);
  }

  /** {@code /Action\nPOST\n\n} then every x-ots-* header but the signatures, sorted, {@code name:trimmed-value\n}. */
  static String stringToSign(String action, Map<String, String> lowerCaseHeaders) {
    return writeStringToSign(SigningText.start(), action, lowerCaseHeaders).toString();
  }

  /** {@link #stringToSign} written into {@code out}, as the bytes the signature is computed over. */
  private static SigningText writeStringToSign(SigningText out, String action, Map<String, String> lowerCaseHeaders) {
    List<Map.Entry<String, String>> signed;
    if (lowerCaseHeaders instanceof SignedHeaders sorted) {
      signed = sorted.otsHeadersByName(); // the transport's view: already picked out and sorted
    } else {
      signed = new ArrayList<>(8);
      for (Map.Entry<String, String> e : lowerCaseHeaders.entrySet()) {
        if (e.getKey().startsWith(OtsHeaders.PREFIX)) {
          signed.add(e);
        }
      }
      signed.sort(Map.Entry.comparingByKey());
    }
    out.append('/').append(action).append("\nPOST\n\n");
    for (Map.Entry<String, String> e : signed) {
      String name = e.getKey();
      if (!name.equals(OtsHeaders.SIGNATURE) && !name.equals(OtsHeaders.SIGNATURE_V4)) {
        out.append(name).append(':').append(e.getValue().trim()).append('\n');
      }
    }
    return out;
  }

  private void checkDate(String value) {
    Instant sent = OtsDates.parse(value);
    Duration skew = Duration.between(sent, clock.instant()).abs();
    if (skew.compareTo(MAX_DATE_SKEW) > 0) {
      throw new OtsException(ErrorCode.AUTH_FAILED, "Mismatch between request time and server time: x-ots-date "
          + value + " differs from the server's clock by more than 15 minutes.");
    }
  }
}
