package io.tablestoreycsb.binding.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablestoreycsb.binding.TablestoreWorkload;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;

class KeyNumberLimitsTest {
  static {
    // CoreWorkload's constructor asks YCSB's measurement singleton, which must be configured first.
    Measurements.setProperties(new Properties());
  }

  private static Properties props(String... keyValues) {
    Properties p = new Properties();
    for (String kv : keyValues) {
      int eq = kv.indexOf('=');
      p.setProperty(kv.substring(0, eq), kv.substring(eq + 1));
    }
    return p;
  }

  private static void load(String... keyValues) {
    KeyNumberLimits.check(props(keyValues), true);
  }

  private static void run(String... keyValues) {
    KeyNumberLimits.check(props(keyValues), false);
  }

  @Test
  void aLoadSlicePastTheIntLimitNamesBothPropertiesTheirSumAndTheLimit() {
    assertThatThrownBy(() -> load("recordcount=2400000000", "insertstart=2000000000", "insertcount=400000000"))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("insertstart + insertcount = 2000000000 + 400000000 = 2400000000 is beyond 2147483647")
        .hasMessageContaining("key numbers up to 2399999999")
        .hasMessageContaining("Java int");
    // The paper's five 400,000,000-row slices fit.
    for (int k = 0; k < 5; k++) {
      int runner = k;
      assertThatCode(() -> load("recordcount=2000000000", "insertstart=" + runner * 400_000_000L,
          "insertcount=400000000")).doesNotThrowAnyException();
    }
  }

  @Test
  void theLimitIsExact() {
    assertThatCode(() -> load("recordcount=2147483647", "insertstart=2147483000", "insertcount=647"))
        .doesNotThrowAnyException();
    assertThatThrownBy(() -> load("recordcount=2147483647", "insertstart=2147483000", "insertcount=648"))
        .hasMessageContaining("= 2147483648 is beyond 2147483647");
    assertThatCode(() -> run("recordcount=2147483647")).doesNotThrowAnyException();
    assertThatThrownBy(() -> run("recordcount=2147483648"))
        .hasMessage("recordcount = 2147483648 is beyond 2147483647: YCSB 0.17 keeps key numbers and counts in a"
            + " Java int, whose largest value is 2147483647");
  }

  @Test
  void withoutInsertcountALoadInsertsRecordcountRowsFromInsertstart() {
    // YCSB's Client counts recordcount inserts whatever insertstart is: keys 2e9 .. 4e9-1 here.
    assertThatThrownBy(() -> load("recordcount=2000000000", "insertstart=2000000000"))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("insertstart + recordcount (insertcount is not set")
        .hasMessageContaining("= 2000000000 + 2000000000 = 4000000000 is beyond 2147483647");
    assertThatThrownBy(() -> load("recordcount=3000000000"))
        .hasMessageStartingWith("recordcount = 3000000000 is beyond 2147483647");
  }

  @Test
  void aHugeRecordcountIsHarmlessForALoadThatSetsInsertcount() {
    // The capacity planner's write cells: recordcount covers every runner's slice, each slice fits.
    assertThatCode(() -> load("recordcount=3000000000", "insertstart=1000", "insertcount=1000"))
        .doesNotThrowAnyException();
  }

  @Test
  void runsCheckRecordcountInsertcountAndOperationcount() {
    assertThatThrownBy(() -> run("recordcount=3000000000", "operationcount=10"))
        .hasMessageStartingWith("recordcount = 3000000000 is beyond 2147483647");
    assertThatThrownBy(() -> run("recordcount=1000", "operationcount=3000000000"))
        .hasMessageStartingWith("operationcount = 3000000000 is beyond 2147483647");
    assertThatThrownBy(() -> run("recordcount=1000", "insertstart=2000000000", "insertcount=200000000"))
        .hasMessageStartingWith("insertstart + insertcount = 2000000000 + 200000000 = 2200000000 is beyond 2147483647");
    assertThatCode(() -> run("recordcount=1000000", "operationcount=2000000000", "readproportion=1"))
        .doesNotThrowAnyException();
  }

  @Test
  void runsThatInsertMustNotNumberNewKeysPastTheLimit() {
    assertThatThrownBy(() -> run("recordcount=2000000000", "operationcount=200000000", "insertproportion=0.05"))
        .hasMessageStartingWith("recordcount + operationcount = 2000000000 + 200000000 = 2200000000 is beyond")
        .hasMessageContaining("insertproportion=0.05");
    assertThatCode(() -> run("recordcount=2000000000", "operationcount=200000000", "insertproportion=0"))
        .doesNotThrowAnyException();
    // zipfian widens its key range by twice the expected inserts.
    assertThatCode(() -> run("recordcount=1500000000", "operationcount=600000000", "insertproportion=0.9"))
        .doesNotThrowAnyException();
    assertThatThrownBy(() -> run("recordcount=1500000000", "operationcount=600000000", "insertproportion=0.9",
        "requestdistribution=zipfian"))
        .hasMessageStartingWith("insertstart + insertcount + 2 x operationcount x insertproportion = "
            + "0 + 1500000000 + 1080000000 = 2580000000 is beyond 2147483647");
  }

  @Test
  void valuesThatAreNotWholeNumbersAreNamedWithTheirText() {
    assertThatThrownBy(() -> load("recordcount=3e9"))
        .hasMessage("recordcount must be a whole number from 0 to 2147483647, got '3e9'");
    assertThatThrownBy(() -> load("recordcount=100", "insertcount=10 "))
        .hasMessage("insertcount must be a whole number from 0 to 2147483647, got '10 '");
    assertThatThrownBy(() -> load("recordcount=100", "insertstart=-5"))
        .hasMessage("insertstart must be a whole number from 0 to 2147483647, got -5");
    assertThatThrownBy(() -> run("recordcount=100", "operationcount=99999999999999999999999"))
        .hasMessageStartingWith("operationcount = 99999999999999999999999 is beyond 2147483647");
    assertThatThrownBy(() -> run("recordcount=100", "operationcount=10", "insertproportion=some"))
        .hasMessage("insertproportion must be a number from 0 to 1, got 'some'");
  }

  @Test
  void thePhaseComesFromDotransactionsAsYcsbSetsIt() {
    Properties p = props("recordcount=3000000000", "insertcount=10");
    p.setProperty("dotransactions", "false");
    assertThatCode(() -> KeyNumberLimits.check(p)).doesNotThrowAnyException();
    p.setProperty("dotransactions", "true");
    assertThatThrownBy(() -> KeyNumberLimits.check(p)).hasMessageStartingWith("recordcount = 3000000000");
    p.remove("dotransactions");
    assertThatThrownBy(() -> KeyNumberLimits.check(p)).hasMessageStartingWith("recordcount = 3000000000");
  }

  @Test
  void theWorkloadRefusesAtInitAndLoadsUpToTheLastIntKeyNumber() throws Exception {
    TablestoreWorkload refused = new TablestoreWorkload();
    assertThatThrownBy(() -> refused.init(props("dotransactions=false", "recordcount=2400000000",
        "insertstart=2000000000", "insertcount=400000000")))
        .isInstanceOf(WorkloadException.class)
        .hasMessageStartingWith("insertstart + insertcount = 2000000000 + 400000000 = 2400000000 is beyond 2147483647");

    TablestoreWorkload edge = new TablestoreWorkload();
    edge.init(props("dotransactions=false", "recordcount=2147483647", "insertstart=2147483645",
        "insertcount=2", "fieldcount=1", "fieldlength=1"));
    KeyRecorder db = new KeyRecorder();
    assertThat(edge.doInsert(db, null)).isTrue();
    assertThat(edge.doInsert(db, null)).isTrue();
    assertThat(db.keys).extracting(KeyFormat::keyNumber).containsExactly(2147483645L, 2147483646L);
  }

  /** Records the keys a workload inserts. */
  private static final class KeyRecorder extends DB {
    final List<String> keys = new ArrayList<>();

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
      keys.add(key);
      return Status.OK;
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      return Status.NOT_IMPLEMENTED;
    }

    @Override
    public Status scan(String table, String startkey, int recordcount, Set<String> fields,
        Vector<HashMap<String, ByteIterator>> result) {
      return Status.NOT_IMPLEMENTED;
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      return Status.NOT_IMPLEMENTED;
    }

    @Override
    public Status delete(String table, String key) {
      return Status.NOT_IMPLEMENTED;
    }
  }
}
