package io.tablestoreycsb.cluster.kubernetes;

import io.tablestoreycsb.cluster.launch.ChildExchange;
import io.tablestoreycsb.cluster.objectstore.ObjectStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A pod's side of the file exchange a child of this machine does through its directory ({@link ChildExchange}):
 * what the child writes for its parent goes up to the object store when it changes, what the parent writes for
 * it ({@link ChildExchange#CONTROL_FILES}) comes down into its directory, and files of other children it waits
 * for ({@code inbound}) come down where it waits for them. The child reads and writes its directory exactly as
 * it does when it runs on its parent's machine; the parent's side is {@link io.tablestoreycsb.cluster.launch.RemoteChild}.
 */
public final class PodBridge implements AutoCloseable {
  static final long EVERY_MS = 500;

  private final ObjectStore store;
  private final ChildExchange exchange;
  private final Path dir;
  private final Map<String, Path> inbound;
  private final Map<String, FileTime> shared = new HashMap<>();
  private final Thread thread;
  private volatile boolean closed;

  /**
   * @param dir the child's directory in the pod
   * @param inbound other children's shared files this one waits for: the object's key to where it waits for it
   *     (each brought once, when it first exists)
   */
  public PodBridge(ObjectStore store, ChildExchange exchange, Path dir, Map<String, Path> inbound) {
    this.store = store;
    this.exchange = exchange;
    this.dir = dir;
    this.inbound = Map.copyOf(inbound);
    this.thread = new Thread(this::loop, "pod-bridge");
    this.thread.setDaemon(true);
  }

  public void start() {
    thread.start();
  }

  private void loop() {
    while (!closed) {
      try {
        exchange();
      } catch (IOException | RuntimeException e) {
        // the next round tries again; a store that stays away shows in the parent's time-outs
        System.err.println("pod-bridge: " + e);
      }
      try {
        Thread.sleep(EVERY_MS);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  /**
   * One round: shares what changed, takes what the parent and the other children left. Which shared files
   * exist is looked at last first, so that a file the child wrote before one seen here is shared with it (the
   * writer's result with its acknowledgements), even when the child wrote both during this round.
   */
  synchronized void exchange() throws IOException {
    List<String> files = exchange.sharedFiles();
    Deque<String> present = new ArrayDeque<>();
    for (int i = files.size() - 1; i >= 0; i--) {
      if (Files.isRegularFile(dir.resolve(files.get(i)))) {
        present.addFirst(files.get(i));
      }
    }
    for (String file : present) {
      Path local = dir.resolve(file);
      FileTime modified = Files.getLastModifiedTime(local);
      if (!modified.equals(shared.get(file))) {
        store.put(exchange.sharedKey(file), local);
        shared.put(file, modified);
      }
    }
    for (String file : ChildExchange.CONTROL_FILES) {
      Path local = dir.resolve(file);
      if (!Files.exists(local)) {
        store.get(exchange.controlKey(file), local);
      }
    }
    for (Map.Entry<String, Path> file : inbound.entrySet()) {
      if (!Files.exists(file.getValue())) {
        Files.createDirectories(file.getValue().getParent());
        store.get(file.getKey(), file.getValue());
      }
    }
  }

  /** Stops the rounds after a last one, so that what the child left last is shared. */
  @Override
  public void close() throws IOException, InterruptedException {
    closed = true;
    thread.interrupt();
    thread.join(10_000);
    exchange();
  }
}
