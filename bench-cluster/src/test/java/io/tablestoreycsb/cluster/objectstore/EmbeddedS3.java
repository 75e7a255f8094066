package io.tablestoreycsb.cluster.objectstore;

import java.io.IOException;
import java.io.Writer;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * A real S3 server for tests: S3Proxy over jclouds' transient (in-memory) blobstore, on 127.0.0.1,
 * with signature checking on, holding one bucket. It runs from its self-contained jar (copied by the
 * build, path in the {@code s3proxy.jar} system property) in a JVM of its own, because its jclouds needs
 * newer Guava and Gson than the Tablestore SDK on our classpath. Its credentials go in a properties
 * file, never on its command line.
 */
public final class EmbeddedS3 implements AutoCloseable {
  public static final String ACCESS_KEY_ID = "test-access-key";
  public static final String SECRET_ACCESS_KEY = "test-secret-9f8e7d6c5b4a";

  private final Process process;
  private final String host;
  private final int port;
  private final String bucket;
  private final Path workDir;

  public EmbeddedS3(String bucket) throws IOException, InterruptedException {
    this(bucket, "127.0.0.1");
  }

  /**
   * @param host the address to bind: 127.0.0.1, or on a real test cluster the address of its pods' bridge
   *     (TSY_KUBERNETES_HOST), which the pods reach and nothing beyond this machine does
   */
  public EmbeddedS3(String bucket, String host) throws IOException, InterruptedException {
    this.bucket = bucket;
    this.host = host;
    Path jar = Path.of(System.getProperty("s3proxy.jar", "target/s3proxy/s3proxy.jar"));
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException("S3Proxy jar " + jar + " is missing; the build copies it in generate-test-resources");
    }
    this.workDir = Files.createTempDirectory("s3proxy");
    IOException lastFailure = null;
    for (int attempt = 0; attempt < 3; attempt++) { // a free port can be taken between probe and bind
      int candidate = freePort(host);
      Process started = start(jar, candidate);
      if (awaitListening(started, candidate)) {
        this.port = candidate;
        this.process = started;
        try (S3Client s3 = S3Clients.create(settings(""), credentials())) {
          s3.createBucket(b -> b.bucket(bucket));
        }
        return;
      }
      started.destroyForcibly().waitFor();
      lastFailure = new IOException("S3Proxy did not listen on " + host + ":" + candidate + "; its log: "
          + Files.readString(workDir.resolve("s3proxy.log")));
    }
    throw lastFailure;
  }

  private Process start(Path jar, int candidate) throws IOException {
    Properties props = new Properties();
    props.setProperty("s3proxy.endpoint", "http://" + host + ":" + candidate);
    props.setProperty("s3proxy.authorization", "aws-v2-or-v4");
    props.setProperty("s3proxy.identity", ACCESS_KEY_ID);
    props.setProperty("s3proxy.credential", SECRET_ACCESS_KEY);
    props.setProperty("jclouds.provider", "transient");
    props.setProperty("jclouds.identity", "unused");
    props.setProperty("jclouds.credential", "unused");
    Path file = workDir.resolve("s3proxy.properties");
    try (Writer out = Files.newBufferedWriter(file)) {
      props.store(out, "test S3 server");
    }
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    return new ProcessBuilder(java, "-Xmx256m", "-XX:TieredStopAtLevel=1", "-jar", jar.toString(),
        "--properties", file.toString())
        .redirectErrorStream(true)
        .redirectOutput(workDir.resolve("s3proxy.log").toFile())
        .start();
  }

  private boolean awaitListening(Process process, int port) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline && process.isAlive()) {
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress(host, port), 500);
        return true;
      } catch (IOException notYet) {
        Thread.sleep(100);
      }
    }
    return false;
  }

  private static int freePort(String host) throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getByName(host))) {
      return socket.getLocalPort();
    }
  }

  public URI endpoint() {
    return URI.create("http://" + host + ":" + port);
  }

  public String bucket() {
    return bucket;
  }

  public ObjectStoreSettings settings(String prefix) {
    return new ObjectStoreSettings(new ObjectStoreUri(bucket, prefix), endpoint(), "us-east-1", true);
  }

  public static ObjectStoreCredentials credentials() {
    return new ObjectStoreCredentials(ACCESS_KEY_ID, SECRET_ACCESS_KEY);
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(10, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor();
    }
    try (var files = Files.list(workDir)) {
      for (Path f : files.toList()) {
        Files.deleteIfExists(f);
      }
      Files.deleteIfExists(workDir);
    } catch (IOException ignored) {
      // a temp directory left behind is harmless
    }
  }
}
