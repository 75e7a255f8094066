package io.tablestoreycsb.distribution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.CreateTableRequest;
import com.alicloud.openservices.tablestore.model.DeleteRowRequest;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.Row;
import com.alicloud.openservices.tablestore.model.RowDeleteChange;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.TableMeta;
import com.alicloud.openservices.tablestore.model.TableOptions;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.Ports;
import io.tablestoreycsb.mock.admin.AdminAccess;
import io.tablestoreycsb.mock.faults.FaultRule;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import io.tablestoreycsb.mock.testcontainers.TablestoreMockContainer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.images.builder.ImageFromDockerfile;

/**
 * The mock's container image as docs/mock-endpoint.md builds it (tablestore-mock/Dockerfile over the
 * unpacked distribution), started through {@link TablestoreMockContainer} as a user's Testcontainers
 * test would, and driven by the real SDK over the port it publishes.
 */
@ExtendWith(ContainerEngine.class)
class MockContainerImageTest {
  private static final String TABLE = "usertable";


  /** Built once for the class, removed after it. */
  private static ImageFromDockerfile image;
  private static TablestoreMockContainer mock;

  @BeforeAll
  static void buildImageAndStart() {
    image = MockImage.fromDistribution("tablestore-mock-test");
    mock = labelled(new TablestoreMockContainer(image))
        .withCredentials("container-key-id", "container-key-secret")
        .withInstanceName("containerized")
        .withFault(FaultRule.of(ActionName.DELETE_ROW, ErrorCode.SERVER_UNAVAILABLE, 1));
    mock.start();
  }

  @AfterAll
  static void stopAndRemoveTheImage() throws Exception {
    if (mock != null) {
      if (mock.isRunning()) { // what the mock printed, for a failure's diagnosis
        Files.writeString(Path.of("target", "mock-container.log"), mock.getLogs());
      }
      mock.stop();
    }
    if (image != null && image.isDone()) {
      DockerClientFactory.instance().client().removeImageCmd(image.get()).withForce(true).exec();
    }
  }

  /** The test run's label ($TSY_TEST_RUN), so a CI script can remove what a killed JVM left. */
  private static TablestoreMockContainer labelled(TablestoreMockContainer container) {
    return container.withLabel(MockImage.RUN_LABEL, MockImage.RUN);
  }

  private static void withClient(String accessKeyId, String secret, String instance, Consumer<SyncClient> use) {
    SyncClient client = new SyncClient(mock.getEndpoint(), accessKeyId, secret, instance);
    try {
      use.accept(client);
    } finally {
      client.shutdown();
    }
  }

  private static void withClient(Consumer<SyncClient> use) {
    withClient(mock.getAccessKeyId(), mock.getAccessKeySecret(), mock.getInstanceName(), use);
  }

  private static PrimaryKey key(String user) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("pk", PrimaryKeyValue.fromString(user))
        .build();
  }

  private static synchronized void ensureTable(SyncClient client) {
    if (!client.listTable().getTableNames().contains(TABLE)) {
      TableMeta meta = new TableMeta(TABLE);
      meta.addPrimaryKeyColumn(new PrimaryKeySchema("pk", PrimaryKeyType.STRING));
      client.createTable(new CreateTableRequest(meta, new TableOptions(-1, 1)));
    }
  }

  @Test
  void servesTheSdkWithTheConfiguredCredentialsAndInstance() {
    withClient(client -> {
      ensureTable(client);
      RowPutChange put = new RowPutChange(TABLE, key("user1"));
      put.addColumn("field0", ColumnValue.fromString("in a container"));
      client.putRow(new PutRowRequest(put));

      SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(TABLE, key("user1"));
      criteria.setMaxVersions(1);
      Row row = client.getRow(new GetRowRequest(criteria)).getRow();

      assertThat(row.getLatestColumn("field0").getValue().asString()).isEqualTo("in a container");
    });
  }

  @Test
  void refusesOtherCredentialsAndOtherInstances() {
    withClient(mock.getAccessKeyId(), "not-the-secret", mock.getInstanceName(), client ->
        assertThatThrownBy(client::listTable).isInstanceOf(TableStoreException.class)
            .extracting(e -> ((TableStoreException) e).getErrorCode()).isEqualTo("OTSAuthFailed"));
    withClient(mock.getAccessKeyId(), mock.getAccessKeySecret(), "mock", client ->
        assertThatThrownBy(client::listTable).isInstanceOf(TableStoreException.class)
            .hasMessageContaining("mock")
            .extracting(e -> ((TableStoreException) e).getErrorCode()).isEqualTo("OTSAuthFailed"));
  }

  @Test
  void appliesItsFaultOptions() {
    withClient(client -> {
      ensureTable(client);
      assertThatThrownBy(() -> client.deleteRow(new DeleteRowRequest(new RowDeleteChange(TABLE, key("user1")))))
          .isInstanceOf(TableStoreException.class)
          .extracting(e -> ((TableStoreException) e).getErrorCode())
          .isEqualTo("OTSServerUnavailable");
    });
  }

  @Test
  void servesTheAdminApiToSignedRequestsOnlyAndKeepsAJournal() throws Exception {
    withClient(client -> {
      ensureTable(client);
      RowPutChange put = new RowPutChange(TABLE, key("journaled"));
      put.addColumn("field0", ColumnValue.fromString("x"));
      client.putRow(new PutRowRequest(put));
    });
    HttpClient http = HttpClient.newHttpClient();
    String target = "/_mock/journal?action=PutRow&table=" + TABLE;

    HttpResponse<String> unsigned = http.send(HttpRequest.newBuilder(URI.create(mock.getEndpoint() + target)).build(),
        HttpResponse.BodyHandlers.ofString());
    String date = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    HttpResponse<String> signed = http.send(HttpRequest.newBuilder(URI.create(mock.getEndpoint() + target))
        .header("X-Mock-AccessKeyId", mock.getAccessKeyId())
        .header("X-Mock-Date", date)
        .header("X-Mock-Signature", AdminAccess.signature(mock.getAccessKeySecret(), "GET", target, date, new byte[0]))
        .build(), HttpResponse.BodyHandlers.ofString());

    assertThat(unsigned.statusCode()).isEqualTo(401);
    assertThat(signed.statusCode()).isEqualTo(200);
    assertThat(signed.body()).contains("\"primaryKey\":{\"pk\":\"journaled\"}").contains("\"status\":200");
  }

  @Test
  void publishesItsPortOnTheHostsLoopbackOnly() {
    Ports.Binding[] bindings = mock.getContainerInfo().getNetworkSettings().getPorts().getBindings()
        .get(ExposedPort.tcp(TablestoreMockContainer.PORT));

    assertThat(bindings).extracting(Ports.Binding::getHostIp).containsOnly("127.0.0.1");
    assertThat(mock.getEndpoint()).matches("http://(localhost|127\\.0\\.0\\.1):\\d+");
  }

  @Test
  void dockerStopEndsTheMockCleanly() throws Exception {
    try (TablestoreMockContainer other = labelled(new TablestoreMockContainer(image))) {
      other.start();
      String id = other.getContainerId();

      other.getDockerClient().stopContainerCmd(id).withTimeout(30).exec(); // SIGTERM, SIGKILL after 30 s

      var state = other.getDockerClient().inspectContainerCmd(id).exec().getState();
      assertThat(state.getRunning()).isFalse();
      assertThat(state.getExitCodeLong()).as("exit status after SIGTERM (137 would be SIGKILL)").isZero();
      assertThat(other.getLogs()).contains("tablestore-mock listening on");
    }
  }

  @Test
  void theImageHoldsTheDistributionsJarsAndRunsAsANonRootUser() throws Exception {
    var config = mock.getDockerClient().inspectImageCmd(mock.getDockerImageName()).exec().getConfig();
    assertThat(config.getUser()).isEqualTo("10001");
    assertThat(mock.execInContainer("id", "-u").getStdout().strip()).isEqualTo("10001");
    String lib = mock.execInContainer("ls", "/opt/tablestore-ycsb/lib").getStdout();
    Path dist = Path.of(System.getProperty("tsy.dist.dir"));
    try (var jars = Files.list(dist.resolve("lib"))) {
      assertThat(lib.lines()).containsExactlyInAnyOrderElementsOf(jars.map(p -> p.getFileName().toString()).toList());
    }
  }
}
