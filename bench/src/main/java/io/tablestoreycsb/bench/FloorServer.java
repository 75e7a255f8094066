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
import java.io.Writer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CountDownLatch;

/**
 * The floor of mock-vs-floor-cpu: the cheapest server the SDK accepts. A bare Netty HTTP/1.1
 * keep-alive server (the mock's transport: NIO, the same number of I/O threads, HttpServerCodec)
 * that parses each request's line and headers, discards its body and answers a fixed, valid
 * response built once at start: for GetRow a paper row (the row the mock returns for a preloaded
 * key: 20-byte key, 5 x 100-byte values with timestamps), for PutRow an empty row, each signed as
 * the SDK's response validation requires (content MD5, HMAC-SHA1 over the x-ots-* headers; the
 * SDK checks no date). Nothing is authenticated, decoded, stored or looked up: what the mock costs
 * above this is the protocol and the table.
 *
 * <p>Usage: FloorServer --properties MOCK.properties --write-properties FLOOR.properties. The
 * credentials and instance are the mock's, so the same SDK client configuration drives both.
 * Prints {@value #READY_PREFIX} http://127.0.0.1:PORT when it accepts requests; runs until killed.
 */
public final class FloorServer {
  public static final String READY_PREFIX = "floor listening on";
  /** The response signature covers x-ots-requestid: one fixed id. */
  private static final String REQUEST_ID = "00000000-0000-0000-0000-000000000000";

  private FloorServer() {
  }

  public static void main(String[] args) throws Exception {
    BenchArgs options = new BenchArgs(args, Set.of("properties", "write-properties"));
    Properties mock = BenchArgs.load(Path.of(options.required("properties")));
    Credentials credentials = new Credentials(mock.getProperty("tablestore.instance"),
        mock.getProperty("tablestore.accesskeyid"), mock.getProperty("tablestore.accesskeysecret"));
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
    String endpoint = "http://127.0.0.1:" + ((InetSocketAddress) server.localAddress()).getPort();
    Properties floor = new Properties();
    floor.putAll(mock);
    floor.setProperty("tablestore.endpoint", endpoint);
    Path out = Path.of(options.required("write-properties"));
    Files.deleteIfExists(out);
    // It holds the access key secret: readable by its owner only, as the mock's own file.
    Files.createFile(out, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    try (Writer w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
      floor.store(w, "Floor server endpoint (bench)");
    }
    System.out.println(READY_PREFIX + " " + endpoint);
    System.out.flush();
    new CountDownLatch(1).await();
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
