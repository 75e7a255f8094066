package io.tablestoreycsb.mock.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.ClientConfiguration;
import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.NoRetryStrategy;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.Row;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.mock.admin.AdminHttp.Reply;
import io.tablestoreycsb.mock.fixtures.TableSpec;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code POST /_mock/snapshot} and {@code POST /_mock/restore} over HTTP, with the SDK writing and
 * reading the rows: a snapshot taken as the answer's body or to a file brings the state back; with
 * a data directory the restored state is what a restart finds; what is no snapshot is 400 and
 * changes nothing.
 */
class SnapshotRoutesTest {
  @TempDir
  Path dir;

  @Test
  void aSnapshotAnsweredAsTheBodyRestoresTheStateItWasTakenIn() throws Exception {
    try (MockTablestore mock = MockTablestore.builder().start()) {
      SyncClient client = client(mock);
      try {
        TableSpec.named("t").key("k", PrimaryKeyType.STRING).create(mock, client);
        put(client, "before");
        HttpResponse<byte[]> snapshot = post(mock, "/_mock/snapshot", new byte[0]);
        assertThat(snapshot.statusCode()).isEqualTo(200);
        assertThat(snapshot.headers().firstValue("Content-Type")).hasValue("application/octet-stream");
        put(client, "after");
        TableSpec.named("other").key("k", PrimaryKeyType.STRING).create(mock, client);

        HttpResponse<byte[]> restored = post(mock, "/_mock/restore", snapshot.body());

        assertThat(restored.statusCode()).isEqualTo(200);
        assertThat(new String(restored.body(), StandardCharsets.UTF_8)).contains("\"from\":\"body\"", "\"tables\":[\"t\"]");
        assertThat(client.listTable().getTableNames()).containsExactly("t");
        assertThat(get(client, "before")).isNotNull();
        assertThat(get(client, "after")).isNull();
      } finally {
        client.shutdown();
      }
    }
  }

  @Test
  void aSnapshotFileRestoredIntoADataDirectoryIsWhatARestartFinds() throws Exception {
    Path file = dir.resolve("seed.mv");
    Path data = dir.resolve("data");
    try (MockTablestore mock = MockTablestore.builder().dataDirectory(data).start()) {
      SyncClient client = client(mock);
      try {
        TableSpec.named("t").key("k", PrimaryKeyType.STRING).create(mock, client);
        put(client, "kept");
        Reply written = AdminHttp.unsigned(mock).post("/_mock/snapshot?file=" + file, "");
        assertThat(written.status()).isEqualTo(200);
        assertThat(written.json().get("bytes").asLong()).isEqualTo(Files.size(file));
        put(client, "dropped by the restore");

        Reply restored = AdminHttp.unsigned(mock).post("/_mock/restore?file=" + file, "");

        assertThat(restored.status()).isEqualTo(200);
      } finally {
        client.shutdown();
      }
    }
    try (MockTablestore again = MockTablestore.builder().dataDirectory(data).start()) {
      SyncClient client = client(again);
      try {
        assertThat(get(client, "kept")).isNotNull();
        assertThat(get(client, "dropped by the restore")).isNull();
      } finally {
        client.shutdown();
      }
    }
  }

  @Test
  void whatIsNoSnapshotIs400AndChangesNothing() throws Exception {
    try (MockTablestore mock = MockTablestore.builder().start()) {
      SyncClient client = client(mock);
      try {
        TableSpec.named("t").key("k", PrimaryKeyType.STRING).create(mock, client);

        HttpResponse<byte[]> garbage = post(mock, "/_mock/restore", "not a snapshot".getBytes(StandardCharsets.UTF_8));
        Reply empty = AdminHttp.unsigned(mock).post("/_mock/restore", "");
        Reply missing = AdminHttp.unsigned(mock).post("/_mock/restore?file=" + dir.resolve("none.mv"), "");
        Reply typo = AdminHttp.unsigned(mock).post("/_mock/snapshot?fiel=x", "");

        assertThat(garbage.statusCode()).isEqualTo(400);
        assertThat(new String(garbage.body(), StandardCharsets.UTF_8)).contains("the request body")
            .doesNotContain("tablestore-mock-snapshot"); // not the temporary copy it was read from
        assertThat(empty.status()).isEqualTo(400);
        assertThat(empty.json().get("error").asText()).contains("needs a snapshot");
        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.json().get("error").asText()).contains("no snapshot file");
        assertThat(typo.status()).isEqualTo(400);
        assertThat(typo.json().get("error").asText()).contains("unknown parameter 'fiel'");
        assertThat(client.listTable().getTableNames()).containsExactly("t");
      } finally {
        client.shutdown();
      }
    }
  }

  private static HttpResponse<byte[]> post(MockTablestore mock, String target, byte[] body) throws Exception {
    HttpRequest request = HttpRequest.newBuilder(URI.create(mock.endpoint() + target))
        .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
    return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build().send(request,
        HttpResponse.BodyHandlers.ofByteArray());
  }

  private static SyncClient client(MockTablestore mock) {
    ClientConfiguration config = new ClientConfiguration();
    config.setRetryStrategy(new NoRetryStrategy());
    return new SyncClient(mock.endpoint(), mock.accessKeyId(), mock.accessKeySecret(), mock.instanceName(), config);
  }

  private static void put(SyncClient client, String key) {
    client.putRow(new PutRowRequest(new RowPutChange("t", key(key)).addColumn("v", ColumnValue.fromString(key))));
  }

  private static Row get(SyncClient client, String key) {
    SingleRowQueryCriteria criteria = new SingleRowQueryCriteria("t", key(key));
    criteria.setMaxVersions(1);
    return client.getRow(new GetRowRequest(criteria)).getRow();
  }

  private static PrimaryKey key(String value) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("k", PrimaryKeyValue.fromString(value)).build();
  }
}
