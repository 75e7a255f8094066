package io.tablestoreycsb.mock.admin;

import io.tablestoreycsb.mock.faults.FaultPlan;
import io.tablestoreycsb.mock.journal.RequestJournal;
import io.tablestoreycsb.mock.operations.LocalTransactions;
import io.tablestoreycsb.mock.persist.MockState;
import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.tunnel.TunnelService;

/**
 * The live parts of one mock that admin routes read and change: the same objects the request
 * pipeline serves from, so a change made through the admin API applies to the next request.
 *
 * @param instanceName the instance clients name
 * @param catalog tables, rows, indexes, streams
 * @param faultPlan fault, latency and capacity rules
 * @param journal recorded requests (off when its capacity is 0)
 * @param tunnels the Tunnel Service's tunnels
 * @param transactions open local transactions
 * @param state snapshots and restores of the whole state (and the data directory, if any)
 */
public record AdminContext(String instanceName, Catalog catalog, FaultPlan faultPlan, RequestJournal journal,
    TunnelService tunnels, LocalTransactions transactions, MockState state) {}
