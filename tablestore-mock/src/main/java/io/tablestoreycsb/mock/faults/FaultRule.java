package io.tablestoreycsb.mock.faults;

import io.tablestoreycsb.mock.protocol.ErrorCode;
import io.tablestoreycsb.mock.protocol.OtsException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * One parsed fault rule: requests (or, for {@code .row} rules, rows of a batch) of an action
 * fail with an error code at a rate.
 *
 * <p>Syntax: {@code ACTION[.row]=CODE@RATE[:MESSAGE]}, e.g. {@code PutRow=OTSServerBusy@0.05},
 * {@code BatchWriteRow.row=OTSServerBusy@1%}, {@code *=OTSServerUnavailable@0.001},
 * {@code CreateTable=OTSQuotaExhausted@0.5:Too frequent table operations.}. The action matches
 * ignoring case; CODE is the wire spelling of an error code, also ignoring case.
 *
 * @param action a canonical action name or {@link Actions#ANY}
 * @param perRow true for a rule on rows inside a batch
 * @param errorCode the error the request or row gets
 * @param rate the probability in [0, 1]
 * @param message the error message sent to the client
 */
public record FaultRule(String action, boolean perRow, ErrorCode errorCode, double rate,
    String message) {

  private static final String ROW_SUFFIX = ".row";

  /** Parses one rule; see the class comment for the syntax. */
  public static FaultRule parse(String spec) {
    if (spec == null || spec.isBlank()) {
      throw new IllegalArgumentException(
          "empty fault spec; expected ACTION[.row]=CODE@RATE, e.g. PutRow=OTSServerBusy@0.05");
    }
    int eq = spec.indexOf('=');
    if (eq < 0) {
      throw new IllegalArgumentException("fault spec '" + spec
          + "' has no '='; expected ACTION[.row]=CODE@RATE, e.g. PutRow=OTSServerBusy@0.05");
    }
    String target = spec.substring(0, eq).trim();
    String rest = spec.substring(eq + 1);
    boolean perRow = target.toLowerCase(Locale.ROOT).endsWith(ROW_SUFFIX);
    String action = Actions.canonical(
        perRow ? target.substring(0, target.length() - ROW_SUFFIX.length()) : target, spec);
    if (perRow && !Actions.BATCH.contains(action)) {
      throw new IllegalArgumentException("'" + target + "' in '" + spec
          + "': per-row faults apply only to " + String.join(" and ", Actions.BATCH)
          + " (e.g. BatchWriteRow.row=OTSServerBusy@0.05)");
    }
    int at = rest.indexOf('@');
    if (at < 0) {
      throw new IllegalArgumentException("fault spec '" + spec
          + "' has no '@RATE'; expected ACTION[.row]=CODE@RATE, e.g. PutRow=OTSServerBusy@0.05");
    }
    ErrorCode code = errorCode(rest.substring(0, at).trim(), spec);
    String rateAndMessage = rest.substring(at + 1);
    int colon = rateAndMessage.indexOf(':');
    String rateText = colon < 0 ? rateAndMessage : rateAndMessage.substring(0, colon);
    double rate = Rates.parse(rateText, spec);
    String message = colon < 0 ? "" : rateAndMessage.substring(colon + 1).trim();
    if (message.isEmpty()) {
      message = "Injected " + code.code() + " (mock fault plan).";
    }
    return new FaultRule(action, perRow, code, rate, message);
  }

  private static ErrorCode errorCode(String text, String spec) {
    for (ErrorCode c : ErrorCode.values()) {
      if (c.code().equalsIgnoreCase(text)) {
        return c;
      }
    }
    throw new IllegalArgumentException("unknown error code '" + text + "' in '" + spec
        + "'; valid codes: " + Arrays.stream(ErrorCode.values()).map(ErrorCode::code)
            .collect(Collectors.joining(" ")));
  }

  /** True when this rule and {@code other} target the same thing and only the rate may differ. */
  boolean sameTarget(FaultRule other) {
    return action.equals(other.action) && perRow == other.perRow && errorCode == other.errorCode;
  }

  OtsException newException() {
    return OtsException.injected(errorCode, message);
  }

  /** The rule in spec syntax (the default message is left out). */
  @Override
  public String toString() {
    String base = action + (perRow ? ROW_SUFFIX : "") + "=" + errorCode.code() + "@"
        + Rates.format(rate);
    return message.equals("Injected " + errorCode.code() + " (mock fault plan).")
        ? base : base + ":" + message;
  }
}
