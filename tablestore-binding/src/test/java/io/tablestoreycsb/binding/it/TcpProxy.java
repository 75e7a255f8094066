package io.tablestoreycsb.binding.it;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP proxy on 127.0.0.1 in front of an endpoint, that can fake an outage: {@link #cut()} closes
 * its listener (new connections are refused) and resets every open connection (RST, as a crashed
 * server or a dropped route does); {@link #restore()} listens again on the same port. Counts the
 * bytes it forwarded to the endpoint, so a test can start an outage part-way through a load.
 */
final class TcpProxy implements AutoCloseable {
  private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
  private final int targetPort;
  private final int port;
  private final Set<Socket> open = ConcurrentHashMap.newKeySet();
  private final AtomicLong bytesUpstream = new AtomicLong();
  private final AtomicLong resets = new AtomicLong();
  private ServerSocket listener;
  /** Run, then the connection reset, at the next answer the endpoint sends; null when none is to be lost. */
  private final java.util.concurrent.atomic.AtomicReference<Runnable> loseNextAnswer =
      new java.util.concurrent.atomic.AtomicReference<>();

  TcpProxy(int targetPort) throws IOException {
    this.targetPort = targetPort;
    // Below the ephemeral range: clients reconnecting during an outage can otherwise be given this
    // very port as their own and connect to themselves, and restore() then finds it taken.
    this.listener = listen(FixedPorts.belowEphemeralRange());
    this.port = listener.getLocalPort();
  }

  /** The endpoint URL through this proxy. */
  String endpoint() {
    return "http://127.0.0.1:" + port;
  }

  long bytesUpstream() {
    return bytesUpstream.get();
  }

  /** Connections reset by {@link #cut()} so far. */
  long resets() {
    return resets.get();
  }

  /**
   * Loses the next answer the endpoint sends: its request was executed, the client gets a connection
   * reset instead of the answer. {@code beforeReset} runs first (say, to make the endpoint refuse the
   * resend).
   */
  void loseNextAnswer(Runnable beforeReset) {
    loseNextAnswer.set(beforeReset);
  }

  /** Starts an outage: connections are refused, and those open are reset. */
  synchronized void cut() throws IOException {
    if (listener != null) {
      listener.close();
      listener = null;
    }
    for (Socket s : open) {
      try {
        s.setSoLinger(true, 0); // close with RST
        resets.incrementAndGet();
      } catch (IOException alreadyClosed) {
        // nothing to reset
      }
      closeQuietly(s);
    }
    open.clear();
  }

  /** Ends an outage: listens again on the same port. */
  synchronized void restore() throws IOException {
    if (listener == null) {
      listener = listen(port);
    }
  }

  @Override
  public void close() throws IOException {
    cut();
  }

  private ServerSocket listen(int onPort) throws IOException {
    ServerSocket server = new ServerSocket();
    server.setReuseAddress(true);
    server.bind(new InetSocketAddress(LOOPBACK, onPort));
    Thread acceptor = new Thread(() -> accept(server), "proxy-accept-" + server.getLocalPort());
    acceptor.setDaemon(true);
    acceptor.start();
    return server;
  }

  private void accept(ServerSocket server) {
    while (!server.isClosed()) {
      Socket client;
      try {
        client = server.accept();
      } catch (IOException closed) {
        return;
      }
      Socket upstream = new Socket();
      try {
        upstream.connect(new InetSocketAddress(LOOPBACK, targetPort));
        client.setTcpNoDelay(true);
        upstream.setTcpNoDelay(true);
      } catch (IOException e) {
        closeQuietly(client);
        closeQuietly(upstream);
        continue;
      }
      synchronized (this) {
        if (listener != server) { // cut while connecting
          closeQuietly(client);
          closeQuietly(upstream);
          return;
        }
        open.add(client);
        open.add(upstream);
      }
      pump(client, upstream, bytesUpstream, false);
      pump(upstream, client, new AtomicLong(), true);
    }
  }

  /** Copies one direction until either side closes; then closes both. {@code answers}: endpoint to client. */
  private void pump(Socket from, Socket to, AtomicLong counted, boolean answers) {
    Thread t = new Thread(() -> {
      byte[] buffer = new byte[64 * 1024];
      try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
          Runnable lose = answers ? loseNextAnswer.getAndSet(null) : null;
          if (lose != null) {
            lose.run();
            to.setSoLinger(true, 0); // the client sees a reset, not the answer
            resets.incrementAndGet();
            return;
          }
          out.write(buffer, 0, n);
          counted.addAndGet(n);
        }
      } catch (IOException e) {
        // a side closed or was reset
      } finally {
        open.remove(from);
        open.remove(to);
        closeQuietly(from);
        closeQuietly(to);
      }
    }, "proxy-pump");
    t.setDaemon(true);
    t.start();
  }

  private static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException e) {
      // closing anyway
    }
  }
}
