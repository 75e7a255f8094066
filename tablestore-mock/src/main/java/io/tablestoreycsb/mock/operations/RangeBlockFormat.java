package io.tablestoreycsb.mock.operations;

import com.aliyun.ots.thirdparty.com.google.protobuf.UnknownFieldSet;
import io.tablestoreycsb.mock.protocol.OtsException;
import java.util.List;

/**
 * How a GetRange page is encoded, from the request's {@code data_block_type_hint} (field 15),
 * {@code return_entire_primary_keys} (16) and {@code compress_type_hint} (17). The Java SDK's
 * protobuf classes (which the mock parses with) predate these fields, so they arrive as unknown
 * fields; the Go SDK sends the first and last on every GetRange. The answer's
 * {@code data_block_type} (GetRangeResponse field 5) goes back the same way.
 */
enum RangeBlockFormat {
  PLAIN_BUFFER,
  SIMPLE_ROW_MATRIX;

  private static final int DATA_BLOCK_TYPE_HINT = 15;
  private static final int RETURN_ENTIRE_PRIMARY_KEYS = 16;
  private static final int COMPRESS_TYPE_HINT = 17;
  private static final int RESPONSE_DATA_BLOCK_TYPE = 5;
  private static final long DBT_SIMPLE_ROW_MATRIX = 1;
  private static final long CPT_NONE = 0;

  /** The format the request asks for; the service's refusal for hints this endpoint does not serve. */
  static RangeBlockFormat of(UnknownFieldSet fields, boolean hasMaxVersions, int maxVersions) {
    Long compress = last(fields, COMPRESS_TYPE_HINT);
    if (compress != null && compress != CPT_NONE) {
      throw OtsException.parameterInvalid("compress_type_hint " + compress + " is not supported by this mock endpoint"
          + " (only CPT_NONE).");
    }
    Long entire = last(fields, RETURN_ENTIRE_PRIMARY_KEYS);
    if (entire != null && entire == 0) {
      throw OtsException.parameterInvalid("return_entire_primary_keys=false is not supported by this mock endpoint.");
    }
    Long hint = last(fields, DATA_BLOCK_TYPE_HINT);
    if (hint == null || hint == 0) {
      return PLAIN_BUFFER;
    }
    if (hint != DBT_SIMPLE_ROW_MATRIX) {
      throw OtsException.parameterInvalid("Unknown data_block_type_hint " + hint + ".");
    }
    // A matrix cell holds one value: more versions would be dropped without a word.
    if (!hasMaxVersions || maxVersions != 1) {
      throw OtsException.parameterInvalid("data_block_type_hint DBT_SIMPLE_ROW_MATRIX returns one version per cell:"
          + " max_versions must be 1" + (hasMaxVersions ? ", got " + maxVersions : "") + ".");
    }
    return SIMPLE_ROW_MATRIX;
  }

  /** GetRangeResponse.data_block_type for this format. */
  UnknownFieldSet responseField() {
    return UnknownFieldSet.newBuilder()
        .addField(RESPONSE_DATA_BLOCK_TYPE, UnknownFieldSet.Field.newBuilder().addVarint(ordinal()).build())
        .build();
  }

  private static Long last(UnknownFieldSet fields, int number) {
    if (!fields.hasField(number)) {
      return null;
    }
    List<Long> values = fields.getField(number).getVarintList();
    return values.isEmpty() ? null : values.get(values.size() - 1);
  }
}
