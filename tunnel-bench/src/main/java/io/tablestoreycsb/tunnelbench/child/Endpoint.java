package io.tablestoreycsb.tunnelbench.child;

import com.alicloud.openservices.tablestore.ClientConfiguration;
import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.TunnelClient;
import io.tablestoreycsb.binding.client.SharedClients;
import io.tablestoreycsb.binding.config.ClientConfig;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

/**
 * Where the benchmark's processes connect: the endpoint, instance and credentials of a properties
 * file in the binding's format ({@code conf/tablestore.properties}: {@code tablestore.endpoint},
 * {@code tablestore.instance}, {@code tablestore.accesskeyid}, {@code tablestore.accesskeysecret},
 * {@code tablestore.ststoken}), with blank credentials taken from the binding's environment variables.
 * The coordinator and every child process read the same file, so no secret is ever on a command line.
 */
public final class Endpoint {
  /** YCSB's own binding's names for the secret and token, accepted like the binding accepts them. */
  private static final String ALIAS_ACCESS_KEY_SECRET = "alibaba.cloud.tablestore.access_key";

  private final Path file;
  private final ClientConfig config;
  private final String secret;
  private final String stsToken;

  private Endpoint(Path file, ClientConfig config, String secret, String stsToken) {
    this.file = file;
    this.config = config;
    this.secret = secret;
    this.stsToken = stsToken;
  }

  /**
   * Reads and checks the file (the binding's checks and messages: a missing endpoint, a malformed
   * one, missing credentials).
   */
  public static Endpoint read(Path file) throws IOException {
    return read(file, System.getenv());
  }

  static Endpoint read(Path file, Map<String, String> env) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException("endpoint properties file " + file + " does not exist (expected the"
          + " binding's format, e.g. conf/tablestore.properties)");
    }
    Properties props = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      props.load(in);
    }
    ClientConfig config = ClientConfig.from(props, env);
    String secret = firstSet(props.getProperty(ClientConfig.ACCESS_KEY_SECRET),
        props.getProperty(ALIAS_ACCESS_KEY_SECRET), env.get(ClientConfig.ENV_ACCESS_KEY_SECRET));
    String token = firstSet(props.getProperty(ClientConfig.STS_TOKEN), null, env.get(ClientConfig.ENV_STS_TOKEN));
    return new Endpoint(file, config, secret, token);
  }

  private static String firstSet(String... values) {
    for (String v : values) {
      if (v != null && !v.isBlank()) {
        return v.strip();
      }
    }
    return null;
  }

  /** The file the children are given (its path, never its contents, goes on their command lines). */
  public Path file() {
    return file;
  }

  public String endpoint() {
    return config.endpoint();
  }

  public String instance() {
    return config.instance();
  }

  /** A table client with {@code ioThreads} I/O threads, configured as the binding configures its own. */
  public SyncClient tableClient(int ioThreads) {
    return SharedClients.newClient(config, ioThreads);
  }

  public TunnelClient tunnelClient() {
    ClientConfiguration sdk = new ClientConfiguration();
    return new TunnelClient(config.endpoint(), config.accessKeyId(), secret, config.instance(), sdk, stsToken);
  }

  /** The binding's settings (for the pre-split table client). */
  public ClientConfig config() {
    return config;
  }

  @Override
  public String toString() {
    return config.endpoint() + " instance " + config.instance();
  }
}
