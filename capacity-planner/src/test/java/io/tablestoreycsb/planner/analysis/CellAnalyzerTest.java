package io.tablestoreycsb.planner.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.planner.text.VerdictText;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CellAnalyzerTest {

  @Test
  void theClientIsTheLimitWhenTheIdentityFailsOrTheHostIsOutOfCpu() {
    assertThat(CellAnalyzer.limit(0.97, Map.of("h", 1.0), Map.of("h", 8))).isEqualTo(new Verdict.Service());
    Verdict client = CellAnalyzer.limit(0.80, Map.of("h", 1.0), Map.of("h", 8));
    assertThat(client).isEqualTo(new Verdict.Client(0.80));
    assertThat(CellAnalyzer.limit(0.99, Map.of("h", 7.0), Map.of("h", 8))).isEqualTo(new Verdict.ClientCpu("h", 7.0, 8));
    // As the report says them.
    assertThat(text(client)).isEqualTo("client (80% of identity)");
    assertThat(text(new Verdict.ClientCpu("h", 7.0, 8))).isEqualTo("client CPU (7.0 of 8 cores on host h)");
  }

  @Test
  void aCellMeasuringWellAboveTheIdentityIsUnsteadyNotServiceBound() {
    assertThat(CellAnalyzer.limit(1.08, Map.of("h", 1.0), Map.of("h", 8))).isEqualTo(new Verdict.Service());
    assertThat(CellAnalyzer.limit(2.01, Map.of("h", 1.0), Map.of("h", 8))).isEqualTo(new Verdict.AboveIdentity());
  }

  @Test
  void anOpenLoopCellIsJudgedByItsTargetNotByTheIdentity() {
    Map<String, Double> cpu = Map.of("h", 1.0);
    Map<String, Integer> cpus = Map.of("h", 8);
    // Threads wait by design when the service keeps up: 30% of the identity is no client limit here.
    assertThat(CellAnalyzer.openLoopLimit(0.99, 0.30, cpu, cpus)).isEqualTo(new Verdict.TargetMet());
    Verdict waited = CellAnalyzer.openLoopLimit(0.60, 0.98, cpu, cpus);
    assertThat(waited).isEqualTo(new Verdict.TargetNotReached(0.60, new Verdict.ThreadsWaited()));
    assertThat(CellAnalyzer.openLoopLimit(0.60, 0.50, cpu, cpus))
        .isEqualTo(new Verdict.TargetNotReached(0.60, new Verdict.Client(0.50)));
    assertThat(CellAnalyzer.openLoopLimit(0.99, 0.30, Map.of("h", 7.5), cpus)).isInstanceOf(Verdict.ClientCpu.class);
    assertThat(text(waited)).isEqualTo("target not reached (60% of it): every thread was waiting on the service");
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
    assertThat(throttled).isInstanceOf(Verdict.RunnerHost.class);
    assertThat(((Verdict.RunnerHost) throttled).cpu().throttled()).isEqualTo(0.45);
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
    Verdict atCapacity = CellAnalyzer.limit(0.99, cpu, cpus, seen(List.of(calm), mock(0.99, 0), ServiceErrors.NONE));
    assertThat(atCapacity).isInstanceOf(Verdict.PartitionsAtCapacity.class);
    Verdict.PartitionsAtCapacity p = (Verdict.PartitionsAtCapacity) atCapacity;
    assertThat(List.of(p.partition(), p.atCapacity(), p.partitions())).containsExactly(0, 1L, 2);
    assertThat(p.busy()).isEqualTo(0.99);
    assertThat(p.saturatedHost()).isNull();
    assertThat(text(atCapacity)).isEqualTo("service: the mock's partitions at capacity (P0 99% busy, responses"
        + " waited 4.0 ms on average; 1 of 2 partitions at 90% or more)");
    assertThat(CellAnalyzer.limit(0.99, cpu, cpus, seen(List.of(calm), mock(0.3, 6.0), ServiceErrors.NONE)))
        .isEqualTo(new Verdict.InjectedLatency("PutRow", 6.0, 8.0, null));
    Verdict own = CellAnalyzer.limit(0.99, cpu, cpus, seen(List.of(calm), mock(0.3, 1.0), ServiceErrors.NONE));
    assertThat(own).isInstanceOf(Verdict.MockProcessing.class);
    assertThat(own.evidence()).isFalse();
    assertThat(((Verdict.MockProcessing) own).busiestPartition()).isEqualTo(0.3);
    // A real service that refused 2% of the requests said it was the limit.
    assertThat(CellAnalyzer.limit(0.99, cpu, cpus, seen(List.of(calm), null, new ServiceErrors(20, 0))))
        .isEqualTo(new Verdict.ServiceRefused(20, 0, 1000));
    assertThat(CellAnalyzer.limit(0.99, cpu, cpus, seen(List.of(calm), null, new ServiceErrors(1, 0))))
        .isEqualTo(new Verdict.Service());
  }

  @Test
  void belowCapacityARequestHeldByItsRowsServiceTimeIsBoundByTheServiceModel() {
    // 100-row ranges: each held its partition 6.0 ms of the 8.0 ms mean latency, no partition at capacity
    EndpointView ranges = new EndpointView("usertable_p16", 10, List.of(
        new EndpointView.PartitionLoad(0, 0.55, 600, 6.5), new EndpointView.PartitionLoad(1, 0.45, 400, 5.25)),
        List.of(), 0.2, true);
    HostCpu calm = host(0.3, 0.1, 0.05, 0, Double.NaN);

    Verdict v = CellAnalyzer.limit(0.99, Map.of("vm", 0.3), Map.of("vm", 2), seen(List.of(calm), ranges,
        ServiceErrors.NONE));

    assertThat(v).isEqualTo(new Verdict.PartitionServiceTime(6.0, 8.0));
    assertThat(v.evidence()).isTrue();
    assertThat(text(v)).isEqualTo("service: the mock's partitions serving each request's rows (6.0 ms of the 8.0 ms"
        + " mean)");
    // on a saturated host the rest of the latency may be the wait for a processor: not the service's
    HostCpu saturated = host(0.3, 0.2, 0.45, 0, Double.NaN);
    assertThat(CellAnalyzer.limit(0.99, Map.of("vm", 0.3), Map.of("vm", 2), seen(List.of(saturated), ranges,
        ServiceErrors.NONE))).isInstanceOf(Verdict.RunnerHost.class);
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
    assertThat(injected).isEqualTo(new Verdict.InjectedLatency("PutRow", 6.0, 8.0, saturated));
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
