package io.tablestoreycsb.binding.stats;

/**
 * Adds rows to their partitions' counters once per run of consecutive rows in one partition rather than
 * once per row: the rows of a page or a batch come in key order, or nearly, and many threads add to the
 * same counters. Feed it each row's partition with {@link #row(int)}, then {@link #flush()} once.
 */
public final class PartitionRuns {
  /** Where a run's rows go: a partition's rows-read or rows-written counter. */
  public interface Counter {
    void add(int partition, long rows);
  }

  private final Counter counter;
  private int partition = -1;
  private long run;

  public PartitionRuns(Counter counter) {
    this.counter = counter;
  }

  public void row(int rowPartition) {
    if (rowPartition != partition && run > 0) {
      counter.add(partition, run);
      run = 0;
    }
    partition = rowPartition;
    run++;
  }

  /** Adds the last run; the tally is then empty. */
  public void flush() {
    if (run > 0) {
      counter.add(partition, run);
      run = 0;
    }
  }
}
