package io.tablestoreycsb.mock.operations;

import io.tablestoreycsb.mock.faults.Injection;
import io.tablestoreycsb.mock.journal.RecordedRequest;
import io.tablestoreycsb.mock.journal.RequestJournal;
import io.tablestoreycsb.mock.protocol.ActionName;
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
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.LongSupplier;

/**
 * The request pipeline: route the action, authenticate, ask the injection for a request fault,
 * execute, then sign the reply and compute its delay (injected latency or partition capacity
 * wait, whichever is longer), and record the request in the journal. Every reply, success or
 * error, carries the service's headers.
 */
public final class RequestPipeline implements RequestHandler {
  private final Map<ActionName, Action> actions = new EnumMap<>(ActionName.class);
  private final RequestAuthenticator authenticator;
  private final ResponseSigner signer;
  private final Injection injection;
  private final RequestJournal journal;
  private final Clock clock;
  /** The clock writes read their commit time from ({@link RequestContext#commitClock()}), made once. */
  private final LongSupplier commitClock;

  /**
   * @param journal where each answered request is recorded (one with capacity 0 records nothing)
   * @param rangePagesEndAtPartitionBoundary whether a GetRange page ends where the scan leaves its
   *     start partition, as the service may end it (see {@link GetRange})
   * @param moreActions also served (e.g. the Tunnel Service's {@code tunnel/*}), routed by name like
   *     the table API
   * @param transactions the instance's local transactions
   */
  public RequestPipeline(Catalog catalog, Credentials credentials, Injection injection, RequestJournal journal,
      Clock clock, boolean rangePagesEndAtPartitionBoundary, List<Action> moreActions, LocalTransactions transactions) {
    this.authenticator = new RequestAuthenticator(credentials, clock);
    this.signer = new ResponseSigner(credentials, clock);
    this.injection = injection;
    this.journal = journal;
    this.clock = clock;
    this.commitClock = clock::millis;
    List<Action> all = new ArrayList<>(List.of(
        new CreateTable(catalog), new DescribeTable(catalog), new ListTable(catalog), new UpdateTable(catalog),
        new DeleteTable(catalog), new PutRow(catalog, transactions), new GetRow(catalog, transactions),
        new UpdateRow(catalog, transactions), new DeleteRow(catalog, transactions), new BatchGetRow(catalog),
        new BatchWriteRow(catalog, transactions), new GetRange(catalog, transactions, rangePagesEndAtPartitionBoundary),
        new ComputeSplitPointsBySize(catalog), new StartLocalTransaction(catalog, transactions),
        new CommitTransaction(catalog, transactions), new AbortTransaction(transactions), new CreateIndex(catalog),
        new DropIndex(catalog), new ListSearchIndex(catalog)));
    all.addAll(moreActions);
    for (Action action : all) {
      if (actions.put(action.name(), action) != null) {
        throw new IllegalArgumentException("two actions named " + action.name().wireName());
      }
    }
  }

  @Override
  public HttpReply handle(String method, String path, Map<String, String> lowerCaseHeaders, byte[] body) {
    long nowMillis = clock.millis();
    String actionName = actionOf(path);
    ActionName name = ActionName.ofWireName(actionName);
    RequestContext context = null;
    String signingKey = null;
    try {
      if (!"POST".equals(method)) {
        throw new OtsException(ErrorCode.METHOD_NOT_ALLOWED, "Only POST is allowed, got " + method + ".");
      }
      Action action = name == null ? null : actions.get(name);
      if (action == null) {
        throw new OtsException(ErrorCode.UNSUPPORTED_OPERATION, "Unsupported operation: '" + actionName + "'.");
      }
      signingKey = authenticator.authenticate(actionName, lowerCaseHeaders, body);
      context = new RequestContext(name, injection, nowMillis, commitClock, journal.isOn());
      OtsException injected = injection.requestFault(name);
      if (injected != null) {
        if (journal.isOn()) {
          noteRows(action, body, context);
        }
        throw injected;
      }
      byte[] response = action.execute(body, context);
      long delay = Math.max(injection.addedLatencyNanos(name), context.reserveCapacityNanos());
      return reply(nowMillis, name, actionName, context, 200, null, response, delay, signingKey);
    } catch (OtsException e) {
      long delay = name != null && actions.containsKey(name) ? injection.addedLatencyNanos(name) : 0;
      return reply(nowMillis, name, actionName, context, e.errorCode().httpStatus(), e, ErrorBodies.encode(e), delay,
          signingKey);
    } catch (RuntimeException e) {
      // A bug, not a request problem: answer like the service would, signed with the request's key.
      InternalErrors.log(path, e);
      OtsException internal = new OtsException(ErrorCode.INTERNAL_SERVER_ERROR, "Internal server error.");
      return reply(nowMillis, name, actionName, context, internal.errorCode().httpStatus(), internal,
          ErrorBodies.encode(internal), 0, signingKey);
    }
  }

  /** What the journal shows of a request failed by an injected fault: the rows it named, read without running it. */
  private static void noteRows(Action action, byte[] body, RequestContext context) {
    try {
      action.note(body, context);
    } catch (OtsException e) {
      // a body that does not parse names no rows; the request's outcome is its injected fault
    }
  }

  @Override
  public HttpReply error(String path, OtsException error) {
    String actionName = actionOf(path);
    return reply(clock.millis(), ActionName.ofWireName(actionName), actionName, null, error.errorCode().httpStatus(),
        error, ErrorBodies.encode(error), 0, null);
  }

  private HttpReply reply(long nowMillis, ActionName name, String actionName, RequestContext context, int status,
      OtsException error, byte[] body, long delayNanos, String signingKey) {
    String requestId = newRequestId();
    if (journal.isOn()) {
      journal.record(new RecordedRequest.Entry(nowMillis, name, actionName, context == null ? null : context.table(),
          context == null ? null : context.rows(), status, error, requestId,
          context == null ? 0 : context.readCu(), context == null ? 0 : context.writeCu(), delayNanos));
    }
    return new HttpReply(status, signer.headersFor(actionName, requestId, body, signingKey), body, delayNanos);
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
