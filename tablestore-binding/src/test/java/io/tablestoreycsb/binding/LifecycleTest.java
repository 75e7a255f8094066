package io.tablestoreycsb.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablestoreycsb.binding.client.ClientLease;
import io.tablestoreycsb.binding.client.SharedClients;
import io.tablestoreycsb.binding.config.ClientConfig;
import io.tablestoreycsb.binding.stats.Action;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JVM-wide pieces: the run's report on the last leave, and reference-counted clients. */
class LifecycleTest {
  @TempDir
  Path dir;

  @Test
  void theLastMemberToLeaveReportsOnceAndTheNextRunStartsFresh() throws Exception {
    BindingRun first = BindingRun.join();
    BindingRun second = BindingRun.join();
    assertThat(second).isSameAs(first);
    Path stats = dir.resolve("sub/stats.json");
    first.statsFile(stats);
    first.stats().request(Action.PutRow);
    first.stats().rowsWritten(1);

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream ps = new PrintStream(out, true, StandardCharsets.UTF_8);
    first.leave(ps);
    assertThat(out.size()).isZero();
    assertThat(stats).doesNotExist();
    second.leave(ps);
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("[TABLESTORE], Requests.PutRow, 1");
    assertThat(Files.readString(stats)).contains("\"PutRow\": 1");
    assertThatThrownBy(() -> second.leave(ps)).isInstanceOf(IllegalStateException.class);

    BindingRun next = BindingRun.join();
    assertThat(next).isNotSameAs(first);
    assertThat(next.stats().snapshot().requests().get(Action.PutRow)).isZero();
    next.leave(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
  }

  private static ClientConfig config(String... extra) {
    Properties p = new Properties();
    p.setProperty("tablestore.endpoint", "http://127.0.0.1:9");
    p.setProperty("tablestore.instance", "lifecycle");
    p.setProperty("tablestore.accesskeyid", "id");
    p.setProperty("tablestore.accesskeysecret", "secret");
    for (int i = 0; i < extra.length; i += 2) {
      p.setProperty(extra[i], extra[i + 1]);
    }
    return ClientConfig.from(p, Map.of());
  }

  @Test
  void sharedClientsAreReferenceCountedAndPerThreadClientsAreOwn() {
    int before = SharedClients.sharedClientCount();
    ClientLease a = SharedClients.acquire(config());
    ClientLease b = SharedClients.acquire(config());
    ClientLease other = SharedClients.acquire(config("tablestore.sockettimeout", "1234"));
    assertThat(b.client()).isSameAs(a.client());
    assertThat(other.client()).isNotSameAs(a.client());
    assertThat(SharedClients.sharedClientCount()).isEqualTo(before + 2);
    a.close();
    a.close(); // closing twice releases once
    assertThat(SharedClients.sharedClientCount()).isEqualTo(before + 2);
    b.close();
    other.close();
    assertThat(SharedClients.sharedClientCount()).isEqualTo(before);

    ClientLease own1 = SharedClients.acquire(config("tablestore.clientperthread", "true"));
    ClientLease own2 = SharedClients.acquire(config("tablestore.clientperthread", "true"));
    assertThat(own1.client()).isNotSameAs(own2.client());
    assertThat(SharedClients.sharedClientCount()).isEqualTo(before);
    own1.close();
    own2.close();
  }
}
