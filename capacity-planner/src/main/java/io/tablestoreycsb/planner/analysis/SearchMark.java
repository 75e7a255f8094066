package io.tablestoreycsb.planner.analysis;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.tablestoreycsb.planner.matrix.Slo;
import java.util.Optional;

/**
 * What a saturation search ({@code threads = auto}) made of a cell or concluded of its series: the knee
 * (where more threads stopped paying), where and why it stopped, a probe's verdict on the knee. The
 * search keeps the marks of its cells in their stop.json ({@link CellStop#mark}); the report says them in
 * words ({@code text.StopText}).
 *
 * <p>Rates are rows/s; growth and gain are fractions (0.10 for 10%).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
    @JsonSubTypes.Type(value = SearchMark.Knee.class, name = "KNEE"),
    @JsonSubTypes.Type(value = SearchMark.KneeWithinSlo.class, name = "KNEE_WITHIN_SLO"),
    @JsonSubTypes.Type(value = SearchMark.KneeAtProbe.class, name = "KNEE_AT_PROBE"),
    @JsonSubTypes.Type(value = SearchMark.Overturned.class, name = "OVERTURNED"),
    @JsonSubTypes.Type(value = SearchMark.BrokeSlo.class, name = "BROKE_SLO"),
    @JsonSubTypes.Type(value = SearchMark.Levelled.class, name = "LEVELLED"),
    @JsonSubTypes.Type(value = SearchMark.ProbeBrokeSlo.class, name = "PROBE_BROKE_SLO"),
    @JsonSubTypes.Type(value = SearchMark.ProbeNoEvidence.class, name = "PROBE_NO_EVIDENCE"),
    @JsonSubTypes.Type(value = SearchMark.ProbeConfirmed.class, name = "PROBE_CONFIRMED"),
    @JsonSubTypes.Type(value = SearchMark.ProbeClimbing.class, name = "PROBE_CLIMBING"),
    @JsonSubTypes.Type(value = SearchMark.NoEvidence.class, name = "NO_EVIDENCE"),
    @JsonSubTypes.Type(value = SearchMark.Skipped.class, name = "SKIPPED")})
public sealed interface SearchMark {

  /** Whether the mark makes its cell the knee of its series. */
  default boolean knee() {
    return false;
  }

  /** A mark that makes its cell the knee. */
  sealed interface KneeMark extends SearchMark {
    @Override
    default boolean knee() {
      return true;
    }
  }

  /**
   * The knee by the two-step rule: going from {@code threads} to {@code toThreads} added under the gain.
   *
   * @param threads the knee's threads
   * @param toThreads the threads two steps later, where the search stopped
   * @param growth the rows/s those two steps added
   */
  record Knee(int threads, int toThreads, double growth) implements KneeMark {}

  /** The knee: the last thread point within the objective, the next one broke it. */
  record KneeWithinSlo(Slo slo) implements KneeMark {}

  /**
   * The knee at a probe that found the rate still climbing (at or below its threads: the points between
   * were not tried).
   *
   * @param threads the probe's threads
   * @param growth its rows/s over the best before it
   * @param bestQpsRows the best before it
   */
  record KneeAtProbe(int threads, double growth, double bestQpsRows) implements KneeMark {}

  /**
   * The two-step rule's knee, which a probe overturned.
   *
   * @param probeThreads the probe's threads
   * @param growth its rows/s over the best before it
   */
  record Overturned(int probeThreads, double growth) implements SearchMark {}

  /**
   * The search stopped at {@code threads}: the cell broke the objective.
   *
   * @param latencyMs the cell's latency at the objective's percentile
   */
  record BrokeSlo(int threads, Slo slo, double latencyMs) implements SearchMark {}

  /**
   * The search stopped at {@code threads}: rows/s grew under the gain over the last two steps.
   *
   * @param growth what the two steps added
   * @param gain the search's gain
   * @param probeThreads a probe at that many threads is to confirm the knee; 0 for none
   */
  record Levelled(int threads, double growth, double gain, int probeThreads) implements SearchMark {}

  /** The probe at {@code threads} broke the objective: the knee at {@code kneeThreads} stands. */
  record ProbeBrokeSlo(int threads, Slo slo, double latencyMs, int kneeThreads) implements SearchMark {}

  /** The probe's rows/s are no evidence: the knee at {@code kneeThreads} stands unconfirmed. */
  record ProbeNoEvidence(int threads, double qpsRows, Unproven why, int kneeThreads) implements SearchMark {}

  /** The probe gave at most the gain over the best before it: the knee at {@code kneeThreads} stands. */
  record ProbeConfirmed(int threads, double growth, double bestQpsRows, double gain, int kneeThreads)
      implements SearchMark {}

  /** The probe gave more than the gain over the best before it: the rate was still climbing. */
  record ProbeClimbing(int threads, double growth, double bestQpsRows, double gain) implements SearchMark {}

  /** A cell whose rows/s are no evidence of saturation: the search goes on. */
  record NoEvidence(int threads, double qpsRows, Unproven why) implements SearchMark {}

  /**
   * A cell not run: its series' search stopped ({@code why}), or waits for its probe at {@code probeThreads}
   * (0: none).
   */
  record Skipped(SearchMark why, int probeThreads) implements SearchMark {}

  /**
   * Why a cell's rows/s are no evidence of where the rate levels off.
   *
   * @param unsteadyAtCap its rate was judged and found not steady until its cap
   * @param verdict otherwise, the verdict that makes its figures no evidence
   */
  record Unproven(boolean unsteadyAtCap, Verdict verdict) {

    /** Why the cell is no evidence, or empty when it is. */
    public static Optional<Unproven> of(CellResult cell) {
      if (cell.stop() != null && cell.stop().kind() == StopKind.CAP_UNSTEADY) {
        return Optional.of(new Unproven(true, cell.verdict()));
      }
      return cell.verdict().evidence() ? Optional.empty() : Optional.of(new Unproven(false, cell.verdict()));
    }
  }
}
