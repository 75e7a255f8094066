package io.tablestoreycsb.mock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.ClientException;
import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.CreateTableRequest;
import com.alicloud.openservices.tablestore.model.DeleteRowRequest;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.RowDeleteChange;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.TableMeta;
import com.alicloud.openservices.tablestore.model.TableOptions;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded mock's lifecycle: stop and resume serving keeping data, idempotent close, private properties. */
class MockLifecycleTest {
  @TempDir
  Path dir;

  @Test
  void servingStopsAndResumesOnTheSamePortKeepingTheData() {
    try (MockTablestore mock = MockTablestore.builder().start()) {
      SyncClient client = SdkClients.sync(mock);
      try {
        TableMeta meta = new TableMeta("kept");
        meta.addPrimaryKeyColumn("userid", PrimaryKeyType.STRING);
        client.createTable(new CreateTableRequest(meta, new TableOptions(-1, 1)));
        RowPutChange put = new RowPutChange("kept", key("a"));
        put.addColumn("field0", ColumnValue.fromString("before"));
        client.putRow(new PutRowRequest(put));
        String endpoint = mock.endpoint();

        mock.stopServing();
        mock.stopServing(); // no-op
        assertThat(mock.isServing()).isFalse();
        assertThatThrownBy(() -> client.getRow(new GetRowRequest(criteria("a")))).isInstanceOf(ClientException.class);

        mock.resumeServing();
        assertThat(mock.isServing()).isTrue();
        assertThat(mock.endpoint()).isEqualTo(endpoint);
        assertThat(client.getRow(new GetRowRequest(criteria("a"))).getRow().getLatestColumn("field0").getValue().asString())
            .isEqualTo("before");
      } finally {
        client.shutdown();
      }
    }
  }

  @Test
  void closeTwiceIsHarmlessAndAClosedMockCannotResume() {
    MockTablestore mock = MockTablestore.builder().start();
    mock.close();
    mock.close();
    assertThat(mock.isServing()).isFalse();
    assertThatThrownBy(mock::resumeServing).isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
  }

  @Test
  void writtenPropertiesAreOwnerOnlyAndWork() throws Exception {
    Path file = dir.resolve("sub/endpoint.properties");
    Files.createDirectories(file.getParent());
    Files.writeString(file, "old"); // an existing, world-readable file is restricted too
    try (MockTablestore mock = MockTablestore.builder().credentials("id", "s3cret-value").start()) {
      mock.writeProperties(file);
      assertThat(Files.getPosixFilePermissions(file))
          .isEqualTo(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE));
      Properties p = new Properties();
      try (InputStream in = Files.newInputStream(file)) {
        p.load(in);
      }
      assertThat(p.getProperty("tablestore.accesskeysecret")).isEqualTo("s3cret-value");
      assertThat(p.getProperty("tablestore.endpoint")).isEqualTo(mock.endpoint());
    }
  }

  @Test
  void rowCountCountsTheStoredRowsWithoutARequest() {
    try (MockTablestore mock = MockTablestore.builder().partitionCapacity(100).start()) {
      SyncClient client = SdkClients.sync(mock);
      try {
        TableMeta meta = new TableMeta("counted");
        meta.addPrimaryKeyColumn("userid", PrimaryKeyType.STRING);
        client.createTable(new CreateTableRequest(meta, new TableOptions(-1, 1)));
        assertThat(mock.rowCount("counted")).isZero();
        for (String userid : new String[] {"a", "b", "c"}) {
          RowPutChange put = new RowPutChange("counted", key(userid));
          put.addColumn("field0", ColumnValue.fromString(userid));
          client.putRow(new PutRowRequest(put));
        }
        client.deleteRow(new DeleteRowRequest(new RowDeleteChange("counted", key("b"))));
        mock.journal().clear();

        assertThat(mock.rowCount("counted")).isEqualTo(2);
        // counted in storage: nothing was asked over HTTP, so no partition capacity was spent
        assertThat(mock.journal().requests()).isEmpty();
        assertThatThrownBy(() -> mock.rowCount("missing")).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("'missing'").hasMessageContaining("counted");
      } finally {
        client.shutdown();
      }
    }
  }

  private static SingleRowQueryCriteria criteria(String userid) {
    SingleRowQueryCriteria c = new SingleRowQueryCriteria("kept", key(userid));
    c.setMaxVersions(1);
    return c;
  }

  private static PrimaryKey key(String userid) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("userid", PrimaryKeyValue.fromString(userid)).build();
  }
}
