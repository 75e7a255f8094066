package io.tablestoreycsb.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.BatchWriteRowResponse;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.CreateTableRequest;
import com.alicloud.openservices.tablestore.model.Direction;
import com.alicloud.openservices.tablestore.model.GetRangeRequest;
import com.alicloud.openservices.tablestore.model.GetRangeResponse;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.RangeRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.Row;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.TableMeta;
import com.alicloud.openservices.tablestore.model.TableOptions;
import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.WaitContainerResultCallback;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.Volume;
import io.tablestoreycsb.mock.cli.MockCli;
import io.tablestoreycsb.mock.testcontainers.TablestoreMockContainer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.output.OutputFrame;
import org.testcontainers.images.builder.ImageFromDockerfile;
import org.testcontainers.utility.LogUtils;

/**
 * The container's data volume as a user runs it: the image built from tablestore-mock/Dockerfile over
 * the unpacked distribution, started with {@code --data-dir /data} on a named volume or a host
 * directory, written to by the real SDK over 127.0.0.1, then stopped ({@code docker stop}) or killed
 * ({@code docker kill}, SIGKILL) and followed by a new container on the same volume, which must serve
 * every row the first one acknowledged. A second container on a volume in use is refused, and a host
 * directory the container's user may not write is refused saying so.
 */
@ExtendWith(ContainerEngine.class)
class MockContainerVolumeTest {
  private static final String TABLE = "kept";
  /** The image's user (tablestore-mock/Dockerfile). */
  private static final int IMAGE_USER = 10001;

  private static ImageFromDockerfile image;
  private static DockerClient docker;
  private static final List<String> volumes = new ArrayList<>();

  @BeforeAll
  static void buildTheImage() throws Exception {
    image = MockImage.fromDistribution("tablestore-mock-volume");
    image.get();
    docker = DockerClientFactory.instance().client();
  }

  @AfterAll
  static void removeTheVolumesAndTheImage() throws Exception {
    for (String volume : volumes) {
      docker.removeVolumeCmd(volume).exec();
    }
    if (image != null && image.isDone()) {
      docker.removeImageCmd(image.get()).withForce(true).exec();
    }
  }

  /** A named volume of this run (labelled, so that a CI script can remove what a killed JVM left). */
  private static String newVolume(String name) {
    String volume = "tsy-" + name + "-" + MockImage.RUN.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_.-]", "-");
    docker.createVolumeCmd().withName(volume).withLabels(Map.of(MockImage.RUN_LABEL, MockImage.RUN)).exec();
    volumes.add(volume);
    return volume;
  }

  private static TablestoreMockContainer mock() throws Exception {
    return new TablestoreMockContainer(image.get()).withLabel(MockImage.RUN_LABEL, MockImage.RUN);
  }

  @Test
  void aNamedVolumeKeepsEveryAcknowledgedRowAcrossDockerStopAndDockerKill() throws Exception {
    String volume = newVolume("mock-data");
    Map<String, String> written = new LinkedHashMap<>();

    try (TablestoreMockContainer first = mock().withDataVolume(volume)) {
      first.start();
      withClient(first, client -> {
        createTable(client);
        written.putAll(writeRows(client, "a", 250));
      });
      assertThat(dockerStop(first)).as("exit status after docker stop (SIGTERM)").isZero();
    }

    try (TablestoreMockContainer second = mock().withDataVolume(volume)) {
      second.start();
      withClient(second, client -> {
        assertThat(readAll(client)).as("rows after docker stop and a new container").isEqualTo(written);
        written.putAll(writeRows(client, "b", 250));
        written.put("a-0007", "overwritten after the restart");
        put(client, "a-0007", "overwritten after the restart");
      });
      assertThat(dockerKill(second)).as("exit status after docker kill (SIGKILL)").isEqualTo(137);
    }

    try (TablestoreMockContainer third = mock().withDataVolume(volume)) {
      third.start();
      withClient(third, client ->
          assertThat(readAll(client)).as("every acknowledged row after docker kill").hasSize(500).isEqualTo(written));
      String ownFiles = third.execInContainer("stat", "-c", "%u %n", "/data/state.mv", "/data/lock", "/data/FORMAT")
          .getStdout();
      assertThat(ownFiles.lines()).as("the volume's files belong to the image's user")
          .allMatch(line -> line.startsWith(IMAGE_USER + " "));
    }
  }

  @Test
  void aSecondContainerOnAVolumeInUseIsRefusedNamingTheFirstAndChangesNothing() throws Exception {
    String volume = newVolume("shared");
    try (TablestoreMockContainer first = mock().withDataVolume(volume)) {
      first.start();
      withClient(first, client -> {
        createTable(client);
        put(client, "before", "the second container");
      });
      String firstHost = first.getContainerInfo().getConfig().getHostName();

      Exited second = runToExit(new Bind(volume, new Volume("/data")), null);

      assertThat(second.status()).isEqualTo(1);
      assertThat(second.log()).contains("tablestore-mock: data directory /data is in use by another tablestore-mock"
          + " (process 1 on host " + firstHost + ": another container or machine): stop it first, or use another"
          + " --data-dir.");
      assertThat(second.log()).doesNotContain(MockCli.READY_PREFIX);
      withClient(first, client -> {
        put(client, "after", "the second container");
        assertThat(readAll(client)).containsOnlyKeys("before", "after");
      });
    }
  }

  @Test
  void aHostDirectoryKeepsRowsInFilesOwnedByTheDirectorysOwner(@TempDir Path temp) throws Exception {
    Path dir = Files.createDirectory(temp.resolve("mock-data"));
    int owner = ((Number) Files.getAttribute(dir, "unix:uid")).intValue();
    if (owner == 0) { // as root, give it to another user, as a developer's directory is not root's
      owner = 4242;
      Files.setAttribute(dir, "unix:uid", owner);
      Files.setAttribute(dir, "unix:gid", owner);
    }
    temp.toFile().setExecutable(true, false); // the container's user must reach the directory
    Map<String, String> written;

    try (TablestoreMockContainer first = mock().withDataDirectory(dir)) {
      first.start();
      written = new LinkedHashMap<>();
      withClient(first, client -> {
        createTable(client);
        written.putAll(writeRows(client, "h", 100));
      });
      dockerKill(first);
    }
    try (var files = Files.list(dir)) {
      for (Path file : files.toList()) {
        assertThat(((Number) Files.getAttribute(file, "unix:uid")).intValue()).as("owner of %s", file).isEqualTo(owner);
      }
    }
    assertThat(dir.resolve("state.mv")).isRegularFile();

    try (TablestoreMockContainer second = mock().withDataDirectory(dir)) {
      second.start();
      withClient(second, client -> assertThat(readAll(client)).isEqualTo(written));
    }
  }

  @Test
  void aHostDirectoryTheImagesUserMayNotWriteIsRefusedSayingWhatToDo(@TempDir Path temp) throws Exception {
    Path dir = Files.createDirectory(temp.resolve("not-writable"));
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    if (((Number) Files.getAttribute(dir, "unix:uid")).intValue() == IMAGE_USER) {
      Files.setAttribute(dir, "unix:uid", 0);
    }
    temp.toFile().setExecutable(true, false);

    Exited refused = runToExit(new Bind(dir.toString(), new Volume("/data")), null);

    assertThat(refused.status()).isEqualTo(1);
    assertThat(refused.log()).contains("tablestore-mock: cannot use data directory /data: user " + IMAGE_USER
        + " may not write /data (it belongs to user ")
        .contains("docker run --user \"$(id -u):$(id -g)\"")
        .doesNotContain(MockCli.READY_PREFIX);
    try (var files = Files.list(dir)) {
      assertThat(files.toList()).as("nothing written in the directory").isEmpty();
    }
  }

  @Test
  void aContainerOnAVolumeWithDataButWithoutDataDirWarnsThatItDoesNotUseIt() throws Exception {
    String volume = newVolume("forgotten");
    try (TablestoreMockContainer first = mock().withDataVolume(volume)) {
      first.start();
      withClient(first, MockContainerVolumeTest::createTable);
    }

    try (TablestoreMockContainer second = mock()
        .withCreateContainerCmdModifier(cmd -> cmd.getHostConfig().withBinds(new Bind(volume, new Volume("/data"))))) {
      second.start();

      assertThat(second.getLogs(OutputFrame.OutputType.STDERR)).contains("WARNING: tablestore-mock: /data holds a"
          + " tablestore-mock data directory, but without --data-dir /data this mock neither loads nor keeps it");
      withClient(second, client -> assertThat(client.listTable().getTableNames()).isEmpty());
    }
  }

  // ---- the container as the docker CLI drives it

  /** docker stop: SIGTERM, SIGKILL after 30 s; the container's exit status. */
  private static long dockerStop(TablestoreMockContainer container) {
    docker.stopContainerCmd(container.getContainerId()).withTimeout(30).exec();
    return exitStatus(container);
  }

  /** docker kill: SIGKILL at once; the container's exit status. */
  private static long dockerKill(TablestoreMockContainer container) {
    docker.killContainerCmd(container.getContainerId()).exec();
    docker.waitContainerCmd(container.getContainerId()).exec(new WaitContainerResultCallback())
        .awaitStatusCode(60, TimeUnit.SECONDS);
    return exitStatus(container);
  }

  private static long exitStatus(TablestoreMockContainer container) {
    var state = docker.inspectContainerCmd(container.getContainerId()).exec().getState();
    assertThat(state.getRunning()).isFalse();
    return state.getExitCodeLong();
  }

  record Exited(int status, String log) {
  }

  /** Runs the image with {@code --data-dir /data} on {@code bind} (as {@code user}, null for the image's) to its end. */
  private static Exited runToExit(Bind bind, String user) throws Exception {
    var create = docker.createContainerCmd(image.get())
        .withCmd("--host", "0.0.0.0", "--port", "8800", "--data-dir", "/data")
        .withLabels(Map.of(MockImage.RUN_LABEL, MockImage.RUN))
        .withHostConfig(HostConfig.newHostConfig().withBinds(bind));
    if (user != null) {
      create.withUser(user);
    }
    String id = create.exec().getId();
    try {
      docker.startContainerCmd(id).exec();
      int status = docker.waitContainerCmd(id).exec(new WaitContainerResultCallback()).awaitStatusCode(120, TimeUnit.SECONDS);
      return new Exited(status, LogUtils.getOutput(docker, id));
    } finally {
      docker.removeContainerCmd(id).withForce(true).withRemoveVolumes(true).exec();
    }
  }

  // ---- the SDK's side

  private static void withClient(TablestoreMockContainer container, Consumer<SyncClient> use) {
    assertThat(container.getEndpoint()).matches("http://(localhost|127\\.0\\.0\\.1):\\d+");
    SyncClient client = new SyncClient(container.getEndpoint(), container.getAccessKeyId(),
        container.getAccessKeySecret(), container.getInstanceName());
    try {
      use.accept(client);
    } finally {
      client.shutdown();
    }
  }

  private static void createTable(SyncClient client) {
    TableMeta meta = new TableMeta(TABLE);
    meta.addPrimaryKeyColumn(new PrimaryKeySchema("pk", PrimaryKeyType.STRING));
    client.createTable(new CreateTableRequest(meta, new TableOptions(-1, 1)));
  }

  private static PrimaryKey key(String pk) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("pk", PrimaryKeyValue.fromString(pk)).build();
  }

  private static void put(SyncClient client, String pk, String value) {
    RowPutChange change = new RowPutChange(TABLE, key(pk));
    change.addColumn("value", ColumnValue.fromString(value));
    client.putRow(new PutRowRequest(change));
  }

  /** {@code count} rows PREFIX-0000... written in batches of 100; the rows every batch acknowledged. */
  private static Map<String, String> writeRows(SyncClient client, String prefix, int count) {
    Map<String, String> acknowledged = new LinkedHashMap<>();
    for (int start = 0; start < count; start += 100) {
      BatchWriteRowRequest batch = new BatchWriteRowRequest();
      Map<String, String> rows = new LinkedHashMap<>();
      for (int i = start; i < Math.min(count, start + 100); i++) {
        String pk = String.format(Locale.ROOT, "%s-%04d", prefix, i);
        String value = "value of " + pk;
        RowPutChange change = new RowPutChange(TABLE, key(pk));
        change.addColumn("value", ColumnValue.fromString(value));
        batch.addRowChange(change);
        rows.put(pk, value);
      }
      BatchWriteRowResponse response = client.batchWriteRow(batch);
      assertThat(response.isAllSucceed()).as("batch from %s acknowledged", start).isTrue();
      acknowledged.putAll(rows);
    }
    return acknowledged;
  }

  /** Every row of the table, key to value, following next_start_primary_key. */
  private static Map<String, String> readAll(SyncClient client) {
    Map<String, String> rows = new LinkedHashMap<>();
    RangeRowQueryCriteria criteria = new RangeRowQueryCriteria(TABLE);
    criteria.setInclusiveStartPrimaryKey(PrimaryKeyBuilder.createPrimaryKeyBuilder()
        .addPrimaryKeyColumn("pk", PrimaryKeyValue.INF_MIN).build());
    criteria.setExclusiveEndPrimaryKey(PrimaryKeyBuilder.createPrimaryKeyBuilder()
        .addPrimaryKeyColumn("pk", PrimaryKeyValue.INF_MAX).build());
    criteria.setDirection(Direction.FORWARD);
    criteria.setMaxVersions(1);
    while (true) {
      GetRangeResponse response = client.getRange(new GetRangeRequest(criteria));
      for (Row row : response.getRows()) {
        rows.put(row.getPrimaryKey().getPrimaryKeyColumn("pk").getValue().asString(),
            row.getLatestColumn("value").getValue().asString());
      }
      if (response.getNextStartPrimaryKey() == null) {
        return rows;
      }
      criteria.setInclusiveStartPrimaryKey(response.getNextStartPrimaryKey());
    }
  }
}
