package io.tablestoreycsb.mock.transport;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The HTTP/1.1 server: Netty I/O threads decode requests and read their bodies (bounded), execute them
 * (or hand them to a worker pool when {@link ServerOptions#workerThreads()} asks for one) and
 * write the replies. Each request must arrive whole within the read timeout; the bodies of all
 * connections together hold at most {@link ServerOptions#bodyMemoryBytes()}; keep-alive
 * connections close after the idle timeout. Every connection the server closes is logged.
 */
public final class MockHttpServer implements AutoCloseable {
  /** With a worker pool: requests queued beyond the workers; more are answered OTSServerBusy at once. */
  private static final int WORKER_QUEUE = 10_000;
  private static final int MAX_HEADER_BYTES = 64 * 1024;

  private final EventLoopGroup acceptor;
  private final EventLoopGroup io;
  /** Null when actions run on the event loops (the default). */
  private final ExecutorService workers;
  private final Channel serverChannel;
  private final BodyMemory bodyMemory;

  private MockHttpServer(EventLoopGroup acceptor, EventLoopGroup io, ExecutorService workers, Channel serverChannel,
      BodyMemory bodyMemory) {
    this.acceptor = acceptor;
    this.io = io;
    this.workers = workers;
    this.serverChannel = serverChannel;
    this.bodyMemory = bodyMemory;
  }

  public static MockHttpServer start(ServerOptions options, RequestHandler handler) {
    EventLoopGroup acceptor = new NioEventLoopGroup(1, new DefaultThreadFactory("tablestore-mock-accept", true));
    EventLoopGroup io = new NioEventLoopGroup(Math.max(2, Runtime.getRuntime().availableProcessors()),
        new DefaultThreadFactory("tablestore-mock-io", true));
    // Actions are in-memory and never block: on the event loop they cost no thread handoff (a
    // futex wake-up each way, and the loop's selector wake-up). A pool only on request.
    ExecutorService workers = options.workerThreads() == 0 ? null
        : new ThreadPoolExecutor(options.workerThreads(), options.workerThreads(), 60, TimeUnit.SECONDS,
            new ArrayBlockingQueue<>(WORKER_QUEUE), new DefaultThreadFactory("tablestore-mock-worker", true));
    long idleSeconds = Math.max(1, options.idleTimeout().toSeconds());
    long readTimeoutNanos = options.requestReadTimeout().toNanos();
    BodyMemory bodyMemory = new BodyMemory(options.bodyMemoryBytes());
    try {
      ServerBootstrap bootstrap = new ServerBootstrap()
          .group(acceptor, io)
          .channel(NioServerSocketChannel.class)
          .option(ChannelOption.SO_BACKLOG, 1024)
          .childOption(ChannelOption.TCP_NODELAY, true)
          .childHandler(new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
              ch.pipeline()
                  .addLast(new RequestReadDeadline(readTimeoutNanos))
                  .addLast(new IdleStateHandler(0, 0, idleSeconds, TimeUnit.SECONDS))
                  // Netty decodes the request line and headers; the body reader and the reply
                  // encoder are ours (one byte[] per body, one buffer per reply).
                  .addLast(new HttpRequestDecoder(8192, MAX_HEADER_BYTES, 64 * 1024))
                  .addLast(new RequestBodyReader(options.maxRequestBodyBytes(), bodyMemory, readTimeoutNanos))
                  .addLast(new OtsHttpHandler(handler, workers, bodyMemory, idleSeconds));
            }
          });
      Channel channel = bootstrap.bind(new InetSocketAddress(options.host(), options.port())).syncUninterruptibly().channel();
      return new MockHttpServer(acceptor, io, workers, channel, bodyMemory);
    } catch (RuntimeException e) {
      acceptor.shutdownGracefully(0, 0, TimeUnit.SECONDS);
      io.shutdownGracefully(0, 0, TimeUnit.SECONDS);
      if (workers != null) {
        workers.shutdownNow();
      }
      throw new IllegalStateException("Cannot listen on " + options.host() + ":" + options.port() + ": " + e.getMessage(), e);
    }
  }

  public int port() {
    return ((InetSocketAddress) serverChannel.localAddress()).getPort();
  }

  public String host() {
    return ((InetSocketAddress) serverChannel.localAddress()).getAddress().getHostAddress();
  }

  /** What request bodies hold now, across all connections (see {@link ServerOptions#bodyMemoryBytes()}). */
  long heldBodyBytes() {
    return bodyMemory.heldBytes();
  }

  @Override
  public void close() {
    serverChannel.close().syncUninterruptibly();
    if (workers != null) {
      workers.shutdown();
    }
    acceptor.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    io.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    if (workers != null) {
      workers.shutdownNow();
    }
  }
}
