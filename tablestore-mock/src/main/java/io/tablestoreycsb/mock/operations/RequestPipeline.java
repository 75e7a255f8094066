package io.tablestoreycsb.mock.operations;

import io.tablestoreycsb.mock.faults.Injection;
import io.tablestoreycsb.mock.protocol.Credentials;
import io.tablestoreycsb.mock.protocol.ErrorBodies;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.protocol.RequestAuthenticator;
import io.tablestoreycsb.mock.protocol.ResponseSigner;
import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.transport.HttpReply;
import io.tablestoreycsb.mock.transport.InternalErrors;
import io.tablestoreycsb.mock.transport.RequestHandler;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The request pipeline: route the action, authenticate, ask the injection for a request fault,
 * execute, then sign the reply and compute its delay (injected latency or partition capacity
 * wait, whichever is longer). Every reply, success or error, carries the service's headers.
 */
public final class RequestPipeline implements RequestHandler {
  private final Map<String, Action> actions = new LinkedHashMap<>();
  private final RequestAuthenticator authenticator;
  private final ResponseSigner signer;
  private final Injection injection;
  private final Clock clock;

  /**
   * @param rangePagesEndAtPartitionBoundary whether a GetRange page ends where the scan leaves its
   *     start partition, as the service may end it (see {@link GetRange})
   */
  public RequestPipeline(Catalog catalog, Credentials credentials, Injection injection, Clock clock,
      boolean rangePagesEndAtPartitionBoundary) {
    this(catalog, credentials, injection, clock, rangePagesEndAtPartitionBoundary, List.of());
  }

  /** Also serves {@code moreActions} (e.g. the Tunnel Service's {@code tunnel/*}), routed by name like the table API. */
  public RequestPipeline(Catalog catalog, Credentials credentials, Injection injection, Clock clock,
      boolean rangePagesEndAtPartitionBoundary, List<Action> moreActions) {
    this.authenticator = new RequestAuthenticator(credentials, clock);
    this.signer = new ResponseSigner(credentials, clock);
    this.injection = injection;
    this.clock = clock;
    for (Action action : List.of(
        new CreateTable(catalog), new DescribeTable(catalog), new ListTable(catalog), new UpdateTable(catalog),
        new DeleteTable(catalog), new WriteRowActions.PutRow(catalog), new GetRow(catalog),
        new WriteRowActions.UpdateRow(catalog), new WriteRowActions.DeleteRow(catalog), new BatchGetRow(catalog),
        new BatchWriteRow(catalog), new GetRange(catalog, rangePagesEndAtPartitionBoundary), new ComputeSplitPointsBySize(catalog))) {
      actions.put(action.name(), action);
    }
    for (Action action : moreActions) {
      actions.put(action.name(), action);
    }
  }

  /** The actions this endpoint serves, by name. */
  public List<String> actionNames() {
    return List.copyOf(actions.keySet());
  }

  @Override
  public HttpReply handle(String method, String path, Map<String, String> lowerCaseHeaders, byte[] body) {
    String actionName = actionOf(path);
    String signingKey = null;
    try {
      if (!"POST".equals(method)) {
        throw new OtsException(ErrorCode.METHOD_NOT_ALLOWED, "Only POST is allowed, got " + method + ".");
      }
      Action action = actions.get(actionName);
      if (action == null) {
        throw new OtsException(ErrorCode.UNSUPPORTED_OPERATION, "Unsupported operation: '" + actionName + "'.");
      }
      signingKey = authenticator.authenticate(actionName, lowerCaseHeaders, body);
      OtsException injected = injection.requestFault(actionName);
      if (injected != null) {
        throw injected;
      }
      RequestContext context = new RequestContext(actionName, injection, clock.millis());
      byte[] response = action.execute(body, context);
      long delay = Math.max(injection.addedLatencyNanos(actionName), context.reserveCapacityNanos());
      return reply(actionName, 200, response, delay, signingKey);
    } catch (OtsException e) {
      long delay = actions.containsKey(actionName) ? injection.addedLatencyNanos(actionName) : 0;
      return reply(actionName, e.errorCode().httpStatus(), ErrorBodies.encode(e), delay, signingKey);
    } catch (RuntimeException e) {
      // A bug, not a request problem: answer like the service would, signed with the request's key.
      InternalErrors.log(path, e);
      OtsException internal = new OtsException(ErrorCode.INTERNAL_SERVER_ERROR, "Internal server error.");
      return reply(actionName, internal.errorCode().httpStatus(), ErrorBodies.encode(internal), 0, signingKey);
    }
  }

  @Override
  public HttpReply error(String path, OtsException error) {
    return reply(actionOf(path), error.errorCode().httpStatus(), ErrorBodies.encode(error), 0, null);
  }

  private HttpReply reply(String action, int status, byte[] body, long delayNanos, String signingKey) {
    return new HttpReply(status, signer.headersFor(action, newRequestId(), body, signingKey), body, delayNanos);
  }

  static String actionOf(String path) {
    String action = path.startsWith("/") ? path.substring(1) : path;
    return action.endsWith("/") ? action.substring(0, action.length() - 1) : action;
  }

  /** Request ids shaped like the service's (hex groups), unique enough for log correlation. */
  static String newRequestId() {
    ThreadLocalRandom r = ThreadLocalRandom.current();
    char[] id = new char[36];
    long a = r.nextLong();
    long b = r.nextLong();
    int at = hex(a >>> 32, 8, id, 0);
    id[at++] = '-';
    at = hex(a >>> 16, 4, id, at);
    id[at++] = '-';
    at = hex(a, 4, id, at);
    id[at++] = '-';
    at = hex(b >>> 48, 4, id, at);
    id[at++] = '-';
    hex(b, 12, id, at);
    return new String(id);
  }

  /** Writes the low {@code digits} hex digits of {@code value} at {@code at}; returns the next index. */
  private static int hex(long value, int digits, char[] into, int at) {
    for (int i = digits - 1; i >= 0; i--) {
      into[at + i] = HEX[(int) (value & 0xf)];
      value >>>= 4;
    }
    return at + digits;
  }

  private static final char[] HEX = "0123456789abcdef".toCharArray();
}
