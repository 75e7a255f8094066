package io.tablestoreycsb.mock.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.BatchWriteRowResponse;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.mock.fixtures.TableSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The official Go SDK's TunnelWorker (its {@code tunnel} package, v1.7.17, pinned in
 * src/test/sdk-conformance/go-tunnel/go.mod) consumes a table through a BaseAndStream tunnel:
 * every row written before the tunnel arrives from its BaseData stage, every row written or
 * updated while it runs from its Stream stage, each stream channel in sequence order, and the
 * tunnel moves on to ProcessStream. The program (go-tunnel/main.go) writes the second half and
 * reports what it consumed; the table, split into four partitions (four channels per stage), and
 * its first rows are written here with the Java SDK.
 *
 * <p>Skipped, with the reason, when Go or the Go module proxy is not available.
 */
class GoTunnelWorkerTest {
  private static final String TABLE = "go_tunnel";
  private static final int ROWS_BEFORE = 2000;
  private static final int ROWS_DURING = 1000;
  private static final int UPDATED = 100;
  private static final int CHECKS = 6;
  private static final Duration PROGRAM_LIMIT = Duration.ofMinutes(4);
  private static final Pattern CONSUMED =
      Pattern.compile("consumed (\\d+) of (\\d+) rows \\((\\d+) base records, (\\d+) stream records\\)");

  private static final Path MODULE_DIR = Path.of(System.getProperty("basedir", "."));
  private static final Path PROGRAM = MODULE_DIR.resolve("src/test/sdk-conformance/go-tunnel");
  private static final Path WORK = MODULE_DIR.resolve("target/sdk-conformance");

  private MockTablestore mock;

  @BeforeEach
  void startMock() {
    mock = MockTablestore.builder()
        .credentials("go-tunnel-key-id", "go-tunnel-secret-" + UUID.randomUUID())
        .start();
  }

  @AfterEach
  void stopMock() {
    mock.close();
  }

  @Test
  void theGoTunnelWorkerConsumesEveryRowWrittenBeforeAndDuringItsTunnel() throws Exception {
    Path binary = GoSdkProgram.build(PROGRAM, WORK.resolve("go-tunnel/tunnelworker"), WORK);
    createTableWithFourPartitions();
    writeRowsBefore();

    ExternalProcess.Result result = ExternalProcess.run(List.of(binary.toString(),
            "-endpoint", mock.endpoint(), "-instance", mock.instanceName(), "-access-key-id", mock.accessKeyId(),
            "-table", TABLE, "-rows-before", Integer.toString(ROWS_BEFORE),
            "-rows-during", Integer.toString(ROWS_DURING), "-updated", Integer.toString(UPDATED)),
        WORK, Map.of("TABLESTORE_ACCESS_KEY_SECRET", mock.accessKeySecret()), PROGRAM_LIMIT,
        WORK.resolve("go-tunnel-worker.log"));

    String shown = result.describe().replace(mock.accessKeySecret(), "<secret>");
    assertThat(result.output()).as("the secret in the program's output").doesNotContain(mock.accessKeySecret());
    Matcher consumed = CONSUMED.matcher(result.output());
    assertThat(consumed.find()).withFailMessage("no 'consumed' line:%n%s", shown).isTrue();
    int rows = ROWS_BEFORE + ROWS_DURING;
    assertThat(consumed.group(1)).withFailMessage("rows consumed:%n%s", shown).isEqualTo(Integer.toString(rows));
    assertThat(consumed.group(2)).isEqualTo(Integer.toString(rows));
    assertThat(Integer.parseInt(consumed.group(3))).as("base records: every row written before the tunnel")
        .isGreaterThanOrEqualTo(ROWS_BEFORE);
    assertThat(Integer.parseInt(consumed.group(4))).as("stream records: every write made while it ran")
        .isGreaterThanOrEqualTo(ROWS_DURING + 3 * UPDATED);
    assertThat(result.output().lines())
        .withFailMessage("expected the line \"%d passed, 0 failed\":%n%s", CHECKS, shown)
        .contains(CHECKS + " passed, 0 failed");
    assertThat(result.exitCode()).withFailMessage("expected exit code 0:%n%s", shown).isZero();
  }

  private void createTableWithFourPartitions() {
    TableSpec.named(TABLE).key("id", PrimaryKeyType.STRING).splitAt(key(750), key(1500), key(2250)).create(mock);
  }


  private void writeRowsBefore() {
    SyncClient client = new SyncClient(mock.endpoint(), mock.accessKeyId(), mock.accessKeySecret(),
        mock.instanceName());
    try {
      for (int from = 0; from < ROWS_BEFORE; from += 200) {
        BatchWriteRowRequest batch = new BatchWriteRowRequest();
        for (int i = from; i < Math.min(from + 200, ROWS_BEFORE); i++) {
          RowPutChange put = new RowPutChange(TABLE, PrimaryKeyBuilder.createPrimaryKeyBuilder()
              .addPrimaryKeyColumn("id", PrimaryKeyValue.fromString(key(i))).build());
          put.addColumn("v", ColumnValue.fromLong(0));
          batch.addRowChange(put);
        }
        BatchWriteRowResponse response = client.batchWriteRow(batch);
        assertThat(response.isAllSucceed()).as("rows written before the tunnel").isTrue();
      }
    } finally {
      client.shutdown();
    }
  }

  /** The program's row keys: k00000, k00001, ... */
  private static String key(int i) {
    return String.format("k%05d", i);
  }
}
