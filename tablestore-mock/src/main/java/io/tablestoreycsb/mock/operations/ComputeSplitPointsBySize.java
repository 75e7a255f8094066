package io.tablestoreycsb.mock.operations;

import io.tablestoreycsb.mock.protocol.ActionName;
import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyColumn;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.protocol.PlainBufferCodec;
import io.tablestoreycsb.mock.protocol.PrimaryKeyOrder;
import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.storage.CellCursor;
import io.tablestoreycsb.mock.storage.StoredRow;
import io.tablestoreycsb.mock.storage.Table;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * ComputeSplitPointsBySize: split points so that each split holds about {@code split_size} x 100
 * MB of data (or x {@code split_size_unit_in_byte}); partition boundaries are always split points,
 * so no split spans two partitions. Locations name the partition each split lies in, as the
 * service's 32-character hexadecimal names (here the MD5 of "mock-partition-N"); their
 * {@code repeat} values add up to the number of splits (split points + 1).
 */
public final class ComputeSplitPointsBySize extends ProtoAction<OtsInternalApi.ComputeSplitPointsBySizeRequest> {
  private static final long DEFAULT_UNIT_BYTES = 100L * 1024 * 1024;

  private final Catalog catalog;

  public ComputeSplitPointsBySize(Catalog catalog) {
    super(ActionName.COMPUTE_SPLIT_POINTS_BY_SIZE, "ComputeSplitPointsBySizeRequest", OtsInternalApi.ComputeSplitPointsBySizeRequest.parser());
    this.catalog = catalog;
  }

  @Override
  protected byte[] answer(OtsInternalApi.ComputeSplitPointsBySizeRequest request, RequestContext context) {
    context.table(request.getTableName());
    Table table = catalog.require(request.getTableName());
    if (request.getSplitSize() <= 0) {
      throw OtsException.parameterInvalid("split_size must be positive, got " + request.getSplitSize() + ".");
    }
    long unit = request.hasSplitSizeUnitInByte() && request.getSplitSizeUnitInByte() > 0
        ? request.getSplitSizeUnitInByte() : DEFAULT_UNIT_BYTES;
    if (request.getSplitSize() > Long.MAX_VALUE / unit) {
      throw OtsException.parameterInvalid("split_size x split_size_unit_in_byte is too large: " + request.getSplitSize()
          + " x " + unit + ".");
    }
    long splitBytes = request.getSplitSize() * unit;
    int limit = request.hasSplitPointLimit() && request.getSplitPointLimit() > 0 ? request.getSplitPointLimit() : Integer.MAX_VALUE;

    List<PrimaryKey> points = new ArrayList<>();
    String partitionKey = table.schema().get(0).getName();
    for (var point : table.splitPoints()) {
      points.add(new PrimaryKey(new PrimaryKeyColumn[] {new PrimaryKeyColumn(partitionKey, point)}));
    }
    long accumulated = 0;
    int lastPartition = 0;
    Iterator<StoredRow> rows = table.allRows();
    List<PrimaryKey> bySize = new ArrayList<>();
    while (rows.hasNext()) {
      StoredRow row = rows.next();
      int partition = table.partitionIndexOf(row.key());
      if (partition != lastPartition) {
        accumulated = 0; // a partition boundary already splits here
        lastPartition = partition;
      }
      if (accumulated >= splitBytes) {
        bySize.add(table.decodeKey(row.key()));
        accumulated = 0;
      }
      accumulated += table.primaryKeyDataSize(row.key());
      CellCursor cells = row.cursor();
      while (cells.nextColumn()) { // the latest version of each column
        cells.nextVersion();
        accumulated += cells.nameLength() + cells.valueLength();
      }
    }
    points.addAll(bySize);
    points.sort(PrimaryKeyOrder.KEYS);
    while (points.size() > limit) {
      points.remove(points.size() - 1);
    }

    OtsInternalApi.ComputeSplitPointsBySizeResponse.Builder response = OtsInternalApi.ComputeSplitPointsBySizeResponse.newBuilder()
        .setConsumed(RowReads.consumed(1, 0));
    for (PrimaryKeySchema column : table.schema()) {
      response.addSchema(TableProtos.toProto(column));
    }
    for (PrimaryKey point : points) {
      response.addSplitPoints(PlainBufferCodec.encodeRow(point, List.of()));
    }
    addLocations(response, table, points);
    return response.build().toByteArray();
  }

  /** One location per run of consecutive splits in the same partition. */
  private static void addLocations(OtsInternalApi.ComputeSplitPointsBySizeResponse.Builder response, Table table,
      List<PrimaryKey> points) {
    int currentPartition = 0;
    long repeat = 1; // the first split starts at INF_MIN, in partition 0
    for (PrimaryKey point : points) {
      int partition = table.partitionIndexOf(point);
      if (partition == currentPartition) {
        repeat++;
      } else {
        response.addLocations(location(currentPartition, repeat));
        currentPartition = partition;
        repeat = 1;
      }
    }
    response.addLocations(location(currentPartition, repeat));
  }

  private static OtsInternalApi.ComputeSplitPointsBySizeResponse.SplitLocation location(int partition, long repeat) {
    return OtsInternalApi.ComputeSplitPointsBySizeResponse.SplitLocation.newBuilder()
        .setLocation(locationName(partition)).setRepeat(repeat).build();
  }

  static String locationName(int partition) {
    try {
      byte[] digest = java.security.MessageDigest.getInstance("MD5")
          .digest(("mock-partition-" + partition).getBytes(java.nio.charset.StandardCharsets.UTF_8));
      return java.util.HexFormat.of().formatHex(digest);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has MD5", e);
    }
  }
}
