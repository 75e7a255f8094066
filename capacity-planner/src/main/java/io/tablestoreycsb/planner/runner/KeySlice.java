package io.tablestoreycsb.planner.runner;

/**
 * A runner's slice of the key space.
 *
 * @param insertStart first key number of the slice
 * @param insertCount keys in the slice
 */
public record KeySlice(long insertStart, long insertCount) {}
