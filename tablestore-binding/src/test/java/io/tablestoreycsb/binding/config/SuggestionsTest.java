package io.tablestoreycsb.binding.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The edit distance behind every "did you mean" and how far a name may be from a known one. */
class SuggestionsTest {
  @Test
  void editsAndSwapsOfNeighboursCountOneEachAndCaseIsIgnored() {
    assertThat(Suggestions.distance("batchsize", "batchsize")).isZero();
    assertThat(Suggestions.distance("batchsiz", "batchsize")).isEqualTo(1);   // deletion
    assertThat(Suggestions.distance("batchszie", "batchsize")).isEqualTo(1);  // swap
    assertThat(Suggestions.distance("batchsyze", "batchsize")).isEqualTo(1);  // substitution
    assertThat(Suggestions.distance("BatchSize", "batchsize")).isZero();
    assertThat(Suggestions.distance("", "abc")).isEqualTo(3);
    assertThat(Suggestions.distance("kitten", "sitting")).isEqualTo(3);
  }

  @Test
  void theClosestNameWithinATypoIsSuggestedAndNothingFartherAway() {
    List<String> known = List.of("recordcount", "operationcount", "insertcount");
    assertThat(Suggestions.likelyMeant("recordcont", known)).contains("recordcount");
    assertThat(Suggestions.likelyMeant("insrtcount", known)).contains("insertcount");
    assertThat(Suggestions.likelyMeant("rowcount", known)).isEmpty();
    // Short names tolerate one edit only: "db" is not a typo of "id" plus something.
    assertThat(Suggestions.likelyMeant("dbx", List.of("db"))).contains("db");
    assertThat(Suggestions.likelyMeant("abc", List.of("db"))).isEmpty();
  }
}
