package io.tablestoreycsb.tunnelbench.child;

/**
 * What the range scanner read: every partition with GetRange, one thread per partition.
 *
 * @param rows rows returned
 * @param requests GetRange requests
 * @param firstRowEpochMs when the first page arrived
 * @param lastRowEpochMs when the last page arrived
 * @param error why the scan failed, or null
 */
public record ScanResult(long rows, long requests, long firstRowEpochMs, long lastRowEpochMs, String error) {}
