package io.tablestoreycsb.mock.transport;

import io.tablestoreycsb.mock.protocol.OtsException;
import java.util.Map;

/**
 * What the HTTP layer hands a complete request to. Called on the connection's I/O event loop (or a
 * worker thread when the server has a pool): it must not block; delays go in {@link HttpReply#delayNanos()}.
 */
public interface RequestHandler {
  /**
   * Answers one request.
   *
   * @param method the HTTP method, upper-case
   * @param path the request path, e.g. {@code /PutRow}
   * @param lowerCaseHeaders header names folded to lower case
   */
  HttpReply handle(String method, String path, Map<String, String> lowerCaseHeaders, byte[] body);

  /**
   * Answers one request whose target may carry a query ({@code ?a=b}); what the HTTP layer calls.
   * The Tablestore API has no queries, so by default the query is ignored; the admin API
   * ({@code /_mock/...}) reads it.
   *
   * @param query the raw query after {@code ?}, or null when the target had none
   */
  default HttpReply handle(String method, String path, String query, Map<String, String> lowerCaseHeaders,
      byte[] body) {
    return handle(method, path, lowerCaseHeaders, body);
  }

  /** The service-style error response for a problem the HTTP layer found itself (e.g. body too large). */
  HttpReply error(String path, OtsException error);
}
