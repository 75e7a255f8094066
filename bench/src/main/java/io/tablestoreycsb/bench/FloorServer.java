package io.tablestoreycsb.bench;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferConsts;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.tablestoreycsb.binding.config.KeyFormat;
import io.tablestoreycsb.mock.protocol.Credentials;
import io.tablestoreycsb.mock.protocol.PlainBufferWriter;
import io.tablestoreycsb.mock.protocol.ResponseSigner;
import io.tablestoreycsb.mock.protocol.ServiceLimits;
import io.tablestoreycsb.mock.transport.MockHttpServer;
import io.tablestoreycsb.mock.transport.ServerOptions;
import java.io.Writer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The floors of the mock's CPU comparison, in their own process.
 *
 * <p>The bare floor (mock-vs-floor-cpu, a detail line): the cheapest server the SDK accepts. A bare
 * Netty HTTP/1.1 keep-alive server (NIO, the mock's number of I/O threads, HttpServerCodec) that
 * parses each request's line and headers, discards its body and answers a fixed, valid response
 * built once at start: for GetRow a paper row (the row the mock returns for a preloaded key:
 * 20-byte key, 5 x 100-byte values with timestamps), for PutRow an empty row, each signed as the
 * SDK's response validation requires (content MD5, HMAC-SHA1 over the x-ots-* headers; the SDK
 * checks no date). Nothing is authenticated, decoded, stored or looked up.
 *
 * <p>The protocol floor ({@code --protocol true}; mock-vs-protocol-floor-cpu, the goal): the mock's
 * own HTTP server (its transport: request decoder, body reader, header view, reply encoder) with
 * {@link ProtocolFloor} behind it, which does per request the protocol work any faithful server
 * does ({@link ProtocolWork}: the request check, the protobuf request and its PlainBuffer with
 * every CRC-8, for GetRow the paper row encoded, the protobuf response, the response signed) and
 * nothing else: no storage, journal, capacity or request pipeline. What the mock costs above it is
 * what the mock is beyond the protocol.
 *
 * <p>Usage: FloorServer --properties MOCK.properties --write-properties FLOOR.properties
 * [--protocol true]. The credentials and instance are the mock's, so the same SDK client
 * configuration drives all of them. Prints {@value #READY_PREFIX} http://127.0.0.1:PORT when it
 * accepts requests; runs until killed.
 */
public final class FloorServer implements AutoCloseable {
  public static final String READY_PREFIX = "floor listening on";
  /** The response signature covers x-ots-requestid: one fixed id. */
  private static final String REQUEST_ID = ProtocolFloor.REQUEST_ID;
  /** How long an idle keep-alive connection of the protocol floor stays open: the mock's default. */
  private static final Duration IDLE_TIMEOUT = Duration.ofMinutes(5);

  private final String endpoint;
  private final AutoCloseable stop;

  private FloorServer(String endpoint, AutoCloseable stop) {
    this.endpoint = endpoint;
    this.stop = stop;
  }

  /** {@code http://127.0.0.1:PORT}. */
  public String endpoint() {
    return endpoint;
  }

  @Override
  public void close() throws Exception {
    stop.close();
  }

  public static void main(String[] args) throws Exception {
    BenchArgs options = new BenchArgs(args, Set.of("properties", "write-properties", "protocol"));
    Properties mock = BenchArgs.load(Path.of(options.required("properties")));
    String protocol = options.string("protocol", "false");
    if (!protocol.equals("true") && !protocol.equals("false")) {
      throw new IllegalArgumentException("option --protocol takes true or false, got '" + protocol + "'");
    }
    FloorServer server = start(credentials(mock), protocol.equals("true"));
    Properties floor = new Properties();
    floor.putAll(mock);
    floor.setProperty("tablestore.endpoint", server.endpoint());
    Path out = Path.of(options.required("write-properties"));
    Files.deleteIfExists(out);
    // It holds the access key secret: readable by its owner only, as the mock's own file.
    Files.createFile(out, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    try (Writer w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
      floor.store(w, "Floor server endpoint (bench)");
    }
    System.out.println(READY_PREFIX + " " + server.endpoint());
    System.out.flush();
    new CountDownLatch(1).await();
  }

  /** The instance and access key of the properties the driver uses (tablestore.instance, ...accesskeyid, ...accesskeysecret). */
  static Credentials credentials(Properties p) {
    String[] names = {"tablestore.instance", "tablestore.accesskeyid", "tablestore.accesskeysecret"};
    for (String name : names) {
      if (p.getProperty(name) == null || p.getProperty(name).isBlank()) {
        throw new IllegalArgumentException("the properties file has no " + name);
      }
    }
    return new Credentials(p.getProperty(names[0]), p.getProperty(names[1]), p.getProperty(names[2]));
  }

  /** A floor on 127.0.0.1, a free port: the bare one, or with {@code protocol} the protocol floor. */
  static FloorServer start(Credentials credentials, boolean protocol) {
    return protocol ? startProtocolFloor(credentials) : startBareFloor(credentials);
  }

  private static FloorServer startProtocolFloor(Credentials credentials) {
    int maxBody = ServiceLimits.MAX_REQUEST_BODY_BYTES;
    MockHttpServer server = MockHttpServer.start(new ServerOptions("127.0.0.1", 0, maxBody,
            ServerOptions.defaultBodyMemoryBytes(maxBody), ServerOptions.DEFAULT_REQUEST_READ_TIMEOUT, IDLE_TIMEOUT, 0),
        new ProtocolFloor(new ProtocolWork(credentials, Clock.systemUTC(), System.currentTimeMillis())));
    return new FloorServer("http://127.0.0.1:" + server.port(), server);
  }

  private static FloorServer startBareFloor(Credentials credentials) {
    ResponseSigner signer = new ResponseSigner(credentials, Clock.systemUTC());
    Answer getRow = answer(signer, "GetRow", OtsInternalApi.GetRowResponse.newBuilder()
        .setConsumed(consumed(1, 0)).setRow(paperRow()).build().toByteArray());
    Answer putRow = answer(signer, "PutRow", OtsInternalApi.PutRowResponse.newBuilder()
        .setConsumed(consumed(0, 1)).build().toByteArray());

    EventLoopGroup acceptor = new NioEventLoopGroup(1, new DefaultThreadFactory("floor-accept", true));
    EventLoopGroup io = new NioEventLoopGroup(Math.max(2, Runtime.getRuntime().availableProcessors()),
        new DefaultThreadFactory("floor-io", true));
    Channel server = new ServerBootstrap()
        .group(acceptor, io)
        .channel(NioServerSocketChannel.class)
        .option(ChannelOption.SO_BACKLOG, 1024)
        .childOption(ChannelOption.TCP_NODELAY, true)
        .childHandler(new ChannelInitializer<SocketChannel>() {
          @Override
          protected void initChannel(SocketChannel ch) {
            ch.pipeline().addLast(new HttpServerCodec()).addLast(new FixedAnswers(getRow, putRow));
          }
        })
        .bind(new InetSocketAddress("127.0.0.1", 0)).syncUninterruptibly().channel();
    return new FloorServer("http://127.0.0.1:" + ((InetSocketAddress) server.localAddress()).getPort(), () -> {
      server.close().syncUninterruptibly();
      acceptor.shutdownGracefully(0, 1, TimeUnit.SECONDS);
      io.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    });
  }

  private static OtsInternalApi.ConsumedCapacity consumed(int read, int write) {
    return OtsInternalApi.ConsumedCapacity.newBuilder()
        .setCapacityUnit(OtsInternalApi.CapacityUnit.newBuilder().setRead(read).setWrite(write)).build();
  }

  /** The PlainBuffer of one paper row as GetRow returns it: key, five 100-byte values, timestamps. */
  private static com.aliyun.ots.thirdparty.com.google.protobuf.ByteString paperRow() {
    PlainBufferWriter writer = new PlainBufferWriter(1024);
    writer.header();
    writer.startRow();
    writer.primaryKeyBytes(PaperRows.KEY_COLUMN.getBytes(StandardCharsets.UTF_8), false,
        KeyFormat.key(42).getBytes(StandardCharsets.UTF_8));
    writer.startData();
    long timestamp = System.currentTimeMillis();
    for (int f = 0; f < PaperRows.FIELDS; f++) {
      byte[] name = PaperRows.fieldName(f).getBytes(StandardCharsets.UTF_8);
      byte[] value = PaperRows.randomValue().getBytes(StandardCharsets.US_ASCII);
      writer.attribute(name, 0, name.length, PlainBufferConsts.VT_STRING, value, 0, value.length, timestamp);
    }
    writer.endRow();
    return writer.toByteString();
  }

  /** One fixed response: headers as the mock writes them, body in a buffer that is never freed. */
  private record Answer(HttpHeaders headers, ByteBuf body) {
    DefaultFullHttpResponse response() {
      return new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, body.duplicate(), headers,
          DefaultHttpHeadersFactory.trailersFactory().newEmptyHeaders());
    }
  }

  private static Answer answer(ResponseSigner signer, String action, byte[] body) {
    HttpHeaders headers = DefaultHttpHeadersFactory.headersFactory().withValidation(false).newHeaders();
    for (Map.Entry<String, String> h : signer.headersFor(action, REQUEST_ID, body, null).entrySet()) {
      headers.add(h.getKey(), h.getValue());
    }
    headers.add("Content-Length", Integer.toString(body.length));
    headers.add("Connection", HttpHeaderValues.KEEP_ALIVE);
    return new Answer(headers, Unpooled.unreleasableBuffer(Unpooled.directBuffer(body.length).writeBytes(body)));
  }

  /** Remembers each request's action from its line; answers when its body has been read. */
  private static final class FixedAnswers extends ChannelInboundHandlerAdapter {
    private final Answer getRow;
    private final Answer putRow;
    private Answer pending;

    FixedAnswers(Answer getRow, Answer putRow) {
      this.getRow = getRow;
      this.putRow = putRow;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      try {
        if (msg instanceof HttpRequest request) {
          pending = request.uri().endsWith("/PutRow") ? putRow : getRow;
        }
        if (msg instanceof LastHttpContent) {
          ctx.writeAndFlush(pending.response(), ctx.voidPromise());
        }
      } finally {
        ReferenceCountUtil.release(msg);
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      ctx.close();
    }
  }
}
