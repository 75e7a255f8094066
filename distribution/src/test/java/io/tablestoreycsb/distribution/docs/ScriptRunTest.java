package io.tablestoreycsb.distribution.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a block leaves behind is found: the directory it ends in, a server it did not stop, a hang. */
class ScriptRunTest {
  @TempDir
  Path dir;

  private ScriptRun run(String script, Duration timeout) throws Exception {
    return ScriptRun.run(script, dir, dir.resolve("logs"), "block", Map.of("GREETING", "hello"), timeout);
  }

  @Test
  void aBlockEndsWhereItCdAndStopsAtItsFirstFailure() throws Exception {
    Files.createDirectories(dir.resolve("unpacked"));

    ScriptRun run = run("cd unpacked\necho \"$GREETING\"\nfalse\necho not reached\n", Duration.ofSeconds(30));

    assertThat(run.exitStatus()).isEqualTo(1);
    assertThat(run.stdout()).isEqualTo("hello\n");
    assertThat(run.endDirectory()).isEqualTo(dir.resolve("unpacked").toRealPath());
    assertThat(run.leftProcesses()).isFalse();
  }

  @Test
  void aServerLeftRunningIsReportedAndStopped() throws Exception {
    ScriptRun run = run("sleep 300 &\necho $! > sleeper.pid\n", Duration.ofSeconds(30));

    assertThat(run.exitStatus()).isZero();
    assertThat(run.leftProcesses()).isTrue();
    long sleeper = Long.parseLong(Files.readString(dir.resolve("sleeper.pid")).strip());
    assertThat(ProcessHandle.of(sleeper).map(ProcessHandle::isAlive)).isNotEqualTo(java.util.Optional.of(true));
  }

  @Test
  void aBlockThatHangsIsStoppedAtItsTimeout() throws Exception {
    ScriptRun run = run("echo started\nsleep 300\n", Duration.ofSeconds(2));

    assertThat(run.timedOut()).isTrue();
    assertThat(run.stdout()).isEqualTo("started\n");
  }
}
