package io.tablestoreycsb.bench;

import com.alicloud.openservices.tablestore.ClientException;
import java.util.concurrent.Callable;

/**
 * Set-up calls outside the measured runs (creating and dropping tables, preloading rows) retried
 * on a client-side failure (the SDK client's connection-lease race, a reset): the benchmark does
 * not abort on one. Errors the service returned are not retried.
 */
final class Transient {
  static final int ATTEMPTS = 5;

  private Transient() {
  }

  static <T> T retry(String what, Callable<T> call) throws Exception {
    for (int attempt = 1; ; attempt++) {
      try {
        return call.call();
      } catch (ClientException e) {
        if (attempt == ATTEMPTS) {
          throw new IllegalStateException(what + " failed " + ATTEMPTS + " times, last: " + e, e);
        }
        System.err.printf("%s: %s; trying again (%d of %d)%n", what, e, attempt + 1, ATTEMPTS);
        Thread.sleep(100L * attempt);
      }
    }
  }

  static void run(String what, Runnable call) throws Exception {
    retry(what, () -> {
      call.run();
      return null;
    });
  }
}
