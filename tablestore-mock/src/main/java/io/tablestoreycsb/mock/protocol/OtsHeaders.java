package io.tablestoreycsb.mock.protocol;

import java.util.List;

/**
 * Header names of the Tablestore HTTP protocol. Requests are read with names folded to lower case
 * (HTTP names are case-insensitive, and the Go SDK sends {@code X-Ots-Date}); responses carry
 * exactly the service's spelling, because some SDKs look names up case-sensitively: the Java
 * SDK 4.x reads {@code x-ots-contentmd5}, {@code x-ots-contenttype}, {@code x-ots-requestid} in
 * lower case and {@code Authorization} capitalised, and signs only names starting with a
 * lower-case {@code x-ots-}.
 */
public final class OtsHeaders {
  public static final String PREFIX = "x-ots-";
  public static final String DATE = "x-ots-date";
  public static final String API_VERSION = "x-ots-apiversion";
  public static final String ACCESS_KEY_ID = "x-ots-accesskeyid";
  public static final String INSTANCE_NAME = "x-ots-instancename";
  public static final String CONTENT_MD5 = "x-ots-contentmd5";
  public static final String SIGNATURE = "x-ots-signature";
  public static final String SIGNATURE_V4 = "x-ots-signaturev4";
  public static final String SIGN_DATE = "x-ots-signdate";
  public static final String SIGN_REGION = "x-ots-signregion";
  public static final String STS_TOKEN = "x-ots-ststoken";
  public static final String REQUEST_COMPRESS_TYPE = "x-ots-request-compress-type";
  public static final String CONTENT_TYPE = "x-ots-contenttype";
  public static final String REQUEST_ID = "x-ots-requestid";
  /** A response header: capitalised as the service writes it (the Java SDK 4.x finds no other spelling). */
  public static final String AUTHORIZATION = "Authorization";
  /** The standard HTTP date, as the service sends it beside x-ots-date (RFC 1123). */
  public static final String HTTP_DATE = "Date";

  /**
   * The API versions the official SDKs send: 2015-12-31 on every table request (Java, Go,
   * Python, Node.js) and on the Java SDK's tunnel requests; 2018-04-01 on the Go SDK's tunnel
   * requests (its {@code tunnel} package).
   */
  public static final List<String> SUPPORTED_API_VERSIONS = List.of("2015-12-31", "2018-04-01");
  /** What the service sends in {@link #CONTENT_TYPE}. */
  public static final String PROTOBUF_CONTENT_TYPE = "protocol buffer";

  private OtsHeaders() {}
}
