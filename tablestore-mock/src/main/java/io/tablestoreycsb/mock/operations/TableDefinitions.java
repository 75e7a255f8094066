package io.tablestoreycsb.mock.operations;

import com.aliyun.ots.thirdparty.com.google.protobuf.ByteString;
import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import com.alicloud.openservices.tablestore.model.DefinedColumnSchema;
import com.alicloud.openservices.tablestore.model.DefinedColumnType;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.SSEKeyType;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.protocol.ServiceLimits;
import io.tablestoreycsb.mock.storage.Table;
import io.tablestoreycsb.mock.storage.TableDefinition;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * CreateTable's predefined columns ({@code table_meta.defined_column}), server-side encryption
 * ({@code sse_spec}), {@code update_full_row} and {@code enable_local_txn}, checked as the service
 * checks them, and DescribeTable's view of them.
 */
final class TableDefinitions {
  private TableDefinitions() {}

  static TableDefinition of(OtsInternalApi.CreateTableRequest request, List<PrimaryKeySchema> primaryKey) {
    return new TableDefinition(definedColumns(request.getTableMeta(), primaryKey),
        request.hasSseSpec() ? encryption(request.getSseSpec()) : TableDefinition.Encryption.DISABLED,
        request.hasTableOptions() && request.getTableOptions().getUpdateFullRow(),
        request.hasEnableLocalTxn() && request.getEnableLocalTxn());
  }

  /**
   * UpdateTable may not change {@code update_full_row}, to either value: the Go SDK's own
   * TestUpdateAndDescribeTable expects the refusal's message to contain "contain updateFullRow"
   * (the rest of the words are not confirmed).
   */
  static void refuseUpdateFullRowChange(OtsInternalApi.TableOptions options) {
    if (options.hasUpdateFullRow()) {
      throw OtsException.parameterInvalid("UpdateTable request can not contain updateFullRow.");
    }
  }

  /** A table's options as DescribeTable and UpdateTable report them: the settings plus {@code update_full_row}. */
  static OtsInternalApi.TableOptions tableOptions(Table table) {
    return TableProtos.options(table.settings()).toBuilder().setUpdateFullRow(table.definition().updateFullRow()).build();
  }

  private static List<DefinedColumnSchema> definedColumns(OtsInternalApi.TableMeta meta, List<PrimaryKeySchema> primaryKey) {
    if (meta.getDefinedColumnCount() > ServiceLimits.MAX_DEFINED_COLUMNS) {
      throw OtsException.parameterInvalid("The number of defined columns must be at most " + ServiceLimits.MAX_DEFINED_COLUMNS
          + ", got " + meta.getDefinedColumnCount() + ".");
    }
    Set<String> names = new HashSet<>();
    for (PrimaryKeySchema column : primaryKey) {
      names.add(column.getName());
    }
    List<DefinedColumnSchema> columns = new ArrayList<>(meta.getDefinedColumnCount());
    for (OtsInternalApi.DefinedColumnSchema column : meta.getDefinedColumnList()) {
      ServiceLimits.checkName(column.getName(), "defined column");
      if (!names.add(column.getName())) {
        throw OtsException.parameterInvalid("Duplicated column name: defined column " + column.getName()
            + " repeats a primary key or defined column.");
      }
      columns.add(new DefinedColumnSchema(column.getName(), toModel(column.getType())));
    }
    return columns;
  }

  private static TableDefinition.Encryption encryption(OtsInternalApi.SSESpecification spec) {
    boolean hasKey = spec.hasKeyId() || spec.hasRoleArn();
    if (!spec.getEnable()) {
      if (spec.hasKeyType() || hasKey) {
        throw OtsException.parameterInvalid("sse_spec: key_type, key_id and role_arn must not be set when enable is false.");
      }
      return TableDefinition.Encryption.DISABLED;
    }
    if (!spec.hasKeyType()) {
      throw OtsException.parameterInvalid("sse_spec: key_type is required when enable is true.");
    }
    if (spec.getKeyType() == OtsInternalApi.SSEKeyType.SSE_KMS_SERVICE) {
      if (hasKey) {
        throw OtsException.parameterInvalid("sse_spec: key_id and role_arn must not be set with key_type SSE_KMS_SERVICE.");
      }
      return new TableDefinition.Encryption(true, SSEKeyType.SSE_KMS_SERVICE, null, null);
    }
    if (spec.getKeyId().isEmpty() || spec.getRoleArn().isEmpty()) {
      throw OtsException.parameterInvalid("sse_spec: key_id and role_arn are required with key_type SSE_BYOK.");
    }
    return new TableDefinition.Encryption(true, SSEKeyType.SSE_BYOK, spec.getKeyId().toByteArray(),
        spec.getRoleArn().toByteArray());
  }

  /** Adds the predefined columns to a DescribeTable {@code table_meta}. */
  static void describeColumns(TableDefinition definition, OtsInternalApi.TableMeta.Builder meta) {
    for (DefinedColumnSchema column : definition.definedColumns()) {
      meta.addDefinedColumn(OtsInternalApi.DefinedColumnSchema.newBuilder().setName(column.getName())
          .setType(toProto(column.getType())));
    }
  }

  /** DescribeTable's {@code sse_details}: {@code enable: false} for a table without encryption. */
  static OtsInternalApi.SSEDetails sseDetails(TableDefinition definition) {
    TableDefinition.Encryption e = definition.encryption();
    OtsInternalApi.SSEDetails.Builder details = OtsInternalApi.SSEDetails.newBuilder().setEnable(e.enabled());
    if (e.enabled()) {
      details.setKeyType(e.keyType() == SSEKeyType.SSE_BYOK ? OtsInternalApi.SSEKeyType.SSE_BYOK
          : OtsInternalApi.SSEKeyType.SSE_KMS_SERVICE);
    }
    if (e.keyId() != null) {
      details.setKeyId(ByteString.copyFrom(e.keyId()));
    }
    if (e.roleArn() != null) {
      details.setRoleArn(ByteString.copyFrom(e.roleArn()));
    }
    return details.build();
  }

  private static DefinedColumnType toModel(OtsInternalApi.DefinedColumnType type) {
    switch (type) {
      case DCT_INTEGER:
        return DefinedColumnType.INTEGER;
      case DCT_DOUBLE:
        return DefinedColumnType.DOUBLE;
      case DCT_BOOLEAN:
        return DefinedColumnType.BOOLEAN;
      case DCT_STRING:
        return DefinedColumnType.STRING;
      case DCT_BLOB:
        return DefinedColumnType.BINARY;
      default:
        throw OtsException.parameterInvalid("Unknown defined column type " + type + ".");
    }
  }

  private static OtsInternalApi.DefinedColumnType toProto(DefinedColumnType type) {
    switch (type) {
      case INTEGER:
        return OtsInternalApi.DefinedColumnType.DCT_INTEGER;
      case DOUBLE:
        return OtsInternalApi.DefinedColumnType.DCT_DOUBLE;
      case BOOLEAN:
        return OtsInternalApi.DefinedColumnType.DCT_BOOLEAN;
      case STRING:
        return OtsInternalApi.DefinedColumnType.DCT_STRING;
      case BINARY:
        return OtsInternalApi.DefinedColumnType.DCT_BLOB;
      default:
        throw new IllegalArgumentException("unknown defined column type " + type);
    }
  }
}
