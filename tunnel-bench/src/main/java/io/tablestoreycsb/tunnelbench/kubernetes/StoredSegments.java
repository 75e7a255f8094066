package io.tablestoreycsb.tunnelbench.kubernetes;

import io.tablestoreycsb.cluster.objectstore.ObjectStore;
import io.tablestoreycsb.tunnelbench.child.ChannelPage;
import io.tablestoreycsb.tunnelbench.child.RowSegment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.TreeMap;

/**
 * One consumer's rows-so-far segments as the coordinator reads them: in sequence order, each once, so
 * that reading again costs only the segments stored since. A consumer stores segment n+1 only after
 * segment n was stored, and the store lists what was stored (S3's read-after-write), so a listing with
 * a gap means a segment was lost: an error, never a silent hole in the consumed rows.
 */
final class StoredSegments {
  private final ObjectStore store;
  private final String directory;
  private final BitSet rows = new BitSet();
  private final List<ChannelPage> pages = new ArrayList<>();
  private long next = 1;

  /** @param directory where the consumer stores its segments ({@link ScenarioKeys#rowsSoFar}) */
  StoredSegments(ObjectStore store, String directory) {
    this.store = store;
    this.directory = directory;
  }

  /** Where consumer {@code process}'s segments go: the writing side of what this reads. */
  static io.tablestoreycsb.tunnelbench.child.RowsSoFar storing(ObjectStore store, ScenarioKeys keys, String process) {
    return (sequence, segment) -> store.put(keys.rowsSoFarSegment(process, sequence), segment);
  }

  /** Reads the segments stored since the last call. */
  synchronized void catchUp() throws IOException {
    TreeMap<Long, String> bySequence = new TreeMap<>();
    for (String key : store.list(directory)) {
      String name = key.substring(key.lastIndexOf('/') + 1);
      if (!name.matches("\\d{1,18}")) {
        throw new IOException("'" + key + "' is not a rows-so-far segment (a sequence number)");
      }
      bySequence.put(Long.parseLong(name), key);
    }
    Path file = Files.createTempFile("rows-segment", ".bin");
    try {
      for (var e : bySequence.tailMap(next).entrySet()) {
        if (e.getKey() != next) {
          throw new IOException("rows-so-far segment " + next + " of " + directory + " is missing (the store holds "
              + e.getKey() + ")");
        }
        if (!store.get(e.getValue(), file)) {
          throw new IOException("rows-so-far segment " + e.getValue() + " was listed but cannot be read");
        }
        RowSegment segment = RowSegment.decode(Files.readAllBytes(file));
        segment.addRowsTo(rows);
        pages.addAll(segment.pages());
        next++;
      }
    } finally {
      Files.deleteIfExists(file);
    }
  }

  /** The rows of the segments read so far. */
  synchronized BitSet rows() {
    return (BitSet) rows.clone();
  }

  synchronized long rowCount() {
    return rows.cardinality();
  }

  /** The pages of the segments read so far, in the order they were handed. */
  synchronized List<ChannelPage> pages() {
    return List.copyOf(pages);
  }

  /** Segments read so far. */
  synchronized long segments() {
    return next - 1;
  }
}
