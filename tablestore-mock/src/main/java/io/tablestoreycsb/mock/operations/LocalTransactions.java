package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.model.PrimaryKey;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.storage.RowKey;
import io.tablestoreycsb.mock.storage.Table;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Iterator;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/**
 * The instance's open local transactions, by id and by the partition key each locks.
 *
 * <p>As the service documents it: StartLocalTransaction takes a table (created with
 * {@code enable_local_txn}) and a partition key value and returns a transaction id; writes and
 * reads that carry the id see the transaction's own writes, others see the rows as they were
 * until CommitTransaction applies the writes all at once (AbortTransaction drops them). While a
 * transaction is open, its partition key is locked: a write without the id to a row of that
 * partition key, and a second StartLocalTransaction on it, are refused with
 * OTSRowOperationConflict (which the SDKs retry, so a writer waits up to its retry deadline). A
 * transaction that sees no request for the idle time-out (60 s, the service's) is dropped as if
 * aborted; its id then answers OTSSessionNotExist, as do the ids of committed and aborted
 * transactions. An id this endpoint could never have issued is OTSParameterInvalid
 * "TransactionID is invalid." (the Python SDK's own tests expect these words).
 */
public final class LocalTransactions {
  /** The service's: a transaction without a request for 60 s is aborted. */
  public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(60);

  private static final Pattern ID = Pattern.compile("[0-9A-F]{32}");

  private record Lock(Table table, ByteBuffer partitionKey) {}

  private final ConcurrentHashMap<String, LocalTransaction> byId = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<Lock, LocalTransaction> byPartitionKey = new ConcurrentHashMap<>();
  private final long idleTimeoutMillis;

  public LocalTransactions(Duration idleTimeout) {
    if (idleTimeout.isNegative() || idleTimeout.isZero()) {
      throw new IllegalArgumentException("the local transaction idle time-out must be positive, got " + idleTimeout);
    }
    this.idleTimeoutMillis = idleTimeout.toMillis();
  }

  /** Opens a transaction on {@code partitionKey} (the key's first column) of {@code table}. */
  LocalTransaction start(Table table, PrimaryKey partitionKey, long nowMillis) {
    if (!table.definition().localTransactions()) {
      throw OtsException.parameterInvalid("Local transactions are not enabled on table " + table.name()
          + ": create it with enable_local_txn (CreateTableRequest.setLocalTxnEnabled(true)).");
    }
    dropIdle(nowMillis);
    byte[] encoded = RowKey.encode(partitionKey.getPrimaryKeyColumn(0).getValue());
    LocalTransaction transaction = new LocalTransaction(newId(), table, encoded, nowMillis);
    LocalTransaction holder = byPartitionKey.putIfAbsent(new Lock(table, ByteBuffer.wrap(encoded)), transaction);
    if (holder != null) {
      throw locked(table, partitionKey);
    }
    byId.put(transaction.id, transaction);
    return transaction;
  }

  /**
   * The open transaction {@code id} names, marked as used now. Callers synchronize on it and check
   * {@link LocalTransaction#ended()} inside (it may end between this call and theirs).
   */
  LocalTransaction require(String id, long nowMillis) {
    if (!ID.matcher(id).matches()) {
      throw OtsException.parameterInvalid("TransactionID is invalid.");
    }
    LocalTransaction transaction = byId.get(id);
    if (transaction != null && transaction.idleSince(nowMillis, idleTimeoutMillis)) {
      end(transaction);
      transaction = null;
    }
    if (transaction == null) {
      throw notExist(id);
    }
    transaction.touch(nowMillis);
    return transaction;
  }

  /**
   * Runs {@code work} in the open transaction {@code id}, alone: a transaction's requests run one
   * at a time.
   */
  <T> T within(String id, long nowMillis, java.util.function.Function<LocalTransaction, T> work) {
    LocalTransaction transaction = require(id, nowMillis);
    synchronized (transaction) {
      if (transaction.ended()) {
        throw notExist(id);
      }
      return work.apply(transaction);
    }
  }

  /** Ends {@code transaction} (committed, aborted or timed out): its id is forgotten and its partition key unlocked. */
  void end(LocalTransaction transaction) {
    synchronized (transaction) {
      transaction.end();
    }
    byId.remove(transaction.id, transaction);
    byPartitionKey.remove(new Lock(transaction.table, ByteBuffer.wrap(transaction.partitionKey())), transaction);
  }

  /** Ends every open transaction as if aborted (the admin API's reset); returns how many there were. */
  public int endAll() {
    int count = 0;
    for (LocalTransaction transaction : byId.values()) {
      end(transaction);
      count++;
    }
    return count;
  }

  /** Refuses a write outside any transaction to a partition key a transaction holds. */
  void checkNotLocked(Table table, PrimaryKey key, long nowMillis) {
    if (byPartitionKey.isEmpty()) {
      return;
    }
    LocalTransaction holder = byPartitionKey.get(
        new Lock(table, ByteBuffer.wrap(RowKey.encode(key.getPrimaryKeyColumn(0).getValue()))));
    if (holder == null) {
      return;
    }
    if (holder.idleSince(nowMillis, idleTimeoutMillis)) {
      end(holder);
      return;
    }
    throw locked(table, key);
  }

  static OtsException outOfRange(String field, String id) {
    return new OtsException(ErrorCode.DATA_OUT_OF_RANGE, "Data out of range: the primary key in " + field
        + " is not in the partition key of transaction " + id + ".");
  }

  static OtsException notExist(String id) {
    return new OtsException(ErrorCode.SESSION_NOT_EXIST, "Transaction " + id
        + " does not exist: it was committed or aborted, or timed out after no request for its idle time-out.");
  }

  private static OtsException locked(Table table, PrimaryKey key) {
    return new OtsException(ErrorCode.ROW_OPERATION_CONFLICT, "Data is being modified by the other request: partition key "
        + key.getPrimaryKeyColumn(0).getValue() + " of table " + table.name() + " is locked by a local transaction.");
  }

  private void dropIdle(long nowMillis) {
    for (Iterator<LocalTransaction> it = byId.values().iterator(); it.hasNext(); ) {
      LocalTransaction transaction = it.next();
      if (transaction.idleSince(nowMillis, idleTimeoutMillis)) {
        end(transaction);
      }
    }
  }

  private static String newId() {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    return String.format(Locale.ROOT, "%016X%016X", random.nextLong(), random.nextLong());
  }
}
