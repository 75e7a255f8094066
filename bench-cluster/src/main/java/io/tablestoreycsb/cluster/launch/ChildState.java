package io.tablestoreycsb.cluster.launch;

import java.util.Collection;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * One child of a {@link ChildGroup} as its executor last saw it: what its follower decides on (pending,
 * running, ended, stuck for good, deleted), with the executor's own words for what a person reads.
 *
 * @param index its index in its group
 * @param name the executor's name of it (a pod's name)
 * @param host where it runs; empty before it was placed
 * @param phase where it is in its life
 * @param shown its state in the executor's words, for a progress line ("Pending (ContainerCreating)", "Running")
 * @param stuck why it waits on something that will not resolve by itself (a bad image, a missing Secret), if it does
 * @param failure its state and why, for a failure message ("phase Failed, OOMKilled (exit code 137)")
 * @param exitCode its process's exit status, once the executor tells one
 * @param deleting someone other than its parent asked the executor to remove it (a deletion, an eviction)
 * @param listed whether the executor still lists it (false: it is gone, and this is how it was last seen)
 */
public record ChildState(int index, String name, Optional<String> host, Phase phase, String shown,
    Optional<String> stuck, String failure, OptionalInt exitCode, boolean deleting, boolean listed) {

  /** Where a child is in its life. */
  public enum Phase {
    PENDING, RUNNING, SUCCEEDED, FAILED,
    /** The executor cannot tell (it lost touch with the child's host). */
    UNKNOWN
  }

  /** Whether it has ended, either way. */
  public boolean ended() {
    return phase == Phase.SUCCEEDED || phase == Phase.FAILED;
  }

  public boolean running() {
    return phase == Phase.RUNNING;
  }

  /** Whether it failed: ended other than succeeded, or stuck for good. */
  public boolean failed() {
    return phase == Phase.FAILED || stuck.isPresent();
  }

  /** Where it runs, or "no node" before it was placed. */
  public String where() {
    return host.orElse("no node");
  }

  /**
   * "1 not created, 2 Pending (ContainerCreating), 1 Running" for {@code total} children, in the order of a
   * child's life (not created, pending, running, ended); indexes without a state yet are "not created".
   */
  public static String describe(Collection<ChildState> children, int total) {
    Map<String, Integer> counts = new TreeMap<>();
    Map<String, Integer> order = new TreeMap<>();
    for (ChildState child : children) {
      counts.merge(child.shown(), 1, Integer::sum);
      order.put(child.shown(), switch (child.phase()) {
        case PENDING -> 1;
        case RUNNING -> 2;
        default -> 3;
      });
    }
    if (total > children.size()) {
      counts.put("not created", total - children.size());
      order.put("not created", 0);
    }
    StringBuilder text = new StringBuilder();
    counts.keySet().stream().sorted(Comparator.<String, Integer>comparing(order::get).thenComparing(Comparator.naturalOrder()))
        .forEach(state -> text.append(text.length() == 0 ? "" : ", ").append(counts.get(state)).append(' ')
            .append(state));
    return text.toString();
  }
}
