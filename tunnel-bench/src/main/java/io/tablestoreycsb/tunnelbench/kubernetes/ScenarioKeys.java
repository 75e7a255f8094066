package io.tablestoreycsb.tunnelbench.kubernetes;

import io.tablestoreycsb.cluster.launch.ChildExchange;
import io.tablestoreycsb.kit.child.StartGate;
import io.tablestoreycsb.tunnelbench.child.ChildFiles;
import java.util.List;
import java.util.Set;

/**
 * Where one scenario's pods and the coordinator exchange files in the object store, below
 * {@code <run>/<scenario>/}:
 * <ul>
 *   <li>{@code writer/runner-0/attempt-N/} and {@code consumers/runner-K/attempt-N/}: each pod's result set
 *   (its process directory as a local run leaves it, {@value #COMPLETION} last);</li>
 *   <li>{@code live/<process>/}: what a running process shares while it runs ({@link #LIVE_FILES}): its start
 *   gate's ready file, a consumer's client id, its samples, the writer's results as soon as it has them;</li>
 *   <li>{@code live/<process>/rows/<sequence>}: a consumer's rows so far, stored by the consumer itself as
 *   numbered segments ({@link io.tablestoreycsb.tunnelbench.child.RowSegment});</li>
 *   <li>{@code control/<process>/}: what the coordinator tells it ({@link ChildExchange#CONTROL_FILES}): its
 *   start instant, the stop request.</li>
 * </ul>
 *
 * @param scenario {@code <run>/<scenario>}, relative to the results location
 */
public record ScenarioKeys(String scenario) {
  /** Written by the pod after its process ended, last of its result set: exit status and host. */
  public static final String COMPLETION = "pod.json";
  public static final String WRITER_GROUP = "writer";
  public static final String CONSUMER_GROUP = "consumers";
  /**
   * The order matters: a reader that finds the writer's acknowledgements has its result already
   * (the writer writes them last, the coordinator takes them as the writer's end).
   */
  public static final List<String> LIVE_FILES = List.of(StartGate.READY_FILE, ChildFiles.CLIENT_ID,
      ChildFiles.SAMPLES, ChildFiles.WRITER_RESULT, ChildFiles.WRITTEN, ChildFiles.ACKS);
  /** Files shared once: present is final (the others, samples and rows so far, grow). */
  public static final List<String> WRITE_ONCE = List.of(StartGate.READY_FILE, ChildFiles.CLIENT_ID,
      ChildFiles.WRITER_RESULT, ChildFiles.WRITTEN, ChildFiles.ACKS);

  /** The AttemptStore run of a group's result sets. */
  public String results(String group) {
    return scenario + "/" + group;
  }

  /** How {@code process}'s pod and the coordinator exchange its files while it runs. */
  public ChildExchange exchange(String process) {
    return new ChildExchange(live(process), control(process), LIVE_FILES, Set.copyOf(WRITE_ONCE));
  }

  /** Where {@code process} shares its files while it runs. */
  public String live(String process) {
    return scenario + "/live/" + process;
  }

  public String live(String process, String file) {
    return live(process) + "/" + file;
  }

  /** Where consumer {@code process} stores its rows-so-far segments. */
  public String rowsSoFar(String process) {
    return scenario + "/live/" + process + "/rows";
  }

  /** Segment {@code sequence} (from 1): zero-padded, so that the store lists them in order. */
  public String rowsSoFarSegment(String process, long sequence) {
    return rowsSoFar(process) + "/" + String.format(java.util.Locale.ROOT, "%012d", sequence);
  }

  /** Where the coordinator tells {@code process} when to start and to stop. */
  public String control(String process) {
    return scenario + "/control/" + process;
  }

  public String control(String process, String file) {
    return control(process) + "/" + file;
  }

  /** "writer" for the writer Job's pod, "consumer-K" for index K of the consumers' Job. */
  public static String processName(String group, int index) {
    return group.equals(WRITER_GROUP) ? "writer" : "consumer-" + index;
  }
}
