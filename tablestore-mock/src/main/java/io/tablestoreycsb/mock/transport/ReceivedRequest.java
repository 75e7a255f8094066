package io.tablestoreycsb.mock.transport;

import io.netty.handler.codec.http.HttpRequest;
import io.tablestoreycsb.mock.protocol.OtsException;

/**
 * A request as the body reader hands it on: its head (request line and headers, as Netty decoded
 * them), its whole body, and, when the HTTP layer refuses it itself (a malformed request, a body
 * over the limit), that refusal instead of a body to act on.
 *
 * @param keepAlive whether the connection stays open after the answer
 * @param refusal null for a request to answer; otherwise the error to answer it with
 * @param heldBodyBytes what the body holds of {@link BodyMemory}: released once its action has run
 */
record ReceivedRequest(HttpRequest head, byte[] body, boolean keepAlive, OtsException refusal, int heldBodyBytes) {}
