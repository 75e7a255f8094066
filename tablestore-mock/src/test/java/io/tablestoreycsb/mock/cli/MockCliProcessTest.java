package io.tablestoreycsb.mock.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.SyncClient;
import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.mock.fixtures.UserTable;
import java.io.BufferedReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The launcher's main class as its own process: the ready line, then a clean stop on signals. */
@Timeout(90) // a hang guard, not a timed assertion
class MockCliProcessTest {

  @TempDir
  Path dir;

  private Process process;

  @AfterEach
  void killLeftovers() {
    if (process != null && process.isAlive()) {
      process.destroyForcibly();
    }
  }

  private BufferedReader startMock(String... options) throws Exception {
    MockProcess mock = MockProcess.start(dir.resolve("stderr.txt"), options);
    process = mock.process;
    return mock.stdout;
  }

  @Test
  void servesTheSdkAndExitsWithZeroOnSigterm() throws Exception {
    BufferedReader stdout = startMock("--port", "0", "--partition-capacity", "100000");

    ReadyLine ready = ReadyLine.parse(stdout.readLine());
    SyncClient client = new SyncClient(ready.endpoint(), MockTablestore.DEFAULT_ACCESS_KEY_ID,
        MockTablestore.DEFAULT_ACCESS_KEY_SECRET, ready.instance());
    try {
      UserTable users = new UserTable(client, "usertable").create();
      users.put("user7", "field3", "from another process");
      assertThat(users.get("user7", "field3")).isEqualTo("from another process");
    } finally {
      client.shutdown();
    }

    process.destroy(); // SIGTERM on Unix

    assertThat(process.waitFor()).isZero();
    assertThat(Files.readString(dir.resolve("stderr.txt")))
        .contains("partition capacity: 100000 rows/s per partition")
        .doesNotContain("Exception");
  }

  @Test
  void exitsWithZeroOnSigint() throws Exception {
    BufferedReader stdout = startMock();
    ReadyLine.parse(stdout.readLine());

    Process kill = new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start();

    assertThat(kill.waitFor()).isZero();
    assertThat(process.waitFor()).isZero();
  }

  @Test
  void thePropertiesFileNamesTheRunningMockAndGoesWhenItStops() throws Exception {
    Path file = dir.resolve("mock.properties");
    BufferedReader stdout = startMock("--port", "0", "--write-properties", file.toString());
    ReadyLine ready = ReadyLine.parse(stdout.readLine());

    Properties written = new Properties();
    try (var in = Files.newInputStream(file)) {
      written.load(in);
    }
    assertThat(written.getProperty("tablestore.endpoint")).isEqualTo(ready.endpoint());
    assertThat(Files.getPosixFilePermissions(file)).containsExactlyInAnyOrder(
        PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
    process.destroy();

    assertThat(process.waitFor()).isZero();
    assertThat(file).doesNotExist();
    try (var left = Files.list(dir)) {
      assertThat(left.map(p -> p.getFileName().toString())).containsExactly("stderr.txt");
    }
  }

  @Test
  void aPropertiesFileReplacedByAnotherMockIsLeftToIt() throws Exception {
    Path file = dir.resolve("mock.properties");
    BufferedReader stdout = startMock("--port", "0", "--write-properties", file.toString());
    ReadyLine.parse(stdout.readLine());
    String newerMock = "tablestore.endpoint=http\\://127.0.0.1\\:1\n";
    Files.writeString(file, newerMock);

    process.destroy();

    assertThat(process.waitFor()).isZero();
    assertThat(file).hasContent(newerMock);
  }

  @Test
  void aBadOptionExitsNonZeroWithoutServing() throws Exception {
    BufferedReader stdout = startMock("--latency", "GetRow=fast");

    assertThat(stdout.readLine()).isNull();
    assertThat(process.waitFor()).isEqualTo(2);
    assertThat(Files.readString(dir.resolve("stderr.txt")))
        .contains("--latency").contains("bad duration 'fast'");
  }
}
