package io.tablestoreycsb.mock.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import org.junit.jupiter.api.Test;

class FaultRuleTest {

  @Test
  void parsesActionCodeAndRate() {
    FaultRule rule = FaultRule.parse("PutRow=OTSServerBusy@0.05");

    assertThat(rule.action()).isEqualTo(ActionName.PUT_ROW);
    assertThat(rule.perRow()).isFalse();
    assertThat(rule.errorCode()).isEqualTo(ErrorCode.SERVER_BUSY);
    assertThat(rule.rate()).isEqualTo(0.05);
    assertThat(rule.toString()).isEqualTo("PutRow=OTSServerBusy@0.05");
  }

  @Test
  void acceptsAnyCaseSpacesPercentagesAndAMessage() {
    FaultRule rule = FaultRule.parse(" createtable = otsquotaexhausted @ 50% :Too frequent table operations.");

    assertThat(rule.action()).isEqualTo(ActionName.CREATE_TABLE);
    assertThat(rule.errorCode()).isEqualTo(ErrorCode.QUOTA_EXHAUSTED);
    assertThat(rule.rate()).isEqualTo(0.5);
    assertThat(rule.message()).isEqualTo("Too frequent table operations.");
    assertThat(rule.toString())
        .isEqualTo("CreateTable=OTSQuotaExhausted@0.5:Too frequent table operations.");
  }

  @Test
  void parsesPerRowRulesForBatches() {
    FaultRule rule = FaultRule.parse("BatchWriteRow.row=OTSPartitionUnavailable@1");

    assertThat(rule.action()).isEqualTo(ActionName.BATCH_WRITE_ROW);
    assertThat(rule.perRow()).isTrue();
    assertThat(rule.errorCode()).isEqualTo(ErrorCode.PARTITION_UNAVAILABLE);
    assertThat(rule.toString()).isEqualTo("BatchWriteRow.row=OTSPartitionUnavailable@1");
    assertThat(FaultRule.parse("BatchGetRow.row=OTSTimeout@0.1").perRow()).isTrue();
  }

  @Test
  void acceptsTheWildcardAction() {
    assertThat(FaultRule.parse("*=OTSServerUnavailable@0.001"))
        .isEqualTo(FaultRule.onEveryAction(ErrorCode.SERVER_UNAVAILABLE, 0.001));
  }

  @Test
  void defaultMessageNamesTheInjection() {
    assertThat(FaultRule.parse("GetRow=OTSTimeout@1").newException().getMessage())
        .contains("OTSTimeout").contains("fault plan");
  }

  @Test
  void rejectsAnUnknownActionListingTheValidOnes() {
    assertThatThrownBy(() -> FaultRule.parse("PutRows=OTSServerBusy@0.05"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown action 'PutRows'")
        .hasMessageContaining("PutRow GetRow");
  }

  @Test
  void rejectsAnUnknownErrorCodeListingTheValidOnes() {
    assertThatThrownBy(() -> FaultRule.parse("PutRow=ServerBusy@0.05"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown error code 'ServerBusy'")
        .hasMessageContaining("OTSServerBusy")
        .hasMessageContaining("OTSRowOperationConflict");
  }

  @Test
  void rejectsRatesOutsideZeroToOne() {
    assertThatThrownBy(() -> FaultRule.parse("PutRow=OTSServerBusy@1.5"))
        .hasMessageContaining("rate '1.5'").hasMessageContaining("[0, 1]");
    assertThatThrownBy(() -> FaultRule.parse("PutRow=OTSServerBusy@-0.1"))
        .hasMessageContaining("rate '-0.1'");
    assertThatThrownBy(() -> FaultRule.parse("PutRow=OTSServerBusy@120%"))
        .hasMessageContaining("rate '120%'");
    assertThatThrownBy(() -> FaultRule.parse("PutRow=OTSServerBusy@NaN"))
        .hasMessageContaining("rate 'NaN'");
    assertThatThrownBy(() -> FaultRule.parse("PutRow=OTSServerBusy@often"))
        .hasMessageContaining("bad rate 'often'");
  }

  @Test
  void rejectsMissingParts() {
    assertThatThrownBy(() -> FaultRule.parse("PutRow"))
        .hasMessageContaining("no '='");
    assertThatThrownBy(() -> FaultRule.parse("PutRow=OTSServerBusy"))
        .hasMessageContaining("no '@RATE'");
    assertThatThrownBy(() -> FaultRule.parse(" "))
        .hasMessageContaining("empty fault spec");
  }

  @Test
  void rejectsPerRowRulesOnSingleRowActions() {
    assertThatThrownBy(() -> FaultRule.parse("PutRow.row=OTSServerBusy@0.05"))
        .hasMessageContaining("per-row faults apply only to BatchGetRow and BatchWriteRow");
    assertThatThrownBy(() -> FaultRule.parse("*.row=OTSServerBusy@0.05"))
        .hasMessageContaining("per-row faults apply only to");
  }

  @Test
  void aRuleBuiltAsAValueEqualsTheRuleItsSpecParsesTo() {
    FaultRule request = FaultRule.of(ActionName.PUT_ROW, ErrorCode.SERVER_BUSY, 0.05);
    FaultRule rows = FaultRule.onRows(ActionName.BATCH_WRITE_ROW, ErrorCode.PARTITION_UNAVAILABLE, 0.125);
    FaultRule every = FaultRule.onEveryAction(ErrorCode.TIMEOUT, 1);
    FaultRule withMessage = FaultRule.of(ActionName.CREATE_TABLE, ErrorCode.QUOTA_EXHAUSTED, 0.5)
        .withMessage("Too frequent table operations.");

    assertThat(request.toString()).isEqualTo("PutRow=OTSServerBusy@0.05");
    assertThat(rows.toString()).isEqualTo("BatchWriteRow.row=OTSPartitionUnavailable@0.125");
    assertThat(every.toString()).isEqualTo("*=OTSTimeout@1");
    for (FaultRule rule : new FaultRule[] {request, rows, every, withMessage}) {
      assertThat(FaultRule.parse(rule.toString())).isEqualTo(rule);
    }
  }

  @Test
  void aRuleBuiltAsAValueIsCheckedLikeASpec() {
    assertThatThrownBy(() -> FaultRule.of(ActionName.PUT_ROW, ErrorCode.SERVER_BUSY, 1.5))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[0, 1], got 1.5");
    assertThatThrownBy(() -> FaultRule.of(ActionName.PUT_ROW, ErrorCode.SERVER_BUSY, Double.NaN))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("got NaN");
    assertThatThrownBy(() -> FaultRule.onRows(ActionName.PUT_ROW, ErrorCode.SERVER_BUSY, 0.1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("only to BatchGetRow and BatchWriteRow, not PutRow");
    assertThatThrownBy(() -> FaultRule.of(null, ErrorCode.SERVER_BUSY, 0.1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("onEveryAction");
    assertThatThrownBy(() -> FaultRule.of(ActionName.PUT_ROW, null, 0.1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("error code");
  }
}
