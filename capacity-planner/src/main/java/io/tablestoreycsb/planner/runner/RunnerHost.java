package io.tablestoreycsb.planner.runner;

/**
 * The host a runner ran on.
 *
 * @param host its name
 * @param hostCpus processors available on it (to judge whether the runners saturated it); 0 when unknown
 */
public record RunnerHost(String host, int hostCpus) {}
