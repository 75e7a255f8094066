package io.tablestoreycsb.tunnelbench.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.model.RecordSequenceInfo;
import com.alicloud.openservices.tablestore.model.StreamRecord;
import com.alicloud.openservices.tablestore.tunnel.worker.ProcessRecordsInput;
import io.tablestoreycsb.cluster.objectstore.ObjectStore;
import io.tablestoreycsb.cluster.objectstore.TestBucket;
import io.tablestoreycsb.tunnelbench.child.ChannelPage;
import io.tablestoreycsb.tunnelbench.child.ConsumedSnapshots;
import io.tablestoreycsb.tunnelbench.child.EpochMicros;
import io.tablestoreycsb.tunnelbench.child.RowSegment;
import io.tablestoreycsb.tunnelbench.child.RowsSoFar;
import io.tablestoreycsb.tunnelbench.child.SyncRecorder;
import io.tablestoreycsb.tunnelbench.rows.TunnelRow;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A consumer's rows-so-far segments through a real S3 server (S3Proxy) on 127.0.0.1. */
class StoredSegmentsTest {
  @RegisterExtension
  static final TestBucket bucket = new TestBucket("segments");

  private static byte[] segment(int from, int to) {
    return RowSegment.of(IntStream.range(from, to).toArray(), List.of()).encode();
  }

  @Test
  void segmentsAreReadInSequenceOrderEachOnce() throws IOException {
    ObjectStore store = bucket.store("order");
    ScenarioKeys keys = new ScenarioKeys("run/s1");
    RowsSoFar sink = StoredSegments.storing(store, keys, "consumer-0");
    StoredSegments reader = new StoredSegments(store, keys.rowsSoFar("consumer-0"));
    reader.catchUp();
    assertThat(reader.rowCount()).isZero();

    for (int seq = 1; seq <= 12; seq++) { // past 9 and 10: numeric order, not "10" < "9"
      sink.store(seq, segment(seq * 100, seq * 100 + 10));
    }
    reader.catchUp();
    assertThat(reader.segments()).isEqualTo(12);
    assertThat(reader.rowCount()).isEqualTo(120);

    sink.store(12, segment(1200, 1210)); // a store tried again: the same segment, the same number
    sink.store(13, segment(5, 7));
    reader.catchUp();
    assertThat(reader.segments()).isEqualTo(13);
    assertThat(reader.rows().get(5)).isTrue();
    assertThat(reader.rowCount()).isEqualTo(122);
  }

  @Test
  void aMissingSegmentIsAnErrorNotAGap() {
    ObjectStore store = bucket.store("gap");
    ScenarioKeys keys = new ScenarioKeys("run/s1");
    RowsSoFar sink = StoredSegments.storing(store, keys, "consumer-1");
    StoredSegments reader = new StoredSegments(store, keys.rowsSoFar("consumer-1"));
    assertThatThrownBy(() -> {
      sink.store(1, segment(0, 10));
      sink.store(3, segment(20, 30));
      reader.catchUp();
    }).isInstanceOf(IOException.class).hasMessageContaining("segment 2 of run/s1/live/consumer-1/rows is missing");
    assertThat(reader.rowCount()).as("segment 1 was read").isEqualTo(10);

    store.putString(keys.rowsSoFar("consumer-2") + "/latest", "x");
    assertThatThrownBy(() -> new StoredSegments(store, keys.rowsSoFar("consumer-2")).catchUp())
        .hasMessageContaining("is not a rows-so-far segment");
  }

  static ProcessRecordsInput page(String channel, int fromRow, int rows, long timestamp) {
    List<StreamRecord> records = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      StreamRecord r = new StreamRecord();
      r.setRecordType(StreamRecord.RecordType.PUT);
      r.setPrimaryKey(TunnelRow.key(0, 0, fromRow + i));
      r.setSequenceInfo(new RecordSequenceInfo(0, timestamp, i));
      records.add(r);
    }
    return new ProcessRecordsInput(records, "next", "trace", channel);
  }

  @Test
  void aPageIsHandedBackOnlyOnceStoredAndEachStoreCarriesOnlyWhatIsNew() throws Exception {
    ObjectStore store = bucket.store("consumer");
    ScenarioKeys keys = new ScenarioKeys("run/s2");
    List<Integer> storedSizes = new ArrayList<>();
    AtomicInteger failFirst = new AtomicInteger(1);
    RowsSoFar toS3 = StoredSegments.storing(store, keys, "consumer-0");
    RowsSoFar sink = (sequence, bytes) -> {
      if (failFirst.getAndDecrement() > 0) {
        throw new IOException("a store's hiccup"); // tried again, under the same number
      }
      toS3.store(sequence, bytes);
      synchronized (storedSizes) {
        storedSizes.add(bytes.length);
      }
    };
    SyncRecorder recorder = new SyncRecorder(EpochMicros.now() - 1_000_000);
    ConsumedSnapshots snapshots = new ConsumedSnapshots(recorder, sink);
    recorder.keepStored(snapshots);
    snapshots.start();
    StoredSegments reader = new StoredSegments(store, keys.rowsSoFar("consumer-0"));
    try {
      for (int p = 0; p < 40; p++) {
        recorder.process(page(p % 2 == 0 ? "ch-a" : "ch-b", p * 1000, 1000, 1000 + p));
        // returned: a stored segment holds this page's rows, readable by the coordinator now
        reader.catchUp();
        assertThat(reader.rowCount()).isEqualTo((p + 1) * 1000L);
      }
      recorder.process(page("ch-a", 0, 1000, 1000)); // a replay: no new rows, its page still recorded
      reader.catchUp();
    } finally {
      snapshots.close();
    }
    assertThat(reader.pages()).hasSize(41).extracting(ChannelPage::records).containsOnly(1000);
    assertThat(reader.pages().get(1).channel()).isEqualTo("ch-b");
    assertThat(reader.rows()).isEqualTo(recorder.rows());
    // every store carries one page's thousand rows (about 125 bytes as a window) and its page, whatever came
    // before: the whole set, 40,000 rows, is 5,000 bytes
    assertThat(storedSizes).hasSize(41).allSatisfy(size -> assertThat(size).isLessThan(260));
    assertThat(snapshots.summary()).startsWith("rows so far: 41 stores,");
    System.out.println(snapshots.summary());
  }
}
