package io.tablestoreycsb.planner.runner;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * Reads a Tablestore endpoint's clock the way NTP reads a server's, with Cristian's method: note this
 * clock, send a request, read the {@code x-ots-date} of the answer (milliseconds, UTC), note this clock
 * again; the endpoint's time is taken to be at the middle of the round trip. Of several requests the one
 * with the shortest round trip is kept (the least queueing, the tightest bound).
 *
 * <p>The request is an unsigned {@code POST /ListTable}: the service answers it with an error, and every
 * answer, error or not, carries {@code x-ots-date}. Nothing secret is sent and nothing is changed.
 * An endpoint whose answers lack the header (or that does not answer) gives no reading: the report then
 * says the clocks were not measured, rather than guessing from the second-resolution HTTP {@code Date}.
 */
public final class ClockProbe {
  static final String DATE_HEADER = "x-ots-date";
  static final int SAMPLES = 5;
  private static final Duration TIMEOUT = Duration.ofSeconds(2);

  private final HttpClient http;
  private final LongSupplier clock;

  public ClockProbe() {
    this(HttpClient.newBuilder().connectTimeout(TIMEOUT).build(), System::currentTimeMillis);
  }

  ClockProbe(HttpClient http, LongSupplier clock) {
    this.http = http;
    this.clock = clock;
  }

  /** The offset of {@code endpoint}'s clock from this one, or empty when it cannot be read. */
  public Optional<ClockReading> measure(URI endpoint) {
    String base = endpoint.toString();
    URI listTable = URI.create((base.endsWith("/") ? base : base + "/") + "ListTable");
    long bestRoundTrip = Long.MAX_VALUE;
    double bestOffset = Double.NaN;
    int made = 0;
    for (int i = 0; i < SAMPLES; i++) {
      HttpRequest request = HttpRequest.newBuilder(listTable).timeout(TIMEOUT)
          .POST(HttpRequest.BodyPublishers.noBody()).build();
      long sent = clock.getAsLong();
      HttpResponse<Void> response;
      try {
        response = http.send(request, HttpResponse.BodyHandlers.discarding());
      } catch (IOException e) {
        break; // unreachable: YCSB reports it with the binding's message
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      long received = clock.getAsLong();
      made++;
      Optional<Long> serverMs = response.headers().firstValue(DATE_HEADER).flatMap(ClockProbe::parse);
      if (serverMs.isEmpty()) {
        return Optional.empty();
      }
      long roundTrip = received - sent;
      if (roundTrip < bestRoundTrip) {
        bestRoundTrip = roundTrip;
        bestOffset = serverMs.get() - (sent + received) / 2.0;
      }
    }
    if (made == 0) {
      return Optional.empty();
    }
    return Optional.of(new ClockReading(DATE_HEADER + " of " + endpoint, bestOffset, bestRoundTrip / 2.0 + 1, made));
  }

  /** {@code yyyy-MM-dd'T'HH:mm:ss.SSS'Z'} as epoch ms; empty for anything else. */
  static Optional<Long> parse(String value) {
    try {
      return Optional.of(Instant.parse(value.trim()).toEpochMilli());
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }
}
