package io.tablestoreycsb.mock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.CreateTableRequest;
import com.alicloud.openservices.tablestore.model.DescribeTableRequest;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.StreamDetails;
import com.alicloud.openservices.tablestore.model.StreamSpecification;
import com.alicloud.openservices.tablestore.model.TableMeta;
import com.alicloud.openservices.tablestore.model.TableOptions;
import com.alicloud.openservices.tablestore.model.UpdateTableRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A table's stream: CreateTable and UpdateTable stream_spec, DescribeTable stream_details, via the SDK. */
class StreamSpecTest {
  @RegisterExtension
  static final MockFixture fx = MockFixture.withTables();

  @Test
  void aTableCreatedWithAStreamDescribesIt() {
    CreateTableRequest create = new CreateTableRequest(meta("with_stream"), new TableOptions(-1, 1));
    create.setStreamSpecification(new StreamSpecification(true, 12));
    fx.client().createTable(create);

    StreamDetails details = fx.client().describeTable(new DescribeTableRequest("with_stream")).getStreamDetails();

    assertThat(details.isEnableStream()).isTrue();
    assertThat(details.getExpirationTime()).isEqualTo(12);
    assertThat(details.getStreamId()).isNotEmpty();
    assertThat(details.getLastEnableTime()).isPositive();
  }

  @Test
  void updateTableTurnsTheStreamOnAndOff() {
    fx.client().createTable(new CreateTableRequest(meta("toggled"), new TableOptions(-1, 1)));
    assertThat(fx.client().describeTable(new DescribeTableRequest("toggled")).getStreamDetails().isEnableStream()).isFalse();

    UpdateTableRequest on = new UpdateTableRequest("toggled");
    on.setStreamSpecification(new StreamSpecification(true, 24));
    assertThat(fx.client().updateTable(on).getStreamDetails().isEnableStream()).isTrue();
    assertThat(fx.client().describeTable(new DescribeTableRequest("toggled")).getStreamDetails().getExpirationTime()).isEqualTo(24);

    UpdateTableRequest off = new UpdateTableRequest("toggled");
    off.setStreamSpecification(new StreamSpecification(false));
    fx.client().updateTable(off);
    assertThat(fx.client().describeTable(new DescribeTableRequest("toggled")).getStreamDetails().isEnableStream()).isFalse();
  }

  @Test
  void anExpirationOutsideTheServiceBoundsIsRefusedNamingTheField() {
    CreateTableRequest create = new CreateTableRequest(meta("too_long"), new TableOptions(-1, 1));
    create.setStreamSpecification(new StreamSpecification(true, 169));
    assertThatThrownBy(() -> fx.client().createTable(create)).isInstanceOfSatisfying(TableStoreException.class, e -> {
      assertThat(e.getErrorCode()).isEqualTo("OTSParameterInvalid");
      assertThat(e.getMessage()).contains("stream_spec.expiration_time", "169");
    });
  }

  private static TableMeta meta(String name) {
    TableMeta meta = new TableMeta(name);
    meta.addPrimaryKeyColumn("pk", PrimaryKeyType.STRING);
    return meta;
  }
}
