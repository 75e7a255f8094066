package io.tablestoreycsb.cluster.launch;

import io.tablestoreycsb.cluster.objectstore.ObjectStoreSettings;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Where an {@link io.tablestoreycsb.cluster.options.Executor} starts an application's children when they run
 * where this machine's directories are not: it starts a {@link ChildGroup} from a {@link GroupSpec}, and names
 * the object store through which the children and their parent exchange files and results. A new executor of
 * this kind implements this and {@link ChildGroup}
 * ({@link io.tablestoreycsb.cluster.kubernetes.KubernetesGroups} is Kubernetes'); the applications' launchers
 * built on it (the planner's {@code RemoteCellExecutor}, tunnel-bench's {@code RemoteLauncher}) run on it unchanged.
 */
public interface ChildGroups {
  /** Starts the group {@code spec} describes (removing one of its name an interrupted earlier run left). */
  ChildGroup start(GroupSpec spec);

  /** Where the children upload their result sets and exchange their files with their parent. */
  ObjectStoreSettings results();

  /** A client of {@link #results}. */
  S3Client store();

  /**
   * How far ahead of a group's start its children are released together: enough for each to be placed, fetch
   * its image and load its classes.
   */
  long startLeadSeconds();

  /** Where and how the children run, for a report ("pods of Kubernetes Jobs (image ..., 8 CPU and 8Gi each)"). */
  String where();

  /** Where the children run, for the line a run starts with ("pods on Kubernetes (namespace bench, image ...)"). */
  String place();
}
