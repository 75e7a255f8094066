package io.tablestoreycsb.binding.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.binding.TablestoreClient;
import io.tablestoreycsb.binding.config.KeyFormat;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * Writers and readers hammer the same few keys through the binding. Every write puts one tag in
 * all five fields. Checked afterwards, from the real-time intervals of the calls: no read sees a
 * torn row (fields from different writes), no read returns a value already overwritten by a write
 * acknowledged before the read began, and the final value of each key is a write that no later
 * write (started after it was acknowledged) superseded.
 */
class ConcurrentWritesTest {
  private static final int KEYS = 8;
  private static final int WRITERS = 6;
  private static final int READERS = 4;
  private static final int OPS = 600;

  @RegisterExtension
  static final MockFixture fx = MockFixture.perClass();

  @BeforeAll
  static void start() throws Exception {
    fx.createTable("usertable");
  }

  /** A call's real-time interval (System.nanoTime) and the tag it wrote or read. */
  record Call(int key, String tag, long start, long end) {}

  @Test
  void aReadNeverSeesAnOverwrittenOrTornRowAndTheLastAcknowledgedWriteWins() throws Exception {
    Map<String, Call> writes = new ConcurrentHashMap<>();
    ConcurrentLinkedQueue<Call> reads = new ConcurrentLinkedQueue<>();
    ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
    List<Thread> threads = new ArrayList<>();
    List<TablestoreClient> dbs = new ArrayList<>();
    for (int t = 0; t < WRITERS + READERS; t++) {
      TablestoreClient db = new TablestoreClient();
      db.setProperties(fx.props());
      db.init();
      dbs.add(db);
      boolean writer = t < WRITERS;
      int id = t;
      threads.add(new Thread(() -> {
        for (int i = 0; i < OPS; i++) {
          int key = (i * 7 + id) % KEYS;
          if (writer) {
            String tag = "w" + id + "-" + i;
            Map<String, ByteIterator> row = new HashMap<>();
            for (int f = 0; f < 5; f++) {
              row.put("field" + f, new StringByteIterator(tag));
            }
            long start = System.nanoTime();
            // Alternate PutRow (insert) and UpdateRow (update) of all fields.
            Status s = i % 2 == 0 ? db.insert("usertable", KeyFormat.key(key), row)
                : db.update("usertable", KeyFormat.key(key), row);
            long end = System.nanoTime();
            if (s.isOk()) {
              writes.put(tag, new Call(key, tag, start, end));
            } else {
              problems.add("write " + tag + ": " + s);
            }
          } else {
            Map<String, ByteIterator> got = new HashMap<>();
            long start = System.nanoTime();
            Status s = db.read("usertable", KeyFormat.key(key), null, got);
            long end = System.nanoTime();
            if (s == Status.NOT_FOUND) {
              reads.add(new Call(key, null, start, end));
            } else if (!s.isOk()) {
              problems.add("read: " + s);
            } else {
              String tag = got.get("field0").toString();
              for (int f = 1; f < 5; f++) {
                if (!tag.equals(got.get("field" + f).toString())) {
                  problems.add("torn row at key " + key + ": " + got);
                }
              }
              reads.add(new Call(key, tag, start, end));
            }
          }
        }
      }));
    }
    threads.forEach(Thread::start);
    for (Thread t : threads) {
      t.join();
    }
    for (TablestoreClient db : dbs) {
      db.cleanup();
    }
    assertThat(problems).isEmpty();
    assertThat(writes).hasSize(WRITERS * OPS);

    for (Call read : reads) {
      Call seen = read.tag == null ? null : writes.get(read.tag);
      if (read.tag != null) {
        assertThat(seen).as("a read returned a tag never acknowledged: %s", read).isNotNull();
      }
      for (Call w : writes.values()) {
        // w was acknowledged before the read began, and began after the value read was acknowledged
        // (or nothing was found): the read should have seen w or something newer.
        if (w.key == read.key && w.end < read.start && (seen == null || seen.end < w.start)) {
          problems.add("read " + read + " saw " + seen + " although " + w + " was acknowledged before");
        }
      }
    }

    assertThat(problems).as("stale reads").isEmpty();

    TablestoreClient reader = new TablestoreClient();
    reader.setProperties(fx.props());
    reader.init();
    try {
      for (int key = 0; key < KEYS; key++) {
        Map<String, ByteIterator> got = new HashMap<>();
        assertThat(reader.read("usertable", KeyFormat.key(key), null, got)).isEqualTo(Status.OK);
        Call last = writes.get(got.get("field0").toString());
        assertThat(last).isNotNull();
        for (Call w : writes.values()) {
          assertThat(w.key == key && w.start > last.end)
              .as("key %d ends with %s although %s started after it was acknowledged", key, last, w).isFalse();
        }
      }
    } finally {
      reader.cleanup();
    }
  }
}
