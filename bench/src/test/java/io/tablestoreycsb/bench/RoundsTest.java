package io.tablestoreycsb.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

class RoundsTest {
  /** A side whose successive runs return the given rates, recording how many runs it served. */
  private static final class ScriptedSide implements Rounds.Side {
    private final Iterator<Double> rates;
    final List<Double> served = new ArrayList<>();

    ScriptedSide(Double... rates) {
      this.rates = List.of(rates).iterator();
    }

    @Override
    public double run(double seconds) {
      double rate = rates.next();
      served.add(rate);
      return rate;
    }
  }

  @Test
  void warmUpContinuesWhileEitherSideIsStillClimbing() throws Exception {
    ScriptedSide a = new ScriptedSide(10.0, 30.0, 50.0, 52.0, 100.0);
    ScriptedSide b = new ScriptedSide(20.0, 40.0, 55.0, 56.0, 100.0);

    int pairs = Rounds.warmUp("test", a, b, 0);

    assertThat(pairs).isEqualTo(4); // 10->30->50 climbs; 50->52 and 55->56 are within 10%
    assertThat(a.served).containsExactly(10.0, 30.0, 50.0, 52.0);
  }

  @Test
  void warmUpStopsAtItsCapOnARateThatNeverSettles() throws Exception {
    Double[] swings = {10.0, 20.0, 10.0, 20.0, 10.0, 20.0, 10.0, 20.0};
    ScriptedSide a = new ScriptedSide(swings);
    ScriptedSide b = new ScriptedSide(swings);

    assertThat(Rounds.warmUp("test", a, b, 0)).isEqualTo(Rounds.MAX_WARMUP_PAIRS);
  }

  @Test
  void measuredRoundsAlternateTheOrderAndReportTheMedianRatio() throws Exception {
    List<String> order = new ArrayList<>();
    Rounds.Side a = seconds -> { order.add("a"); return 90.0; };
    Rounds.Side b = seconds -> { order.add("b"); return 100.0; };

    Rounds.Result result = Rounds.compare("test", a, b, 3, 0, 0);

    assertThat(result.ratio()).isEqualTo(0.9);
    // two steady warm-up pairs, then A B, B A, A B
    assertThat(order).containsExactly("a", "b", "a", "b", "a", "b", "b", "a", "a", "b");
  }
}
