package io.tablestoreycsb.cluster.launch;

/**
 * Why a child of a {@link ChildGroup} left no result set, as its executor tells it.
 *
 * @param why the reason, for a failure message
 * @param cause whether it was lost first (its own log tail tells more); false for a child its executor stopped
 *     because another was lost
 */
public record LostChild(String why, boolean cause) {
}
