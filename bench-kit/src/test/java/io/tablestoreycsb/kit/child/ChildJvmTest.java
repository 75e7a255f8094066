package io.tablestoreycsb.kit.child;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;

class ChildJvmTest {
  /** A child that goes through the whole protocol: gate, status lines, an error line, stop file. */
  @CommandLine.Command(name = "gated-child")
  public static final class GatedChild implements java.util.concurrent.Callable<Integer> {
    @Mixin
    ParentWatch parentWatch = new ParentWatch();

    public static void main(String[] args) {
      System.exit(new CommandLine(new GatedChild()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
      parentWatch.startIfAsked("gated-child");
      Path dir = Path.of("").toAbsolutePath();
      long startAt = StartGate.inDirectory(dir, Duration.ofSeconds(60)).await();
      System.out.println("started at " + startAt);
      System.err.println("status: 10 ops/s");
      System.err.println("something went wrong");
      System.err.println("status: 20 ops/s");
      while (!ChildJvm.stopRequested(dir)) {
        Thread.sleep(10);
      }
      return 7;
    }
  }

  @Test
  void aChildWaitsAtItsGateUntilReleasedAndEndsWhenAskedToStop(@TempDir Path dir) throws Exception {
    Path childDir = dir.resolve("child");
    Files.createDirectories(childDir);
    Files.writeString(childDir.resolve(StartGate.READY_FILE), "1"); // an earlier run's: must not count
    List<String> statusLines = new CopyOnWriteArrayList<>();
    List<String> command = ChildJvm.command(ChildJvm.thisJava(), List.of("-Xshare:auto"), ChildJvm.thisClassPath(),
        GatedChild.class.getName(), List.of());
    assertThat(command).containsSubsequence(GatedChild.class.getName(), ParentWatch.OPTION);

    ChildJvm child = ChildJvm.start("child", childDir, command, childDir.resolve("out.log"),
        childDir.resolve("err.log"), line -> line.startsWith("status:") && statusLines.add(line));
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (!child.isReady() && System.nanoTime() < deadline) {
      assertThat(child.isAlive()).as("alive before its gate").isTrue();
      Thread.sleep(20);
    }
    assertThat(child.isReady()).isTrue();
    assertThat(Files.exists(childDir.resolve("out.log")) ? Files.readString(childDir.resolve("out.log")) : "")
        .as("nothing runs before the release").doesNotContain("started at");

    long instant = System.currentTimeMillis() + 50;
    child.release(instant);
    Thread.sleep(300);
    assertThat(child.isAlive()).as("runs until asked to stop").isTrue();
    child.stop();
    ChildJvm.Exit exit = child.finish(30_000);

    assertThat(exit).isEqualTo(new ChildJvm.Exit(7, false));
    assertThat(Files.readString(childDir.resolve("out.log"))).contains("started at " + instant);
    assertThat(statusLines).containsExactly("status: 10 ops/s", "status: 20 ops/s");
    assertThat(child.stderrTail()).isEqualTo("something went wrong");
    assertThat(Files.readAllLines(childDir.resolve("err.log")))
        .containsExactly("status: 10 ops/s", "something went wrong", "status: 20 ops/s");
  }

  @Test
  void aChildThatDoesNotEndInTimeIsKilled(@TempDir Path dir) throws Exception {
    List<String> command = ChildJvm.command(ChildJvm.thisJava(), List.of(), ChildJvm.thisClassPath(),
        GatedChild.class.getName(), List.of());
    ChildJvm child = ChildJvm.start("child", dir, command, dir.resolve("out.log"), dir.resolve("err.log"),
        line -> false);

    ChildJvm.Exit exit = child.finish(200);

    assertThat(exit.killed()).isTrue();
    assertThat(child.isAlive()).isFalse();
  }
}
