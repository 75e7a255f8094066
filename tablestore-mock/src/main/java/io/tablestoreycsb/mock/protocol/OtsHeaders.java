package io.tablestoreycsb.mock.protocol;

/** Header names of the Tablestore HTTP protocol, lower-case (HTTP header names are case-insensitive). */
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
  public static final String AUTHORIZATION = "authorization";

  /** The only API version the service (and every current SDK) speaks. */
  public static final String SUPPORTED_API_VERSION = "2015-12-31";
  /** What the service sends in {@link #CONTENT_TYPE}. */
  public static final String PROTOBUF_CONTENT_TYPE = "protocol buffer";

  private OtsHeaders() {}
}
