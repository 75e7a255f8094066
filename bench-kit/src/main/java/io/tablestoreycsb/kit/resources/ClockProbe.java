package io.tablestoreycsb.kit.resources;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URL;
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
 *
 * <p>It uses {@link HttpURLConnection}, not {@code java.net.http.HttpClient}: every runner probes before
 * its start gate, and the newer client sets up TLS (the JDK's trust store included) even for plain
 * HTTP, several hundred ms of CPU per runner JVM while a cell's runners start together.
 */
public final class ClockProbe {
  static final String DATE_HEADER = "x-ots-date";
  static final int SAMPLES = 5;
  private static final Duration TIMEOUT = Duration.ofSeconds(2);

  private final LongSupplier clock;

  public ClockProbe() {
    this(System::currentTimeMillis);
  }

  ClockProbe(LongSupplier clock) {
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
      long sent = clock.getAsLong();
      Optional<String> date;
      try {
        date = post(listTable);
      } catch (IOException | IllegalArgumentException e) {
        break; // unreachable: YCSB reports it with the binding's message
      }
      long received = clock.getAsLong();
      made++;
      Optional<Long> serverMs = date.flatMap(ClockProbe::parse);
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

  /** One bodiless POST; the answer's date header. The body is read to the end so the connection is kept. */
  private static Optional<String> post(URI uri) throws IOException {
    URL url = uri.toURL();
    HttpURLConnection connection = (HttpURLConnection) url.openConnection();
    connection.setConnectTimeout((int) TIMEOUT.toMillis());
    connection.setReadTimeout((int) TIMEOUT.toMillis());
    connection.setRequestMethod("POST");
    connection.setDoOutput(true);
    connection.setFixedLengthStreamingMode(0);
    connection.getOutputStream().close();
    int status = connection.getResponseCode();
    try (InputStream body = status >= 400 ? connection.getErrorStream() : connection.getInputStream()) {
      if (body != null) {
        body.transferTo(OutputStream.nullOutputStream());
      }
    }
    return Optional.ofNullable(connection.getHeaderField(DATE_HEADER));
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
