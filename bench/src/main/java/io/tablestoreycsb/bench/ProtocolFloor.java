package io.tablestoreycsb.bench;

import io.tablestoreycsb.mock.protocol.ErrorBodies;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.transport.HttpReply;
import io.tablestoreycsb.mock.transport.RequestHandler;
import java.util.Map;

/**
 * What the protocol floor answers with, behind the mock's own HTTP server: GetRow and PutRow each
 * through {@link ProtocolWork} and nothing else. No table, no storage, no journal, no capacity,
 * no injected faults, no request pipeline: a GetRow is answered the paper row under its key, a
 * PutRow its consumed capacity. A request the check refuses, a body that does not decode, another
 * method or another action gets the service's error (status, protobuf {@code Error} body, signed
 * headers), as the mock answers it.
 */
final class ProtocolFloor implements RequestHandler {
  /** The response signature covers x-ots-requestid: one fixed id, as the bare floor's. */
  static final String REQUEST_ID = "00000000-0000-0000-0000-000000000000";

  private final ProtocolWork work;

  ProtocolFloor(ProtocolWork work) {
    this.work = work;
  }

  @Override
  public HttpReply handle(String method, String path, Map<String, String> lowerCaseHeaders, byte[] body) {
    String action = actionOf(path);
    String signingKey = null;
    try {
      if (!"POST".equals(method)) {
        throw new OtsException(ErrorCode.METHOD_NOT_ALLOWED, "Only POST is allowed, got " + method + ".");
      }
      boolean getRow = action.equals("GetRow");
      if (!getRow && !action.equals("PutRow")) {
        throw new OtsException(ErrorCode.UNSUPPORTED_OPERATION, "Unsupported operation: '" + action + "'.");
      }
      signingKey = work.authenticate(action, lowerCaseHeaders, body);
      byte[] response;
      if (getRow) {
        response = work.getRow(body);
      } else {
        work.putRowChange(body);
        response = work.putRowResponse();
      }
      return new HttpReply(200, work.sign(action, REQUEST_ID, response, signingKey), response, 0);
    } catch (OtsException e) {
      return errorReply(action, e, signingKey);
    }
  }

  @Override
  public HttpReply error(String path, OtsException error) {
    return errorReply(actionOf(path), error, null);
  }

  /** {@code /GetRow} or {@code /GetRow/}: {@code GetRow}, as the mock reads a path. */
  private static String actionOf(String path) {
    String action = path.startsWith("/") ? path.substring(1) : path;
    return action.endsWith("/") ? action.substring(0, action.length() - 1) : action;
  }

  private HttpReply errorReply(String action, OtsException error, String signingKey) {
    byte[] body = ErrorBodies.encode(error);
    return new HttpReply(error.errorCode().httpStatus(), work.sign(action, REQUEST_ID, body, signingKey), body, 0);
  }
}
