package io.tablestoreycsb.binding.client;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import site.ycsb.Status;

class StatusMappingTest {
  @Test
  void throttlingCodesAreThrottled() {
    for (String code : new String[] {"OTSServerBusy", "OTSCapacityUnitExhausted", "OTSNotEnoughCapacityUnit",
        "OTSQuotaExhausted"}) {
      assertThat(StatusMapping.forCode(code, 503)).as(code).isEqualTo(StatusMapping.THROTTLED);
    }
    assertThat(StatusMapping.THROTTLED.isOk()).isFalse();
  }

  @Test
  void availabilityBadRequestAndPermissionCodes() {
    assertThat(StatusMapping.forCode("OTSPartitionUnavailable", 503)).isEqualTo(Status.SERVICE_UNAVAILABLE);
    assertThat(StatusMapping.forCode("OTSTimeout", 503)).isEqualTo(Status.SERVICE_UNAVAILABLE);
    assertThat(StatusMapping.forCode("OTSParameterInvalid", 400)).isEqualTo(Status.BAD_REQUEST);
    assertThat(StatusMapping.forCode("OTSRequestBodyTooLarge", 413)).isEqualTo(Status.BAD_REQUEST);
    assertThat(StatusMapping.forCode("OTSAuthFailed", 403)).isEqualTo(Status.FORBIDDEN);
    assertThat(StatusMapping.forCode("OTSObjectNotExist", 404)).isEqualTo(Status.ERROR);
    assertThat(StatusMapping.forCode("OTSConditionCheckFail", 403)).isEqualTo(Status.UNEXPECTED_STATE);
    assertThat(StatusMapping.forCode("ClientException", 0)).isEqualTo(Status.ERROR);
    assertThat(StatusMapping.forCode("OTSSomethingNew", 502)).isEqualTo(Status.SERVICE_UNAVAILABLE);
    assertThat(StatusMapping.forCode("OTSSomethingNew", 400)).isEqualTo(Status.ERROR);
  }

  @Test
  void onlyTransientRowErrorsAreRetried() {
    assertThat(StatusMapping.isRetriableRowError("OTSServerBusy")).isTrue();
    assertThat(StatusMapping.isRetriableRowError("OTSPartitionUnavailable")).isTrue();
    assertThat(StatusMapping.isRetriableRowError("OTSParameterInvalid")).isFalse();
    assertThat(StatusMapping.isRetriableRowError("OTSObjectNotExist")).isFalse();
    assertThat(StatusMapping.isRetriableRowError(null)).isFalse();
  }
}
