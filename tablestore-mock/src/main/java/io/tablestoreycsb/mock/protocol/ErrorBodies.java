package io.tablestoreycsb.mock.protocol;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;

/** The protobuf {@code Error { code, message }} body of every error response. */
public final class ErrorBodies {
  private ErrorBodies() {}

  public static byte[] encode(OtsException e) {
    OtsInternalApi.Error.Builder error = OtsInternalApi.Error.newBuilder().setCode(e.errorCode().code());
    if (e.getMessage() != null) {
      error.setMessage(e.getMessage());
    }
    return error.build().toByteArray();
  }

  public static OtsInternalApi.Error toProto(OtsException e) {
    return OtsInternalApi.Error.newBuilder().setCode(e.errorCode().code())
        .setMessage(e.getMessage() == null ? "" : e.getMessage()).build();
  }
}
