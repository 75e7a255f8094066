package io.tablestoreycsb.tunnelbench.report;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * A consumer lost while syncing (its pod killed or evicted), whose channels the other consumers took over.
 *
 * @param consumer its name ("consumer-1")
 * @param why what happened to it ("pod tb-c-1 on node-a, Failed, Killed")
 */
public record LostConsumer(String consumer, String why) {

  /** As the report and report.json say it: "consumer-1: pod ... Failed, Killed". */
  @JsonValue
  @Override
  public String toString() {
    return consumer + ": " + why;
  }
}
