package io.tablestoreycsb.mock.admin;

import java.util.List;

/** The admin API's routes: the one list a new route is added to. */
public final class AdminRoutes {
  private AdminRoutes() {}

  /** Every route of a mock, over its live parts. */
  public static List<AdminRoute> standard(AdminContext mock) {
    return List.of(
        new HealthRoute(mock),
        RulesRoute.faults(mock.faultPlan()),
        RulesRoute.latency(mock.faultPlan()),
        new CapacityRoute(mock.faultPlan()),
        new JournalRoute(mock.journal()),
        new ResetRoute(mock),
        new SnapshotRoute(mock),
        new RestoreRoute(mock));
  }
}
