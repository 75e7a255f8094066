package io.tablestoreycsb.binding.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablestoreycsb.binding.TablestoreClient;
import io.tablestoreycsb.binding.config.ConfigException;
import io.tablestoreycsb.binding.config.KeyFormat;
import io.tablestoreycsb.binding.tools.TableDescription;
import io.tablestoreycsb.binding.tools.TableSetup;
import io.tablestoreycsb.binding.tools.TableSetupException;
import io.tablestoreycsb.mock.faults.FaultRule;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import site.ycsb.StringByteIterator;

/** The binding's public table set-up API, through the real SDK against the mock. */
class TableSetupTest {
  @RegisterExtension
  static final MockFixture fx = MockFixture.perClass();

  private static TableSetup setup(String table, String... more) {
    Properties p = fx.props(more);
    p.setProperty("table", table);
    return TableSetup.of(p);
  }

  @Test
  void createPreSplitsAndDescribeReportsTheSplitPoints() {
    TableSetup sixteen = setup("api16", "tablestore.maxversions=3");
    TableDescription created = sixteen.create(16);
    assertThat(created.partitions()).isEqualTo(16);
    assertThat(created.splitPoints()).containsExactlyElementsOf(KeyFormat.splitPoints(16))
        .startsWith("1000", "2000").endsWith("f000");
    assertThat(created.stringSplitPoints()).isTrue();
    assertThat(created.table()).isEqualTo("api16");
    assertThat(created.primaryKey()).containsExactly("userid:STRING");
    assertThat(created.maxVersions()).isEqualTo(3);
    assertThat(created.timeToLiveSeconds()).isEqualTo(-1);
    assertThat(created.reservedReadCu()).isZero();
    assertThat(created.reservedWriteCu()).isZero();
    assertThat(sixteen.describe()).isEqualTo(created);

    TableDescription one = setup("api1", "tablestore.primarykey=pk").create(1);
    assertThat(one.partitions()).isEqualTo(1);
    assertThat(one.splitPoints()).isEmpty();
    assertThat(one.primaryKey()).containsExactly("pk:STRING");
  }

  @Test
  void countRowsPagesThroughTheTableAndDropDeletesIt() throws Exception {
    TableSetup counted = setup("apicount");
    counted.create(4);
    assertThat(counted.countRows()).isZero();
    TablestoreClient db = new TablestoreClient();
    db.setProperties(fx.props("table=apicount", "tablestore.batchsize=200"));
    db.init();
    for (int i = 0; i < 7_001; i++) {
      db.insert("apicount", KeyFormat.key(i), Map.of("field0", new StringByteIterator("v")));
    }
    // Partitions are counted each on its own: the first one gets more than one 5,000-row GetRange page,
    // and a row on each split point belongs to the partition it starts (counted once).
    for (int i = 0; i < 6_000; i++) {
      db.insert("apicount", String.format("0000-extra-%05d", i), Map.of("field0", new StringByteIterator("v")));
    }
    for (String split : KeyFormat.splitPoints(4)) {
      db.insert("apicount", split, Map.of("field0", new StringByteIterator("v")));
    }
    db.cleanup();
    assertThat(counted.countRows()).isEqualTo(7_001 + 6_000 + 3);

    counted.drop();
    assertThatThrownBy(counted::describe).isInstanceOfSatisfying(TableSetupException.class, e -> {
      assertThat(e.tableNotFound()).isTrue();
      assertThat(e.errorCode()).isEqualTo("OTSObjectNotExist");
      assertThat(e.getMessage()).startsWith("DescribeTable on 'apicount' failed: OTSObjectNotExist")
          .contains("request id").contains("'apicount' does not exist on instance '" + fx.mock.instanceName() + "'");
    });
    assertThatThrownBy(counted::countRows).isInstanceOfSatisfying(TableSetupException.class,
        e -> assertThat(e.tableNotFound()).isTrue());
    assertThatThrownBy(counted::drop).isInstanceOfSatisfying(TableSetupException.class,
        e -> assertThat(e.tableNotFound()).isTrue());
  }

  @Test
  void refusalsCarryTheServiceCodeAndSayWhatToDo() {
    TableSetup twice = setup("apitwice");
    twice.create(4);
    assertThatThrownBy(() -> twice.create(4)).isInstanceOfSatisfying(TableSetupException.class, e -> {
      assertThat(e.errorCode()).isEqualTo(TableSetupException.TABLE_EXISTS);
      assertThat(e.tableNotFound()).isFalse();
      assertThat(e.getMessage()).contains("'apitwice' already exists");
    });

    fx.mock.faultPlan().addFault(FaultRule.of(ActionName.CREATE_TABLE, ErrorCode.PARAMETER_INVALID, 1.0));
    assertThatThrownBy(() -> setup("apirefused").create(4)).isInstanceOfSatisfying(TableSetupException.class, e -> {
      assertThat(e.errorCode()).isEqualTo("OTSParameterInvalid");
      assertThat(e.getMessage()).contains("refused to create 'apirefused' pre-split into 4 partitions")
          .contains("4000, 8000, c000");
    });
  }

  @Test
  void badArgumentsAndAnUnreachableEndpointAreNamed() {
    assertThatThrownBy(() -> setup("apibad").create(0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("partitions must be from 1 to 65536, got 0");
    Properties noEndpoint = fx.props();
    noEndpoint.remove("tablestore.endpoint");
    assertThatThrownBy(() -> TableSetup.of(noEndpoint)).isInstanceOf(ConfigException.class)
        .hasMessageContaining("tablestore.endpoint is not set");
    // Port 1: privileged, so no test's server listens there.
    TableSetup unreachable = setup("apiaway", "tablestore.endpoint=http://127.0.0.1:1");
    assertThatThrownBy(unreachable::describe).isInstanceOfSatisfying(TableSetupException.class, e -> {
      assertThat(e.errorCode()).isNull();
      assertThat(e.getMessage()).startsWith("DescribeTable on 'apiaway' failed: could not talk to "
          + "tablestore.endpoint=http://127.0.0.1:1");
    });
  }
}
