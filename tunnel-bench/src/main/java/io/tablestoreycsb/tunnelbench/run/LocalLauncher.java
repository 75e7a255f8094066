package io.tablestoreycsb.tunnelbench.run;

import io.tablestoreycsb.tunnelbench.report.LostConsumer;
import io.tablestoreycsb.cluster.launch.ChildLauncher;
import io.tablestoreycsb.cluster.launch.LaunchedChild;
import io.tablestoreycsb.tunnelbench.child.ChildFiles;
import io.tablestoreycsb.tunnelbench.child.ConsumerMain;
import io.tablestoreycsb.tunnelbench.child.WriterMain;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The writer and the consumers as JVMs of this machine ({@link Coordinator#child}), sharing its cores, started
 * through the local executor's {@link ChildLauncher}.
 */
public final class LocalLauncher implements ProcessLauncher {
  private final Coordinator co;
  private final ChildLauncher children;

  public LocalLauncher(Coordinator co, ChildLauncher children) {
    this.co = co;
    this.children = children;
  }

  @Override
  public ScenarioProcesses start(Launch launch) throws IOException {
    List<LaunchedChild> started = new ArrayList<>();
    try {
      List<String> writerArgs = new ArrayList<>(List.of("--dir", launch.writerDir().toString(), "--endpoint-file",
          co.endpoint().file().toString()));
      writerArgs.addAll(launch.writerArgs());
      started.add(children.start(co.child("writer", launch.writerDir(), WriterMain.class, writerArgs)));
      for (int k = 0; k < launch.consumerDirs().size(); k++) {
        Path dir = launch.consumerDirs().get(k);
        List<String> args = new ArrayList<>(List.of("--dir", dir.toString(), "--endpoint-file",
            co.endpoint().file().toString(), "--acks", launch.writerDir().resolve(ChildFiles.ACKS).toString()));
        args.addAll(launch.consumerArgs());
        started.add(children.start(co.child("consumer-" + k, dir, ConsumerMain.class, args)));
      }
    } catch (IOException | RuntimeException e) {
      started.forEach(LaunchedChild::kill);
      throw e;
    }
    List<BenchProcess> processes = started.stream().<BenchProcess>map(ChildProcess::new).toList();
    return new ScenarioProcesses() {
      @Override
      public BenchProcess writer() {
        return processes.get(0);
      }

      @Override
      public List<BenchProcess> consumers() {
        return processes.subList(1, processes.size());
      }

      @Override
      public String startingState() {
        return "";
      }

      @Override
      public List<LostConsumer> lostConsumers() {
        return List.of();
      }

      @Override
      public void collect() {
        // the processes wrote their results into their directories
      }

      @Override
      public void close() {
        started.stream().filter(LaunchedChild::isAlive).forEach(LaunchedChild::kill);
      }
    };
  }

  @Override
  public String where() {
    return "consumers, writer and coordinator all on this machine";
  }
}
