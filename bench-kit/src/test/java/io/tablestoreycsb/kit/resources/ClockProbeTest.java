package io.tablestoreycsb.kit.resources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.sun.net.httpserver.HttpServer;
import io.tablestoreycsb.mock.MockTablestore;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A runner reads the endpoint's clock from the mock over HTTP, as it would from the service. */
class ClockProbeTest {
  @Test
  void aRunnerOnTheEndpointsOwnClockReadsAnOffsetOfZeroWithinItsUncertainty() throws Exception {
    try (MockTablestore mock = MockTablestore.builder().start()) {
      ClockReading reading = new ClockProbe().measure(URI.create(mock.endpoint())).orElseThrow();

      assertThat(reading.samples()).isEqualTo(ClockProbe.SAMPLES);
      assertThat(reading.uncertaintyMs()).isGreaterThanOrEqualTo(1).isLessThan(1000);
      assertThat(Math.abs(reading.offsetMs())).isLessThanOrEqualTo(reading.uncertaintyMs());
      assertThat(reading.reference()).isEqualTo("x-ots-date of " + mock.endpoint());
    }
  }

  @Test
  void aMachineWhoseClockIsFiveSecondsBehindReadsPlusFiveSeconds() throws Exception {
    try (MockTablestore mock = MockTablestore.builder().start()) {
      ClockProbe behind = new ClockProbe(() -> System.currentTimeMillis() - 5_000);

      ClockReading reading = behind.measure(URI.create(mock.endpoint() + "/")).orElseThrow();

      assertThat(reading.offsetMs()).isCloseTo(5_000, within(reading.uncertaintyMs()));
    }
  }

  @Test
  void anEndpointWithoutXOtsDateOrNoEndpointGivesNoReading() throws Exception {
    HttpServer plain = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    plain.createContext("/", exchange -> {
      exchange.sendResponseHeaders(404, -1); // has an HTTP Date header, second resolution only
      exchange.close();
    });
    plain.start();
    try {
      assertThat(new ClockProbe().measure(URI.create("http://127.0.0.1:" + plain.getAddress().getPort())))
          .isEmpty();
    } finally {
      plain.stop(0);
    }
    int closedPort;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      closedPort = s.getLocalPort();
    }
    assertThat(new ClockProbe().measure(URI.create("http://127.0.0.1:" + closedPort))).isEmpty();
  }

  @Test
  void theSpreadOfACellIsTheLargestMinusTheSmallestOffsetWithBothUncertainties() {
    Optional<ClockReading> a = Optional.of(new ClockReading("r", -2.0, 0.5, 5));
    Optional<ClockReading> b = Optional.of(new ClockReading("r", 7.5, 1.5, 5));
    Optional<ClockReading> c = Optional.of(new ClockReading("r", 1.0, 9.0, 5));

    ClockReading.Spread spread = ClockReading.spread(List.of(a, b, c)).orElseThrow();

    assertThat(spread.ms()).isEqualTo(9.5);
    assertThat(spread.uncertaintyMs()).isEqualTo(2.0);
    assertThat(ClockReading.spread(List.of(a, Optional.empty()))).as("one runner not measured").isEmpty();
    assertThat(ClockReading.spread(List.of())).isEmpty();
  }
}
