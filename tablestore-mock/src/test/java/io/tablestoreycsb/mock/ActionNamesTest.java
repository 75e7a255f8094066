package io.tablestoreycsb.mock;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.mock.journal.RecordedRequest;
import io.tablestoreycsb.mock.protocol.ActionName;
import org.junit.jupiter.api.Test;

/**
 * ActionName is the one list of actions: the router serves each of them and nothing else, and the
 * journal names each request by it.
 */
class ActionNamesTest {

  @Test
  void theRouterServesEveryActionOfTheListAndRefusesOthers() throws Exception {
    try (MockTablestore mock = MockTablestore.builder().start()) {
      RawOtsHttp http = new RawOtsHttp(mock);
      for (ActionName action : ActionName.values()) {
        RawOtsHttp.Answer answer = http.post(action.wireName(), new byte[0]);

        // An empty body is a bad request for most actions, an empty list for ListTable: never "unsupported".
        if (answer.status() != 200) {
          assertThat(answer.error().getCode()).as(action.wireName()).isNotEqualTo("OTSUnsupportOperation");
        }
        RecordedRequest recorded = mock.journal().takeRequest();
        assertThat(recorded.action()).isEqualTo(action);
        assertThat(recorded.path()).isEqualTo(action.wireName());
      }

      RawOtsHttp.Answer unknown = http.post("CreateSearchIndex", new byte[0]);

      assertThat(unknown.error().getCode()).isEqualTo("OTSUnsupportOperation");
      RecordedRequest recorded = mock.journal().takeRequest();
      assertThat(recorded.action()).isNull();
      assertThat(recorded.path()).isEqualTo("CreateSearchIndex");
    }
  }
}
