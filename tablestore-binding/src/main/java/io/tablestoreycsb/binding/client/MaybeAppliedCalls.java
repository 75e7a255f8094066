package io.tablestoreycsb.binding.client;

import com.alicloud.openservices.tablestore.ClientException;
import com.alicloud.openservices.tablestore.TableStoreException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The write calls (by the SDK's trace id, one per call whatever its attempts) that the client sent
 * again after an attempt failed on the client's side once the request may have reached the service:
 * a connection reset or closed, a timeout, the connection-lease race ({@link BindingRetryStrategy}).
 * That attempt may have been applied. So when such a call's final answer refuses a row (a row error,
 * OTSServerBusy), the row may be in the table all the same: the binding counts it failed on its
 * connection ("the table may hold it"), never as a row the service proved it did not write.
 *
 * <p>The strategy marks a call; whoever reads the call's outcome takes the mark (every write outcome
 * is read, so the set stays as small as the calls in flight).
 */
public final class MaybeAppliedCalls {
  private final Set<String> traceIds = ConcurrentHashMap.newKeySet();

  /** The call {@code traceId} is sent again after an attempt the service may have applied. */
  void resentAfterUnknownOutcome(String traceId) {
    if (traceId != null) {
      traceIds.add(traceId);
    }
  }

  /** Whether an earlier attempt of the call {@code traceId} may have been applied; forgets the call. */
  public boolean take(String traceId) {
    return traceId != null && !traceIds.isEmpty() && traceIds.remove(traceId);
  }

  /** As {@link #take(String)} for the call that failed with {@code e}. */
  public boolean take(RuntimeException e) {
    return take(traceIdOf(e));
  }

  /** The SDK's trace id of the call that failed with {@code e} (it sets one before any retry), or null. */
  static String traceIdOf(Exception e) {
    if (e instanceof TableStoreException tse) {
      return tse.getTraceId();
    }
    return e instanceof ClientException ce ? ce.getTraceId() : null;
  }
}
