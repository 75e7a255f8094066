package io.tablestoreycsb.cluster.objectstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Files and pods' result sets through a real S3 server (S3Proxy) on 127.0.0.1. */
class AttemptStoreTest {
  @RegisterExtension
  static final TestBucket bucket = new TestBucket("bench");

  @TempDir
  Path tmp;

  @Test
  void filesGoBelowThePrefixAndComeBackWhole() throws IOException {
    ObjectStore store = bucket.store("runs/2026");
    Path file = Files.writeString(tmp.resolve("lag.hdr"), "interval log");
    store.put("tunnel/s1/consumer-0/lag.hdr", file);
    store.putString("tunnel/s1/stop", "now");

    assertThat(bucket.client().listObjectsV2(b -> b.bucket("bench").prefix("runs/2026/")).contents()).extracting(o -> o.key())
        .containsExactly("runs/2026/tunnel/s1/consumer-0/lag.hdr", "runs/2026/tunnel/s1/stop");
    assertThat(store.list("tunnel")).containsExactly("tunnel/s1/consumer-0/lag.hdr", "tunnel/s1/stop");
    assertThat(store.list("tunnel/s1/consumer-0")).containsExactly("tunnel/s1/consumer-0/lag.hdr");
    assertThat(store.exists("tunnel/s1/stop")).isTrue();
    assertThat(store.exists("tunnel/s2/stop")).isFalse();

    Path target = Files.writeString(tmp.resolve("copy.hdr"), "an older copy, longer than the new one");
    assertThat(store.get("tunnel/s1/consumer-0/lag.hdr", target)).isTrue();
    assertThat(Files.readString(target)).isEqualTo("interval log");
    assertThat(store.get("tunnel/s1/consumer-1/lag.hdr", tmp.resolve("none"))).isFalse();
    assertThat(tmp.resolve("none")).doesNotExist();

    store.deleteAll("tunnel/s1");
    assertThat(store.list("")).isEmpty();
  }

  @Test
  void folderMarkersAreNeitherListedNorLeftBehind() throws IOException {
    // A console's folder, and how S3Proxy's filesystem backend lists an emptied directory: "dir/" keys.
    ObjectStore store = bucket.store("runs/markers");
    store.putString("scenario/s1/rows/000001", "segment");
    for (String marker : new String[] {"runs/markers/scenario/s1/", "runs/markers/scenario/s1/rows/000002/"}) {
      bucket.client().putObject(b -> b.bucket("bench").key(marker),
          software.amazon.awssdk.core.sync.RequestBody.empty());
    }

    assertThat(store.list("scenario")).containsExactly("scenario/s1/rows/000001");
    assertThat(new AttemptStore(store, "done.json").runs("")).isEmpty();

    store.deleteAll("scenario");
    assertThat(bucket.client().listObjectsV2(b -> b.bucket("bench").prefix("runs/markers/")).contents()).isEmpty();
  }

  @Test
  void keysThatWouldLeaveThePrefixAreRefused() {
    ObjectStore store = bucket.store("runs/x");
    assertThatThrownBy(() -> store.putString("../other/stop", "x")).hasMessageContaining("'..'");
    assertThatThrownBy(() -> store.putString("a//b", "x")).hasMessageContaining("empty");
    assertThatThrownBy(() -> store.putString("", "x")).hasMessageContaining("empty");
    assertThatThrownBy(() -> store.deleteAll("")).hasMessageContaining("whole location");
  }

  private Path resultSet(String name, String marker) throws IOException {
    Path dir = Files.createDirectories(tmp.resolve(name));
    Files.writeString(dir.resolve("rows.csv"), marker + "\n");
    Files.writeString(dir.resolve("done.json"), "{\"marker\":\"" + marker + "\"}");
    return dir;
  }

  @Test
  void aRunReadsBackTheLatestCompleteAttemptOfEachIndex() throws IOException {
    AttemptStore attempts = new AttemptStore(bucket.store("runs/y"), "done.json");
    String run = "scenario-1/consumers";
    assertThat(attempts.nextAttempt(run, 0)).isEqualTo(1);
    attempts.upload(run, 0, 1, resultSet("c0a1", "c0-first"));
    attempts.upload(run, 1, 1, resultSet("c1a1", "c1-only"));
    attempts.upload(run, 0, attempts.nextAttempt(run, 0), resultSet("c0a2", "c0-retry"));
    // attempt 3 of index 0 was cut short: its rows but no completion file
    bucket.store("runs/y").putString(AttemptStore.attemptDir(run, 0, 3) + "/rows.csv", "partial");

    assertThat(attempts.latestCompleteAttempts(run)).containsExactly(Map.entry(0, 2), Map.entry(1, 1));
    assertThat(attempts.nextAttempt(run, 0)).isEqualTo(4);
    Path target = tmp.resolve("download");
    assertThat(attempts.download(run, target, Map.of(1, 1))).containsExactly(Map.entry(0, 2));
    assertThat(Files.readString(target.resolve("runner-0/rows.csv"))).isEqualTo("c0-retry\n");
    assertThat(target.resolve("runner-1")).doesNotExist();
    assertThat(attempts.runs("")).containsExactly(run);
    assertThat(attempts.runs("scenario-1")).containsExactly(run);
  }

  @Test
  void aResultSetWithoutItsCompletionFileIsRefused() throws IOException {
    AttemptStore attempts = new AttemptStore(bucket.store("runs/z"), "done.json");
    Path dir = resultSet("incomplete", "m");
    Files.delete(dir.resolve("done.json"));
    assertThatThrownBy(() -> attempts.upload("s/writers", 0, 1, dir)).hasMessageContaining("has no done.json");
    assertThat(attempts.runs("")).isEmpty();
  }
}
