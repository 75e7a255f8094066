package io.tablestoreycsb.mock.transport;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Logs unexpected exceptions concisely: the first of each kind with its stack trace, repeats as
 * one line at FINE, so a bug hit by every request does not flood the log.
 */
public final class InternalErrors {
  private static final Logger LOG = Logger.getLogger("io.tablestoreycsb.mock");
  private static final Set<String> SEEN = ConcurrentHashMap.newKeySet();

  private InternalErrors() {}

  public static void log(String where, Throwable e) {
    String kind = e.getClass().getName() + "@" + where;
    if (SEEN.add(kind)) {
      LOG.log(Level.WARNING, "Internal error answering " + where + " (answered OTSInternalServerError; further ones logged at FINE)", e);
    } else {
      LOG.log(Level.FINE, "Internal error answering " + where + ": " + e);
    }
  }
}
