package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import io.tablestoreycsb.mock.protocol.ErrorBodies;
import io.tablestoreycsb.mock.protocol.OtsException;

/** A BatchWriteRow row's answer: written (its capacity units and return content) or failed (its error). */
final class BatchWriteAnswers {
  private BatchWriteAnswers() {}

  static OtsInternalApi.RowInBatchWriteRowResponse written(RowWrites.Outcome outcome) {
    OtsInternalApi.RowInBatchWriteRowResponse.Builder answer =
        OtsInternalApi.RowInBatchWriteRowResponse.newBuilder().setIsOk(true).setConsumed(outcome.consumed());
    if (outcome.returnedRow() != null) {
      answer.setRow(outcome.returnedRow());
    }
    return answer.build();
  }

  static OtsInternalApi.RowInBatchWriteRowResponse failed(OtsException e) {
    return OtsInternalApi.RowInBatchWriteRowResponse.newBuilder().setIsOk(false).setError(ErrorBodies.toProto(e)).build();
  }
}
