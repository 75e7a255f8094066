package io.tablestoreycsb.cluster.launch;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.cluster.objectstore.AttemptStore;
import io.tablestoreycsb.cluster.objectstore.ObjectStore;
import io.tablestoreycsb.cluster.objectstore.TestBucket;
import io.tablestoreycsb.kit.child.ChildJvm;
import io.tablestoreycsb.kit.child.StartGate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A remote child's files on this machine, through a real S3 server (S3Proxy) on 127.0.0.1: what the pod shares
 * comes into its directory, what its parent tells it goes where the pod looks, and its result set is fetched
 * into its directory at the end. (Its pod's states are
 * {@code PodStatesTest}'s and the test cluster's.)
 */
class RemoteChildExchangeTest {
  @RegisterExtension
  static final TestBucket bucket = new TestBucket("pods");

  @TempDir
  Path tmp;

  @Test
  void sharedFilesComeInGrowingOnesAnewAndTheParentsReleaseAndStopGoOut() throws IOException {
    ObjectStore store = bucket.store("exchange");
    ChildExchange exchange = new ChildExchange("s1/live/consumer-0", "s1/control/consumer-0",
        List.of(StartGate.READY_FILE, "samples.csv"), Set.of(StartGate.READY_FILE));
    // the pod's group is not asked: these are the child's files only
    RemoteChild child = new RemoteChild(null, 0, "consumer-0", tmp.resolve("consumer-0"), store, exchange);

    child.bringSharedFiles();
    assertThat(child.isReady()).isFalse();
    assertThat(tmp.resolve("consumer-0").resolve("samples.csv")).doesNotExist();

    store.putString("s1/live/consumer-0/" + StartGate.READY_FILE, "ready");
    store.putString("s1/live/consumer-0/samples.csv", "t,rows\n1,10\n");
    child.bringSharedFiles();
    assertThat(child.isReady()).isTrue();
    store.putString("s1/live/consumer-0/" + StartGate.READY_FILE, "changed: not brought again");
    store.putString("s1/live/consumer-0/samples.csv", "t,rows\n1,10\n2,25\n");
    child.bringSharedFiles();
    assertThat(Files.readString(tmp.resolve("consumer-0").resolve(StartGate.READY_FILE))).isEqualTo("ready");
    assertThat(Files.readString(tmp.resolve("consumer-0").resolve("samples.csv"))).endsWith("2,25\n");

    assertThat(child.released()).isFalse();
    child.release(1_800_000_000_000L);
    child.stop();
    assertThat(child.released()).isTrue();
    assertThat(child.stopped()).isTrue();
    Path release = tmp.resolve("release");
    assertThat(store.get("s1/control/consumer-0/" + StartGate.RELEASE_FILE, release)).isTrue();
    assertThat(StartGate.readInstant(release)).hasValue(1_800_000_000_000L);
    assertThat(store.exists("s1/control/consumer-0/" + ChildJvm.STOP_FILE)).isTrue();
    // no pod seen yet: it counts as alive and has no exit status
    assertThat(child.isAlive()).isTrue();
    assertThat(child.exitCode()).isEmpty();
  }

  @Test
  void resultSetsAreFetchedIntoTheirChildrensDirectoriesAndOthersLeftOut() throws IOException {
    ObjectStore store = bucket.store("results");
    AttemptStore attempts = new AttemptStore(store, "done.json");
    for (int index = 0; index < 3; index++) {
      Path set = Files.createDirectories(tmp.resolve("upload-" + index));
      Files.writeString(set.resolve("result.json"), "runner " + index);
      Files.writeString(set.resolve("done.json"), "{}");
      attempts.upload("s1/consumers", index, 1, set);
    }
    Path zero = Files.createDirectories(tmp.resolve("consumer-0"));
    Files.writeString(zero.resolve("result.json"), "an older run's");
    Files.writeString(zero.resolve("samples.csv"), "mirrored while it ran");

    Map<Integer, Integer> fetched = ChildGroup.fetchResults(staging -> attempts.download("s1/consumers", staging,
        Map.of()), index -> index < 2 ? tmp.resolve("consumer-" + index) : null);

    assertThat(fetched).containsOnlyKeys(0, 1);
    assertThat(Files.readString(zero.resolve("result.json"))).isEqualTo("runner 0");
    assertThat(Files.readString(zero.resolve("samples.csv"))).isEqualTo("mirrored while it ran");
    assertThat(Files.readString(tmp.resolve("consumer-1").resolve("result.json"))).isEqualTo("runner 1");
    assertThat(tmp.resolve("consumer-2")).doesNotExist();
  }
}
