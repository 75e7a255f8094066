package io.tablestoreycsb.cluster.launch;

import io.tablestoreycsb.kit.child.ChildJvm;
import io.tablestoreycsb.kit.child.StartGate;
import java.util.List;
import java.util.Set;

/**
 * Where a child running elsewhere (in a pod) and its parent exchange, through the object store, what a child of
 * this machine and its parent exchange through its directory: the child's side
 * ({@link io.tablestoreycsb.cluster.kubernetes.PodBridge} in a pod) shares the files the child writes for its
 * parent and brings down the ones its parent writes for it; the parent's {@link RemoteChild} mirrors the former
 * into the child's directory here and stores the latter.
 *
 * @param shared the directory of what the child shares while it runs ({@code shared/<file>})
 * @param control the directory of what the parent tells it ({@code control/<file>}: {@link #CONTROL_FILES})
 * @param sharedFiles the files the child shares, in the order the parent brings them (a later one's presence
 *     means the earlier ones are final)
 * @param writeOnce those of them that are final once present (the others grow and are brought anew)
 */
public record ChildExchange(String shared, String control, List<String> sharedFiles, Set<String> writeOnce) {
  /** What the parent tells a child: its start instant, the request to stop. */
  public static final List<String> CONTROL_FILES = List.of(StartGate.RELEASE_FILE, ChildJvm.STOP_FILE);

  public ChildExchange {
    sharedFiles = List.copyOf(sharedFiles);
    writeOnce = Set.copyOf(writeOnce);
    if (!sharedFiles.containsAll(writeOnce)) {
      throw new IllegalArgumentException("write-once files " + writeOnce + " must be among the shared files "
          + sharedFiles);
    }
  }

  public String sharedKey(String file) {
    return shared + "/" + file;
  }

  public String controlKey(String file) {
    return control + "/" + file;
  }
}
