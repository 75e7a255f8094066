package io.tablestoreycsb.binding.it;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;

/** Free ports on 127.0.0.1 that the kernel never hands out as a client's own port. */
final class FixedPorts {
  private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
  /** Below this the ports of well-known services cluster; above it, up to the range, few listen. */
  private static final int LOWEST = 20_000;

  private FixedPorts() {}

  /** A port that is free now and below the ephemeral range (32768 when the kernel does not say). */
  static int belowEphemeralRange() throws IOException {
    int firstEphemeral = firstEphemeralPort();
    int span = firstEphemeral - LOWEST;
    if (span < 100) {
      throw new IOException("no room below the ephemeral range, which starts at " + firstEphemeral);
    }
    int start = ThreadLocalRandom.current().nextInt(span);
    for (int i = 0; i < span; i++) {
      int port = LOWEST + (start + i) % span;
      try (ServerSocket probe = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
        return port;
      } catch (IOException taken) {
        // try the next one
      }
    }
    throw new IOException("no free port from " + LOWEST + " to " + (firstEphemeral - 1));
  }

  private static int firstEphemeralPort() throws IOException {
    if (!Files.isReadable(EPHEMERAL_RANGE)) {
      return 32_768;
    }
    // Read as lines: Files.readString trusts the size a /proc file reports, and may stop short.
    String range = Files.readAllLines(EPHEMERAL_RANGE).get(0).trim();
    return Integer.parseInt(range.split("\\s+")[0]);
  }
}
