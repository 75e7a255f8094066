package io.tablestoreycsb.planner.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablestoreycsb.cluster.objectstore.ObjectStoreUri;
import io.tablestoreycsb.cluster.objectstore.ObjectStoreCredentials;
import io.tablestoreycsb.cluster.objectstore.S3Clients;
import io.tablestoreycsb.cluster.objectstore.EmbeddedS3;
import io.tablestoreycsb.cluster.objectstore.TestBucket;
import io.tablestoreycsb.planner.store.ResultStore.AttemptKey;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.S3Exception;

/** Result sets through a real S3 server (S3Proxy) on 127.0.0.1, with the client the planner uses. */
class ResultStoreTest {
  private static final String CELL = "ecs.g6/p4/batch-write/t32";
  @RegisterExtension
  static final TestBucket bucket = new TestBucket("results");

  @TempDir
  Path tmp;

  private ResultStore store(String prefix) {
    return new ResultStore(bucket.client(), new ObjectStoreUri("results", prefix), "runner.json");
  }

  private Path resultSet(String name, String marker) throws IOException {
    Path dir = Files.createDirectories(tmp.resolve(name));
    Files.writeString(dir.resolve("ycsb.out"), "[OVERALL], Throughput(ops/sec), " + marker + "\n");
    Files.write(dir.resolve("BATCH_WRITE.hdr"), new byte[] {0, 1, 2, (byte) 0xff});
    Files.writeString(dir.resolve("runner.json"), "{\"marker\":\"" + marker + "\"}");
    return dir;
  }

  @Test
  void aPlansCellRequestsAreReadInTurnPerSessionAndAreNoResult() throws IOException {
    ResultStore store = store("plans/handover");
    PlanCells pods = store.planCells("paper", "1800000000000");
    PlanCells otherPods = store.planCells("paper", "1800000000001");
    Path scratch = tmp.resolve("request.json");
    assertThat(pods.get(1, scratch)).isEmpty();
    pods.put(1, "{\"seq\":1}");
    pods.put(2, "{\"seq\":2}");
    assertThat(pods.get(1, scratch)).contains("{\"seq\":1}");
    assertThat(pods.get(2, scratch)).contains("{\"seq\":2}");
    assertThat(pods.get(3, scratch)).isEmpty();
    assertThat(scratch).doesNotExist();
    // another Job's pods see none of these, and the end of this session is not theirs
    assertThat(otherPods.get(1, scratch)).isEmpty();
    assertThat(pods.ended()).isFalse();
    pods.end();
    assertThat(pods.ended()).isTrue();
    assertThat(otherPods.ended()).isFalse();
    // requests sit beside the result sets but are never taken for a cell's results
    store.upload(new AttemptKey("paper", CELL, 0, 1), resultSet("r0", "a"));
    assertThat(store.cells("paper")).containsExactly(CELL);
    pods.delete();
    assertThat(pods.get(1, scratch)).isEmpty();
    assertThat(pods.ended()).isFalse();
    assertThatThrownBy(() -> store.planCells("paper", "a/b")).hasMessageContaining("session 'a/b'");
    assertThatThrownBy(() -> PlanCells.requestName(0)).hasMessageContaining("numbered from 1");
  }

  @Test
  void aCellReadsBackTheLatestCompleteAttemptOfEachRunnerOnce() throws IOException {
    ResultStore store = store("plans/a");
    assertThat(store.nextAttempt("plan1", CELL, 0)).isEqualTo(1);
    store.upload(new AttemptKey("plan1", CELL, 0, 1), resultSet("r0a1", "r0-first"));
    store.upload(new AttemptKey("plan1", CELL, 1, 1), resultSet("r1a1", "r1-only"));
    assertThat(store.nextAttempt("plan1", CELL, 0)).isEqualTo(2);
    store.upload(new AttemptKey("plan1", CELL, 0, 2), resultSet("r0a2", "r0-retry"));

    Path target = tmp.resolve("download");
    Map<Integer, Integer> chosen = store.downloadCell("plan1", CELL, target);

    assertThat(chosen).containsExactly(Map.entry(0, 2), Map.entry(1, 1));
    assertThat(Files.readString(target.resolve("runner-0/runner.json"))).contains("r0-retry");
    assertThat(Files.readString(target.resolve("runner-0/ycsb.out"))).contains("r0-retry");
    assertThat(Files.readString(target.resolve("runner-1/runner.json"))).contains("r1-only");
    assertThat(Files.readAllBytes(target.resolve("runner-1/BATCH_WRITE.hdr"))).containsExactly(0, 1, 2, 0xff);
    try (var listing = Files.list(target)) {
      assertThat(listing.map(p -> p.getFileName().toString()).sorted().toList()).containsExactly("runner-0", "runner-1");
    }
  }

  @Test
  void anAttemptCutShortBeforeItsRecordIsIgnoredAndAStaleDownloadIsReplaced() throws IOException {
    ResultStore store = store("plans/b");
    store.upload(new AttemptKey("plan1", CELL, 0, 1), resultSet("ok", "complete"));
    Path target = tmp.resolve("download");
    store.downloadCell("plan1", CELL, target);
    Files.writeString(target.resolve("runner-0/stale.log"), "from an earlier download");
    // attempt 2 died after its YCSB output but before runner.json
    bucket.client().putObject(PutObjectRequest.builder().bucket("results")
        .key("plans/b/plan1/" + CELL + "/runner-0/attempt-2/ycsb.out").build(), RequestBody.fromString("partial"));

    assertThat(store.downloadCell("plan1", CELL, target)).containsExactly(Map.entry(0, 1));
    assertThat(Files.readString(target.resolve("runner-0/runner.json"))).contains("complete");
    assertThat(target.resolve("runner-0/stale.log")).doesNotExist();
    assertThat(store.nextAttempt("plan1", CELL, 0)).isEqualTo(3);
  }

  @Test
  void objectsLandUnderPlanCellRunnerAttemptAndCellsAreListed() throws IOException {
    ResultStore store = store("plans/c");
    store.upload(new AttemptKey("plan1", CELL, 3, 1), resultSet("x", "m"));
    store.upload(new AttemptKey("plan1", "ecs.g6/p8/read/t16", 0, 1), resultSet("y", "m"));

    List<String> keys = bucket.client().listObjectsV2(b -> b.bucket("results").prefix("plans/c/")).contents().stream()
        .map(o -> o.key()).sorted().toList();
    assertThat(keys).contains("plans/c/plan1/" + CELL + "/runner-3/attempt-1/ycsb.out",
        "plans/c/plan1/" + CELL + "/runner-3/attempt-1/runner.json");
    assertThat(store.cells("plan1")).containsExactly(CELL, "ecs.g6/p8/read/t16");
  }

  @Test
  void aRerunOfACellTakesNoneOfAnEarlierRunsResultSets() throws IOException {
    ResultStore store = store("plans/f");
    store.upload(new AttemptKey("plan1", CELL, 0, 1), resultSet("run1-r0", "run1"));
    store.upload(new AttemptKey("plan1", CELL, 1, 1), resultSet("run1-r1", "run1"));
    Map<Integer, Integer> before = store.latestCompleteAttempts("plan1", CELL);
    assertThat(before).containsExactly(Map.entry(0, 1), Map.entry(1, 1));
    // the rerun: runner 0 uploads attempt 2, runner 1 dies before uploading
    store.upload(new AttemptKey("plan1", CELL, 0, store.nextAttempt("plan1", CELL, 0)), resultSet("run2-r0", "run2"));

    Path target = tmp.resolve("rerun");
    assertThat(store.downloadCell("plan1", CELL, target, before)).containsExactly(Map.entry(0, 2));
    assertThat(Files.readString(target.resolve("runner-0/runner.json"))).contains("run2");
    assertThat(target.resolve("runner-1")).doesNotExist();
  }

  @Test
  void everyCellOfEveryPlanBelowThePrefixDownloadsForTheReport() throws IOException {
    ResultStore store = store("plans/e");
    store.upload(new AttemptKey("plan1", CELL, 0, 1), resultSet("p1a", "p1-old"));
    store.upload(new AttemptKey("plan1", CELL, 0, 2), resultSet("p1b", "p1-new"));
    store.upload(new AttemptKey("plan2", "ecs.g6/p8/read/t16", 1, 1), resultSet("p2", "p2"));
    Path target = tmp.resolve("all");

    assertThat(store.downloadAll(target)).containsExactly("plan1/" + CELL, "plan2/ecs.g6/p8/read/t16");
    assertThat(Files.readString(target.resolve("plan1/" + CELL + "/runner-0/runner.json"))).contains("p1-new");
    assertThat(Files.readString(target.resolve("plan2/ecs.g6/p8/read/t16/runner-1/runner.json"))).contains("p2");
  }

  @Test
  void aResultSetWithoutItsRecordIsRefused() throws IOException {
    Path dir = resultSet("norecord", "m");
    Files.delete(dir.resolve("runner.json"));
    assertThatThrownBy(() -> store("plans/d").upload(new AttemptKey("plan1", CELL, 0, 1), dir))
        .hasMessageContaining("has no runner.json");
    assertThat(store("plans/d").cells("plan1")).isEmpty();
  }

  @Test
  void wrongCredentialsAreRefusedByTheServerWithoutShowingTheSecret() {
    ObjectStoreCredentials wrong = new ObjectStoreCredentials(EmbeddedS3.ACCESS_KEY_ID, "not-the-secret-123");
    try (S3Client bad = S3Clients.create(bucket.settings("x"), wrong)) {
      assertThatThrownBy(() -> new ResultStore(bad, new ObjectStoreUri("results", "x"), "runner.json")
          .cells("plan1"))
          .isInstanceOf(S3Exception.class)
          .satisfies(e -> assertThat(((S3Exception) e).statusCode()).isEqualTo(403))
          .satisfies(e -> assertThat(e.toString()).doesNotContain("not-the-secret-123"));
    }
    assertThat(wrong.toString()).doesNotContain("not-the-secret-123");
  }
}
