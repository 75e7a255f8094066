package io.tablestoreycsb.cluster.launch;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.kit.child.ChildJvm;
import io.tablestoreycsb.kit.child.ParentWatch;
import io.tablestoreycsb.kit.child.StartGate;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The local executor's side of the seam: what a child is started with, and what its parent asks of it. */
class LocalChildLauncherTest {

  /**
   * A child as the applications' are: it waits at its start gate in its directory, then reads one request
   * line, prints what it was started with, a status line and an error, and exits with status 7.
   */
  public static final class GatedChild {
    public static void main(String[] args) throws Exception {
      Path dir = Path.of("").toAbsolutePath();
      Files.writeString(dir.resolve(StartGate.READY_FILE), "");
      while (!Files.exists(dir.resolve(StartGate.RELEASE_FILE))) {
        Thread.sleep(StartGate.POLL_MS);
      }
      String request = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
      System.out.println(String.join(" ", args) + "|" + System.getProperty("child.greeting") + "|" + request);
      System.err.println("status: 12 ops/s");
      System.err.println("the error a parent shows");
      System.out.flush();
      System.exit(7);
    }
  }

  @Test
  void startsTheMainClassWithItsOptionsAndArgumentsAndAnswersItsParent(@TempDir Path tmp) throws Exception {
    Path dir = tmp.resolve("child-0");
    ChildSpec spec = new ChildSpec("child-0", dir, GatedChild.class.getName(), List.of("-Dchild.greeting=hello"),
        List.of("--dir", "x"), tmp.resolve("child.out"), tmp.resolve("child.err"), line -> line.startsWith("status:"));

    LaunchedChild child = LocalChildLauncher.ofThisJvm().start(spec);
    try {
      long deadline = System.nanoTime() + 120_000_000_000L;
      while (!child.isReady() && child.isAlive() && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertThat(child.isReady()).as("at its gate: %s", child.stderrTail()).isTrue();
      assertThat(child.name()).isEqualTo("child-0");
      assertThat(child.dir()).isEqualTo(dir);
      assertThat(child.exitCode()).isEmpty();
      assertThat(child.processId()).isNotEqualTo(ProcessHandle.current().pid());

      child.release(System.currentTimeMillis());
      child.send("cell-1");
      ChildJvm.Exit exit = child.finish(60_000);

      assertThat(exit.killed()).isFalse();
      assertThat(exit.code()).isEqualTo(7);
      assertThat(child.exitCode()).hasValue(7);
      assertThat(child.isAlive()).isFalse();
      // the parent-watch option comes first, then the child's own arguments
      assertThat(Files.readString(tmp.resolve("child.out")).strip())
          .isEqualTo(ParentWatch.OPTION + " --dir x|hello|cell-1");
      assertThat(child.stderrTail()).isEqualTo("the error a parent shows");
      assertThat(Files.readString(tmp.resolve("child.err"))).contains("status: 12 ops/s");
    } finally {
      child.kill();
    }
  }
}
