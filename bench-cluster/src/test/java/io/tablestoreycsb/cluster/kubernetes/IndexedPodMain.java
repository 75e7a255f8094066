package io.tablestoreycsb.cluster.kubernetes;

import io.tablestoreycsb.cluster.objectstore.ObjectStoreCredentials;
import java.util.Map;

/**
 * What the pods of {@link RunningJobTest} run: tells its index and whether the object store's key
 * reached it from the Secret (never the key itself), then exits with the code its index is given.
 */
public final class IndexedPodMain {
  private IndexedPodMain() {
  }

  /** @param args the expected secret access key's length, then each index's exit code */
  public static void main(String[] args) {
    int index = Integer.parseInt(System.getenv(RunningJob.INDEX_ENV));
    ObjectStoreCredentials credentials = ObjectStoreCredentials.fromEnvironment(Map.copyOf(System.getenv()));
    System.out.println("pod " + index + ": object store key from the Secret, "
        + credentials.secretAccessKey().length() + " characters");
    int exit = Integer.parseInt(args[1 + index]);
    if (exit != 0) {
      System.out.println("pod " + index + ": failing with exit code " + exit);
    }
    System.exit(exit);
  }
}
