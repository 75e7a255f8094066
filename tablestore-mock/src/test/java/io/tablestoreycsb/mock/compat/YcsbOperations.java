package io.tablestoreycsb.mock.compat;

import java.util.List;
import java.util.Map;

/**
 * The calls YCSB makes, through one generation of the Java SDK, in JDK types only: this interface
 * is shared between the test's class loader and each SDK generation's own loader, while its
 * implementation ({@code sdk.JavaSdkYcsbOperations}) is linked against that generation's SDK.
 * Rows have a single STRING primary key {@code id} and STRING attribute columns.
 *
 * <p>Service errors arrive as {@link ServiceError}; anything the SDK itself refuses (a response
 * it cannot validate, a missing header) as an {@link IllegalStateException} with its message.
 */
public interface YcsbOperations extends AutoCloseable {
  /** The file name of the SDK jar this instance drives (e.g. tablestore-4.8.0.jar). */
  String sdkJar();

  /** CreateTable with primary key {@code id STRING}, TTL -1, one version, no reserved throughput. */
  void createTable(String table);

  /** PutRow; {@code expectNotExist} sets the row existence condition EXPECT_NOT_EXIST, else IGNORE. */
  void putRow(String table, String key, Map<String, String> columns, boolean expectNotExist);

  /** GetRow of the latest version of {@code columns} (all when empty); null when the row is absent. */
  Map<String, String> getRow(String table, String key, List<String> columns);

  /** UpdateRow with condition EXPECT_EXIST: puts {@code put}, deletes every version of {@code delete}. */
  void updateRow(String table, String key, Map<String, String> put, List<String> delete);

  /** DeleteRow, condition IGNORE. */
  void deleteRow(String table, String key);

  /** BatchWriteRow of PUTs (condition IGNORE); per row, in request order, "ok" or its error code. */
  List<String> batchPut(String table, Map<String, Map<String, String>> rows);

  /**
   * A forward GetRange scan from {@code startKey} (inclusive) to {@code endKey} (exclusive; null for
   * INF_MAX), following next_start_primary_key as YCSB's scan does, until {@code limit} rows or the
   * end: the keys of each page returned.
   */
  List<List<String>> scan(String table, String startKey, String endKey, int limit);

  @Override
  void close();
}
