package io.tablestoreycsb.tunnelbench.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** Starts a scenario's writer and consumers: as JVMs of this machine, or as pods of a cluster. */
public interface ProcessLauncher {
  /**
   * What to start.
   *
   * @param name the scenario's directory name ("scenario-01-c1-p1"), unique within the run
   * @param writerDir the writer's local directory
   * @param consumerDirs each consumer's local directory
   * @param writerArgs the writer's arguments, without {@code --dir} and {@code --endpoint-file}
   * @param consumerArgs every consumer's arguments, without {@code --dir}, {@code --endpoint-file} and
   *     {@code --acks}
   */
  record Launch(String name, Path writerDir, List<Path> consumerDirs, List<String> writerArgs,
      List<String> consumerArgs) {}

  ScenarioProcesses start(Launch launch) throws IOException;

  /** What the report says of where the processes ran. */
  String where();
}
