package io.tablestoreycsb.mock.operations;

import io.tablestoreycsb.mock.protocol.OtsException;

/**
 * Local transactions are not supported: StartLocalTransaction, CommitTransaction and
 * AbortTransaction are answered OTSUnsupportOperation (they are not in the router's list), a table
 * cannot be created with enable_local_txn, and so no transaction id can be one this endpoint
 * issued: a request that carries one is refused, never run outside the transaction it names.
 */
final class LocalTransactions {
  private LocalTransactions() {}

  /** Refuses a request carrying {@code transactionId} (null: none, nothing to refuse). */
  static void refuse(String transactionId) {
    if (transactionId != null) {
      throw OtsException.parameterInvalid("Transaction " + transactionId + " does not exist: local transactions are not"
          + " supported by this mock endpoint.");
    }
  }

  /** Refuses CreateTable's enable_local_txn=true. */
  static void refuseEnabling(boolean requested) {
    if (requested) {
      throw OtsException.parameterInvalid("enable_local_txn: local transactions are not supported by this mock endpoint.");
    }
  }
}
