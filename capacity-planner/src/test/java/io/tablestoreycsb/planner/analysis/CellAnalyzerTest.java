package io.tablestoreycsb.planner.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.planner.report.VerdictText;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CellAnalyzerTest {

  @Test
  void theClientIsTheLimitWhenTheIdentityFailsOrTheHostIsOutOfCpu() {
    assertThat(text(CellAnalyzer.limit(0.97, Map.of("h", 1.0), Map.of("h", 8)))).isEqualTo("service");
    assertThat(text(CellAnalyzer.limit(0.80, Map.of("h", 1.0), Map.of("h", 8)))).isEqualTo("client (80% of identity)");
    assertThat(text(CellAnalyzer.limit(0.99, Map.of("h", 7.0), Map.of("h", 8)))).isEqualTo("client CPU (7.0 of 8 cores on host h)");
  }

  @Test
  void aCellMeasuringWellAboveTheIdentityIsUnsteadyNotServiceBound() {
    assertThat(text(CellAnalyzer.limit(1.08, Map.of("h", 1.0), Map.of("h", 8)))).isEqualTo("service");
    assertThat(text(CellAnalyzer.limit(2.01, Map.of("h", 1.0), Map.of("h", 8)))).startsWith("unsteady");
  }

  @Test
  void anOpenLoopCellIsJudgedByItsTargetNotByTheIdentity() {
    Map<String, Double> cpu = Map.of("h", 1.0);
    Map<String, Integer> cpus = Map.of("h", 8);
    // Threads wait by design when the service keeps up: 30% of the identity is no client limit here.
    assertThat(text(CellAnalyzer.openLoopLimit(0.99, 0.30, cpu, cpus))).isEqualTo("target met");
    assertThat(text(CellAnalyzer.openLoopLimit(0.60, 0.98, cpu, cpus)))
        .isEqualTo("target not reached (60% of it): every thread was waiting on the service");
    assertThat(text(CellAnalyzer.openLoopLimit(0.60, 0.50, cpu, cpus)))
        .isEqualTo("target not reached (60% of it): client (50% of identity)");
    assertThat(text(CellAnalyzer.openLoopLimit(0.99, 0.30, Map.of("h", 7.5), cpus))).startsWith("client CPU");
  }

  @Test
  void aThreadPointAddingUnderTenPercentIsOnThePlateau() {
    List<CellResult> rows = List.of(row(4, 1, 1000), row(4, 2, 1900), row(4, 5, 2000), row(16, 1, 1000),
        row(16, 2, 2500));
    assertThat(Plateaus.mark(rows)).extracting(CellResult::plateau)
        .containsExactly(false, false, true, false, false);
  }

  /** A 2-core host: busy = runners + endpoint + others + steal. */
  static HostCpu host(double runners, double endpoint, double others, double steal, double throttled) {
    return new HostCpu("vm", 2, 10, runners + endpoint + others + steal, runners, endpoint, others, steal, throttled,
        endpoint > 0);
  }

  private static EndpointView mock(double busiest, double injectedMs) {
    return new EndpointView("usertable_p2", 10, List.of(new EndpointView.PartitionLoad(0, busiest, 1000 * busiest, 4.0),
        new EndpointView.PartitionLoad(1, busiest / 2, 500 * busiest, 0.5)),
        injectedMs > 0 ? List.of(new EndpointView.InjectedLatency("PutRow", 900, injectedMs)) : List.of(), 0.3, true);
  }

  private static CellAnalyzer.Seen seen(List<HostCpu> hosts, EndpointView mock, ServiceErrors errors) {
    return new CellAnalyzer.Seen(hosts, mock, errors, 8.0, 1000);
  }

  @Test
  void aSaturatedRunnerHostBindsTheCellAndSaysWhatUsedIt() {
    Map<String, Double> cpu = Map.of("vm", 0.2);
    Map<String, Integer> cpus = Map.of("vm", 2);
    Verdict v = CellAnalyzer.limit(0.99, cpu, cpus, seen(List.of(host(0.2, 0.15, 0.6, 0.02, Double.NaN)),
        mock(0.4, 0), ServiceErrors.NONE));
    assertThat(v).isInstanceOf(Verdict.RunnerHost.class);
    assertThat(v.evidence()).isFalse();
    assertThat(text(v)).isEqualTo("runner host, not the service: host vm 97% busy of 2 cores (runners 20%, the local"
        + " endpoint 15%, other processes 60%, steal 2%); mostly other processes");
    // A throttled container binds it even with idle processors; steal counts like any other use.
    Verdict throttled = CellAnalyzer.limit(0.99, cpu, cpus, seen(List.of(host(0.3, 0, 0, 0, 0.45)), null,
        ServiceErrors.NONE));
    assertThat(text(throttled)).contains("container throttled in 45% of its periods");
    assertThat(((Verdict.RunnerHost) CellAnalyzer.limit(0.99, cpu, cpus, seen(List.of(host(0.2, 0, 0.1, 0.6,
        Double.NaN)), null, ServiceErrors.NONE))).cpu().mainUser()).isEqualTo("steal");
    // An open-loop cell too, whatever its target.
    assertThat(CellAnalyzer.openLoopLimit(0.99, 0.3, cpu, cpus, seen(List.of(host(0.2, 0.15, 0.6, 0.02,
        Double.NaN)), null, ServiceErrors.NONE))).isInstanceOf(Verdict.RunnerHost.class);
  }

  @Test
  void withTheHostsReadTheRunnersOwnCpuNoLongerDecidesAndACalmHostLeavesTheServiceToTheMocksView() {
    Map<String, Double> cpu = Map.of("vm", 1.8);
    Map<String, Integer> cpus = Map.of("vm", 2);
    HostCpu calm = host(0.3, 0.1, 0.05, 0, Double.NaN);
    assertThat(text(CellAnalyzer.limit(0.99, cpu, cpus, seen(List.of(calm), mock(0.99, 0), ServiceErrors.NONE))))
        .isEqualTo("service: the mock's partitions at capacity (P0 99% busy, responses waited 4.0 ms on average;"
            + " 1 of 2 partitions at 90% or more)");
    assertThat(text(CellAnalyzer.limit(0.99, cpu, cpus, seen(List.of(calm), mock(0.3, 6.0), ServiceErrors.NONE))))
        .isEqualTo("service: injected latency (PutRow rule added 6.00 ms of the 8.00 ms mean)");
    Verdict own = CellAnalyzer.limit(0.99, cpu, cpus, seen(List.of(calm), mock(0.3, 1.0), ServiceErrors.NONE));
    assertThat(own).isInstanceOf(Verdict.MockProcessing.class);
    assertThat(own.evidence()).isFalse();
    assertThat(text(own)).startsWith("the mock's own processing, not its service model (busiest partition 30% busy");
    // A real service that refused 2% of the requests said it was the limit.
    assertThat(text(CellAnalyzer.limit(0.99, cpu, cpus, seen(List.of(calm), null, new ServiceErrors(20, 0)))))
        .isEqualTo("service: it refused requests (20.0 throttling and 0.0 server-busy errors/s at 1000 requests/s)");
    assertThat(text(CellAnalyzer.limit(0.99, cpu, cpus, seen(List.of(calm), null, new ServiceErrors(1, 0)))))
        .isEqualTo("service");
  }

  @Test
  void aPartitionAtCapacityOnASaturatedHostIsTheServicesRateWithTheHostNamed() {
    HostCpu saturated = host(0.3, 0.2, 0.45, 0, Double.NaN);
    Verdict v = CellAnalyzer.limit(0.99, Map.of("vm", 0.3), Map.of("vm", 2), seen(List.of(saturated),
        mock(0.97, 0), ServiceErrors.NONE));
    assertThat(v).isInstanceOf(Verdict.PartitionsAtCapacity.class);
    assertThat(((Verdict.PartitionsAtCapacity) v).saturatedHost()).isEqualTo(saturated);
    assertThat(text(v)).contains("; the latency also includes the saturated runner host vm 95% busy");
    // So do latency rules that added most of the latency: they set the pace, the host added the rest.
    Verdict injected = CellAnalyzer.limit(0.99, Map.of("vm", 0.3), Map.of("vm", 2), seen(List.of(saturated),
        mock(0.3, 6.0), ServiceErrors.NONE));
    assertThat(text(injected)).startsWith("service: injected latency (PutRow rule added 6.00 ms of the 8.00 ms mean);"
        + " the rest includes the saturated runner host vm 95% busy");
    // Below half the latency, the host is the bound.
    assertThat(CellAnalyzer.limit(0.99, Map.of("vm", 0.3), Map.of("vm", 2), seen(List.of(saturated),
        mock(0.3, 3.0), ServiceErrors.NONE))).isInstanceOf(Verdict.RunnerHost.class);
  }

  @Test
  void aCellBoundByItsRunnerHostIsNeitherOnAPlateauNorComparedWith() {
    HostCpu saturated = host(0.3, 0.2, 0.45, 0, Double.NaN);
    List<CellResult> rows = List.of(row(4, 1, 1000), row(4, 2, 1900),
        TestCells.cell().instanceType("i").partitions(4).threads(4).qps(1950).hostCpu(saturated)
            .verdict(new Verdict.RunnerHost(saturated)).build(),
        row(4, 8, 2500));
    assertThat(Plateaus.mark(rows)).extracting(CellResult::plateau).containsExactly(false, false, false, false);
  }

  private static CellResult row(int partitions, int threads, double qps) {
    return TestCells.cell().instanceType("i").partitions(partitions).threads(threads).qps(qps).build();
  }

  private static String text(Verdict verdict) {
    return VerdictText.of(verdict);
  }
}
