package io.tablestoreycsb.planner.runner;

import java.nio.file.Path;
import java.util.Map;

/**
 * What a runner asks of YCSB, beside its key slice and result directory ({@link RunnerSpec#ycsbArguments}).
 *
 * @param db YCSB DB class
 * @param workload workload file
 * @param endpointProperties the endpoint / credentials properties file (passed with -P, never as -p, so secrets
 *     never appear on a command line); null when the DB needs none
 * @param properties -p overrides, in order
 * @param threads -threads
 * @param phaseFlag -load or -t
 */
public record YcsbCall(String db, Path workload, Path endpointProperties, Map<String, String> properties,
    int threads, String phaseFlag) {}
