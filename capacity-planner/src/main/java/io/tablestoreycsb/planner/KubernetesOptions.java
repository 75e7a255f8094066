package io.tablestoreycsb.planner;

/**
 * The options of {@code --executor kubernetes} (run and render): bench-cluster's, which tunnel-bench
 * shares, so both benchmarks take the same names; see docs/distributed-runs.md.
 */
final class KubernetesOptions extends io.tablestoreycsb.cluster.options.KubernetesOptions {
}
