package io.tablestoreycsb.planner.threshold;

import java.util.ArrayList;
import java.util.List;

/**
 * Which cells a threshold judges: every cell, or those of one case, instance type, partition count or thread
 * count ({@code random-read p=16}). A null part matches anything.
 *
 * @param instanceType instance type label ({@code instance=capacity}), or null
 * @param caseName case name ({@code random-read}), or null
 * @param partitions partition count ({@code p=16}), or null
 * @param threads threads per runner ({@code threads=8}), or null
 */
public record Scope(String instanceType, String caseName, Integer partitions, Integer threads) {
  /** Every cell. */
  public static final Scope ALL = new Scope(null, null, null, null);

  /** Whether a cell (or an SLO answer: threads null) with these figures is in scope. */
  public boolean matches(String cellInstanceType, String cellCaseName, int cellPartitions, Integer cellThreads) {
    return (instanceType == null || instanceType.equals(cellInstanceType))
        && (caseName == null || caseName.equals(cellCaseName))
        && (partitions == null || partitions == cellPartitions)
        && (threads == null || cellThreads == null || threads.equals(cellThreads));
  }

  public boolean isAll() {
    return equals(ALL);
  }

  /** As written before the measure: "instance=capacity random-read p=16 threads=8", or "". */
  @Override
  public String toString() {
    List<String> parts = new ArrayList<>();
    if (instanceType != null) {
      parts.add("instance=" + instanceType);
    }
    if (caseName != null) {
      parts.add(caseName);
    }
    if (partitions != null) {
      parts.add("p=" + partitions);
    }
    if (threads != null) {
      parts.add("threads=" + threads);
    }
    return String.join(" ", parts);
  }
}
