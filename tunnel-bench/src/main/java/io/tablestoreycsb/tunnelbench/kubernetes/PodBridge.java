package io.tablestoreycsb.tunnelbench.kubernetes;

import io.tablestoreycsb.cluster.objectstore.ObjectStore;
import io.tablestoreycsb.tunnelbench.child.ChildFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.HashMap;
import java.util.Map;

/**
 * A pod's side of the file exchange a local run does through one directory: what the process writes
 * for the coordinator ({@link ScenarioKeys#LIVE_FILES}) goes up to the object store when it changes, what
 * the coordinator writes for it ({@link ScenarioKeys#CONTROL_FILES}) comes down into its directory, and a
 * consumer gets the writer's acknowledgement times where it waits for them. The process reads and writes
 * its directory exactly as it does when it runs on the coordinator's machine.
 */
final class PodBridge implements AutoCloseable {
  static final long EVERY_MS = 500;

  private final ObjectStore store;
  private final ScenarioKeys keys;
  private final String process;
  private final Path dir;
  private final Path writerAcks;
  private final Map<String, FileTime> shared = new HashMap<>();
  private final Thread thread;
  private volatile boolean closed;

  /**
   * @param writerAcks where a consumer waits for the writer's acknowledgement times; null for the writer
   */
  PodBridge(ObjectStore store, ScenarioKeys keys, String process, Path dir, Path writerAcks) {
    this.store = store;
    this.keys = keys;
    this.process = process;
    this.dir = dir;
    this.writerAcks = writerAcks;
    this.thread = new Thread(this::loop, "pod-bridge");
    this.thread.setDaemon(true);
  }

  void start() {
    thread.start();
  }

  private void loop() {
    while (!closed) {
      try {
        exchange();
      } catch (IOException | RuntimeException e) {
        // the next round tries again; a store that stays away shows in the coordinator's time-outs
        System.err.println("pod-bridge: " + e);
      }
      try {
        Thread.sleep(EVERY_MS);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  /** One round: shares what changed, takes what the coordinator and the writer left. */
  synchronized void exchange() throws IOException {
    for (String file : ScenarioKeys.LIVE_FILES) {
      Path local = dir.resolve(file);
      if (!Files.isRegularFile(local)) {
        continue;
      }
      FileTime modified = Files.getLastModifiedTime(local);
      if (!modified.equals(shared.get(file))) {
        store.put(keys.live(process, file), local);
        shared.put(file, modified);
      }
    }
    for (String file : ScenarioKeys.CONTROL_FILES) {
      Path local = dir.resolve(file);
      if (!Files.exists(local)) {
        store.get(keys.control(process, file), local);
      }
    }
    if (writerAcks != null && !Files.exists(writerAcks)) {
      Files.createDirectories(writerAcks.getParent());
      store.get(keys.live("writer", ChildFiles.ACKS), writerAcks);
    }
  }

  /** Stops the rounds after a last one, so that what the process left last is shared. */
  @Override
  public void close() throws IOException, InterruptedException {
    closed = true;
    thread.interrupt();
    thread.join(10_000);
    exchange();
  }
}
