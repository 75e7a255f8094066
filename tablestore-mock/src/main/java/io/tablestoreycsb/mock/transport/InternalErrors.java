package io.tablestoreycsb.mock.transport;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Logs unexpected exceptions concisely: one WARNING line (exception and where it was thrown) the
 * first time a kind of failure is seen, the stack trace and repeats at FINE, so a bug hit by
 * every request does not flood the log.
 */
public final class InternalErrors {
  private static final Logger LOG = Logger.getLogger("io.tablestoreycsb.mock");
  private static final Set<String> SEEN = ConcurrentHashMap.newKeySet();

  private InternalErrors() {}

  public static void log(String where, Throwable e) {
    StackTraceElement origin = e.getStackTrace().length > 0 ? e.getStackTrace()[0] : null;
    String summary = "Internal error answering " + where + ": " + e + (origin == null ? "" : " at " + origin)
        + " (answered OTSInternalServerError)";
    if (SEEN.add(e.getClass().getName() + "@" + origin)) {
      LOG.warning(summary);
    }
    LOG.log(Level.FINE, summary, e);
  }
}
