package io.tablestoreycsb.mock.testcontainers;

import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.mock.cli.MockCli;
import io.tablestoreycsb.mock.faults.FaultRule;
import io.tablestoreycsb.mock.faults.LatencyRule;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import com.github.dockerjava.api.model.Volume;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.regex.Pattern;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * The mock Tablestore endpoint in a container (image built from {@code tablestore-mock/Dockerfile},
 * see docs/mock-endpoint.md), for tests in any JVM language or when the mock must run apart from
 * the test's JVM.
 *
 * <pre>{@code
 * @Container
 * static TablestoreMockContainer mock = new TablestoreMockContainer("tablestore-mock:dev")
 *     .withFault(FaultRule.of(ActionName.PUT_ROW, ErrorCode.SERVER_BUSY, 0.05));
 * ... new SyncClient(mock.getEndpoint(), mock.getAccessKeyId(), mock.getAccessKeySecret(),
 *                    mock.getInstanceName());
 * }</pre>
 *
 * <p>Inside the container the endpoint listens on 0.0.0.0 (the only way a published port can
 * reach it); it is published on a random port of the host's loopback (127.0.0.1) when the Docker
 * engine runs on this machine, as the mock's launcher binds 127.0.0.1, and on the engine's default
 * address when the engine is remote (where the host's loopback could not reach it). The container
 * is ready when the mock prints its ready line.
 */
public class TablestoreMockContainer extends GenericContainer<TablestoreMockContainer> {

  /** The port the endpoint listens on inside the container. */
  public static final int PORT = 8800;

  private static final Pattern READY_LOG =
      Pattern.compile(".*" + Pattern.quote(MockCli.READY_PREFIX) + " .*");

  private String instanceName = MockTablestore.DEFAULT_INSTANCE;
  private String accessKeyId = MockTablestore.DEFAULT_ACCESS_KEY_ID;
  private String accessKeySecret = MockTablestore.DEFAULT_ACCESS_KEY_SECRET;
  private final List<String> options = new ArrayList<>();

  /** A container of an image such as {@code tablestore-mock:dev}. */
  public TablestoreMockContainer(String image) {
    this(DockerImageName.parse(image));
  }

  public TablestoreMockContainer(DockerImageName image) {
    super(image);
    init();
  }

  /** A container of an image being built, e.g. an {@code ImageFromDockerfile}. */
  public TablestoreMockContainer(Future<String> image) {
    super(image);
    init();
  }

  private void init() {
    withExposedPorts(PORT);
    waitingFor(Wait.forLogMessage(READY_LOG.pattern() + "\\n?", 1));
    withCreateContainerCmdModifier(cmd -> {
      if (engineIsLocal()) {
        cmd.getHostConfig().withPublishAllPorts(false).withPortBindings(
            new PortBinding(Ports.Binding.bindIp(LOOPBACK), ExposedPort.tcp(PORT)));
      }
      if (dataSource != null) {
        List<Bind> binds = new ArrayList<>();
        if (cmd.getHostConfig().getBinds() != null) {
          binds.addAll(List.of(cmd.getHostConfig().getBinds()));
        }
        binds.add(new Bind(dataSource, new Volume(DATA_DIR)));
        cmd.getHostConfig().withBinds(binds);
      }
      if (dataOwner != null) {
        cmd.withUser(dataOwner);
      }
    });
  }

  /** Where the image's volume is and the mock keeps its state with a data volume or directory. */
  public static final String DATA_DIR = "/data";

  /** A named volume or an absolute host directory mounted at {@link #DATA_DIR}; null: state in memory. */
  private String dataSource;
  /** "uid:gid" the container runs as (the host directory's owner); null: the image's user. */
  private String dataOwner;

  private static final String LOOPBACK = "127.0.0.1";

  /** Whether clients reach the engine's published ports on this machine's loopback. */
  private boolean engineIsLocal() {
    try {
      return InetAddress.getByName(getHost()).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }

  /** Clients must use this instance name (default {@value MockTablestore#DEFAULT_INSTANCE}). */
  public TablestoreMockContainer withInstanceName(String name) {
    this.instanceName = name;
    return self();
  }

  /**
   * Clients must sign with these credentials. They reach the container as environment variables
   * (never as command-line arguments).
   */
  public TablestoreMockContainer withCredentials(String id, String secret) {
    this.accessKeyId = id;
    this.accessKeySecret = secret;
    return self();
  }

  /**
   * Adds a fault rule, e.g. {@code FaultRule.of(ActionName.PUT_ROW, ErrorCode.SERVER_BUSY, 0.05)}; it
   * reaches the container as {@code --fault SPEC} in the rule's spec syntax, which parses back to it.
   */
  public TablestoreMockContainer withFault(FaultRule rule) {
    options.add("--fault");
    options.add(rule.toString());
    return self();
  }

  /** Adds a fault rule given as a spec ({@code --fault SPEC}), e.g. {@code PutRow=OTSServerBusy@0.05}; checked here. */
  public TablestoreMockContainer withFault(String spec) {
    return withFault(FaultRule.parse(spec));
  }

  /** Adds a latency rule, e.g. {@code LatencyRule.of(ActionName.GET_ROW, Duration.ofMillis(2))} ({@code --latency SPEC}). */
  public TablestoreMockContainer withLatency(LatencyRule rule) {
    options.add("--latency");
    options.add(rule.toString());
    return self();
  }

  /** Adds a latency rule given as a spec ({@code --latency SPEC}), e.g. {@code GetRow=uniform(1ms,5ms)}; checked here. */
  public TablestoreMockContainer withLatency(String spec) {
    return withLatency(LatencyRule.parse(spec));
  }

  /**
   * Rows the request journal keeps ({@code --journal-capacity}; default 10,000, 0 turns it off). The
   * container serves it as JSON at {@code GET /_mock/journal}, to requests signed with the mock's
   * credentials (see docs/mock-admin.md).
   */
  public TablestoreMockContainer withJournalCapacity(int rows) {
    if (rows < 0) {
      throw new IllegalArgumentException("journal capacity must be 0 (off) or a positive number of rows, got " + rows);
    }
    options.add("--journal-capacity");
    options.add(Integer.toString(rows));
    return self();
  }

  /**
   * Keeps the mock's state in the Docker volume {@code name} ({@code --data-dir /data} on it, created
   * by the engine when missing): tables and rows outlive this container, and a container started later
   * on the same volume serves them. The image's user owns a volume the engine creates. Only one
   * container may use a volume at a time: a second one exits with an error naming the first.
   */
  public TablestoreMockContainer withDataVolume(String name) {
    if (name == null || !VOLUME_NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("a Docker volume name is letters, digits and _.- (starting with a letter or"
          + " digit), got '" + name + "'; for a host directory use withDataDirectory(Path)");
    }
    this.dataSource = name;
    this.dataOwner = null;
    return self();
  }

  /**
   * Keeps the mock's state in the host directory {@code dir} (created when missing; the engine must
   * run on this machine), as {@link #withDataVolume} does in a volume. The container runs as the
   * directory's owner (its numeric user and group), so the mock may write there and the files it
   * makes belong to that owner on the host, as the directory does.
   */
  public TablestoreMockContainer withDataDirectory(Path dir) {
    try {
      Path absolute = Files.createDirectories(dir.toAbsolutePath().normalize());
      Object uid = Files.getAttribute(absolute, "unix:uid");
      Object gid = Files.getAttribute(absolute, "unix:gid");
      this.dataSource = absolute.toString();
      this.dataOwner = uid + ":" + gid;
    } catch (IOException | UnsupportedOperationException e) {
      throw new IllegalArgumentException("cannot use " + dir + " as the container's data directory: " + e, e);
    }
    return self();
  }

  private static final Pattern VOLUME_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");

  /** Limits each partition to this many rows per second ({@code --partition-capacity}). */
  public TablestoreMockContainer withPartitionCapacity(double rowsPerSecond) {
    options.add("--partition-capacity");
    options.add(Double.toString(rowsPerSecond));
    return self();
  }

  @Override
  protected void configure() {
    List<String> command = new ArrayList<>(List.of(
        "--host", "0.0.0.0", "--port", Integer.toString(PORT), "--instance", instanceName));
    command.addAll(options);
    if (dataSource != null) {
      command.addAll(List.of("--data-dir", DATA_DIR));
    }
    setCommand(command.toArray(new String[0]));
    addEnv(MockCli.ENV_ACCESS_KEY_ID, accessKeyId);
    addEnv(MockCli.ENV_ACCESS_KEY_SECRET, accessKeySecret);
  }

  /** The endpoint as clients on the Docker host reach it, e.g. {@code http://localhost:32768}. */
  public String getEndpoint() {
    return "http://" + getHost() + ":" + getMappedPort(PORT);
  }

  public String getInstanceName() {
    return instanceName;
  }

  public String getAccessKeyId() {
    return accessKeyId;
  }

  public String getAccessKeySecret() {
    return accessKeySecret;
  }
}
