package io.tablestoreycsb.cluster.objectstore;

import java.io.IOException;
import java.net.URI;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * A bucket on the {@link EmbeddedS3} server, and an S3 client of it, for a test class:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final TestBucket bucket = new TestBucket("results");
 * }</pre>
 *
 * <p>The server starts before the class's first test and stops after its last, the client closed before it.
 * The test cluster ({@code KubernetesTestCluster}) holds one for its pods' results.
 */
public final class TestBucket implements BeforeAllCallback, AfterAllCallback, AutoCloseable {
  private final String name;
  private final String host;
  private EmbeddedS3 server;
  private S3Client client;

  public TestBucket(String name) {
    this(name, "127.0.0.1");
  }

  /** A bucket on a server bound to {@code host} (see {@link EmbeddedS3#EmbeddedS3(String, String)}). */
  public TestBucket(String name, String host) {
    this.name = name;
    this.host = host;
  }

  /** Starts the server holding the bucket, and the client. */
  public void start() throws IOException, InterruptedException {
    server = new EmbeddedS3(name, host);
    client = S3Clients.create(server.settings(""), EmbeddedS3.credentials());
  }

  @Override
  public void beforeAll(ExtensionContext context) throws IOException, InterruptedException {
    start();
  }

  @Override
  public void afterAll(ExtensionContext context) throws InterruptedException {
    close();
  }

  public String name() {
    return name;
  }

  /** A client with the server's key ({@link EmbeddedS3#credentials()}); the bucket closes it. */
  public S3Client client() {
    running();
    return client;
  }

  /** The objects below {@code prefix} in the bucket, through {@link #client()}. */
  public ObjectStore store(String prefix) {
    return new ObjectStore(client(), new ObjectStoreUri(name, prefix));
  }

  /** Settings that reach the bucket below {@code prefix}: the server's endpoint, path-style. */
  public ObjectStoreSettings settings(String prefix) {
    return running().settings(prefix);
  }

  public URI endpoint() {
    return running().endpoint();
  }

  private EmbeddedS3 running() {
    if (server == null) {
      throw new IllegalStateException("the S3 server of bucket " + name + " is not running: use the bucket from a"
          + " test or a lifecycle method of the class that registers it");
    }
    return server;
  }

  @Override
  public void close() throws InterruptedException {
    try {
      if (client != null) {
        client.close();
      }
    } finally {
      client = null;
      if (server != null) {
        server.close();
        server = null;
      }
    }
  }
}
