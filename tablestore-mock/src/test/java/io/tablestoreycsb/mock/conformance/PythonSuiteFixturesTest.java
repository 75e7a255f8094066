package io.tablestoreycsb.mock.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.model.CreateTableRequest;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PythonSuiteFixturesTest {
  @TempDir
  Path dir;

  @Test
  void aLineBecomesTheCreateTableRequestItDescribes() throws Exception {
    PythonSuiteFixtures fixtures = read(
        "# a comment",
        "",
        "TxnTable | PK0:INTEGER, PK1:STRING | enable_local_txn | the suite says so",
        "Plain | id:BINARY | - | another reason");

    assertThat(fixtures.tables()).extracting(PythonSuiteFixtures.Table::name).containsExactly("TxnTable", "Plain");
    CreateTableRequest txn = fixtures.tables().get(0).createRequest();
    assertThat(txn.getTableMeta().getPrimaryKeyList()).containsExactly(
        new PrimaryKeySchema("PK0", PrimaryKeyType.INTEGER), new PrimaryKeySchema("PK1", PrimaryKeyType.STRING));
    assertThat(txn.isLocalTxnEnabled()).isTrue();
    assertThat(fixtures.tables().get(1).createRequest().hasLocalTxnSet()).isFalse();
    assertThat(fixtures.tables().get(1).why()).isEqualTo("another reason");
  }

  @Test
  void aBadLineIsAnErrorNamingWhatIsWrong() {
    assertThatThrownBy(() -> read("T | PK0:INTEGER | -")).hasMessageContaining("TABLE | PRIMARY KEY | OPTIONS | WHY");
    assertThatThrownBy(() -> read("T | PK0 INTEGER | - | why")).hasMessageContaining("NAME:TYPE");
    assertThatThrownBy(() -> read("T | PK0:LONG | - | why")).hasMessageContaining("'LONG'");
    assertThatThrownBy(() -> read("T | PK0:INTEGER | txn | why")).hasMessageContaining("'txn'");
  }

  private PythonSuiteFixtures read(String... lines) throws Exception {
    Path file = dir.resolve("fixtures.txt");
    Files.write(file, List.of(lines));
    return PythonSuiteFixtures.read(file);
  }
}
