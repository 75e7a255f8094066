package io.tablestoreycsb.mock.transport;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs unexpected exceptions concisely: one WARN line (exception and where it was thrown) the
 * first time a kind of failure is seen, the stack trace and repeats at DEBUG, so a bug hit by
 * every request does not flood the log. Through SLF4J, like the SDK and the rest of the project.
 */
public final class InternalErrors {
  private static final Logger LOG = LoggerFactory.getLogger("io.tablestoreycsb.mock");
  private static final Set<String> SEEN = ConcurrentHashMap.newKeySet();

  private InternalErrors() {}

  public static void log(String where, Throwable e) {
    StackTraceElement origin = e.getStackTrace().length > 0 ? e.getStackTrace()[0] : null;
    String summary = LogText.oneLine("Internal error answering " + where + ": " + e
        + (origin == null ? "" : " at " + origin) + " (answered OTSInternalServerError)");
    if (SEEN.add(e.getClass().getName() + "@" + origin)) {
      LOG.warn(summary);
    }
    LOG.debug(summary, e);
  }
}
