package io.tablestoreycsb.mock.faults;

import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import io.tablestoreycsb.mock.protocol.OtsException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * One fault rule: requests (or, for a per-row rule, rows of a batch) of an action fail with an
 * error code at a rate. Build one as a value,
 *
 * <pre>{@code
 * FaultRule.of(ActionName.PUT_ROW, ErrorCode.SERVER_BUSY, 0.05)
 * FaultRule.onRows(ActionName.BATCH_WRITE_ROW, ErrorCode.SERVER_BUSY, 0.01)
 * FaultRule.onEveryAction(ErrorCode.SERVER_UNAVAILABLE, 0.001)
 * FaultRule.of(ActionName.CREATE_TABLE, ErrorCode.QUOTA_EXHAUSTED, 0.5).withMessage("Too frequent table operations.")
 * }</pre>
 *
 * or parse its spec, as the command line does: {@code ACTION[.row]=CODE@RATE[:MESSAGE]}, e.g.
 * {@code PutRow=OTSServerBusy@0.05}, {@code BatchWriteRow.row=OTSServerBusy@1%},
 * {@code *=OTSServerUnavailable@0.001}. The action matches ignoring case; CODE is the wire spelling of
 * an error code, also ignoring case. {@link #toString()} prints the spec, and parsing it gives the
 * same rule back.
 *
 * @param action the action, or null for every action
 * @param perRow true for a rule on rows inside a batch (BatchWriteRow, BatchGetRow)
 * @param errorCode the error the request or row gets
 * @param rate the probability in [0, 1]
 * @param message the error message sent to the client (null or blank: a default naming the injection)
 */
public record FaultRule(ActionName action, boolean perRow, ErrorCode errorCode, double rate, String message) {

  private static final String ROW_SUFFIX = ".row";
  private static final String EVERY_ACTION = "*";

  /** @throws IllegalArgumentException naming the field that is out of range */
  public FaultRule {
    if (errorCode == null) {
      throw new IllegalArgumentException("a fault rule needs an error code");
    }
    if (!(rate >= 0 && rate <= 1)) {
      throw new IllegalArgumentException("fault rate must be a probability in [0, 1], got " + rate);
    }
    if (perRow && (action == null || !action.hasRowResults())) {
      throw new IllegalArgumentException("per-row faults apply only to BatchGetRow and BatchWriteRow, not "
          + (action == null ? "every action" : action.wireName()));
    }
    if (message == null || message.isBlank()) {
      message = defaultMessage(errorCode);
    }
  }

  /** Requests of {@code action} fail with {@code code} at {@code rate}. */
  public static FaultRule of(ActionName action, ErrorCode code, double rate) {
    if (action == null) {
      throw new IllegalArgumentException("a fault rule needs an action (or use onEveryAction)");
    }
    return new FaultRule(action, false, code, rate, null);
  }

  /** Rows inside {@code batchAction} requests (BatchWriteRow, BatchGetRow) fail on their own with {@code code} at {@code rate}. */
  public static FaultRule onRows(ActionName batchAction, ErrorCode code, double rate) {
    if (batchAction == null) {
      throw new IllegalArgumentException("a per-row fault rule needs BatchWriteRow or BatchGetRow");
    }
    return new FaultRule(batchAction, true, code, rate, null);
  }

  /** Requests of every action fail with {@code code} at {@code rate}. */
  public static FaultRule onEveryAction(ErrorCode code, double rate) {
    return new FaultRule(null, false, code, rate, null);
  }

  /** This rule with another error message. */
  public FaultRule withMessage(String newMessage) {
    return new FaultRule(action, perRow, errorCode, rate, newMessage);
  }

  /** True for a rule on every action. */
  public boolean everyAction() {
    return action == null;
  }

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
    ActionName action = action(perRow ? target.substring(0, target.length() - ROW_SUFFIX.length()) : target, spec);
    if (perRow && (action == null || !action.hasRowResults())) {
      throw new IllegalArgumentException("'" + target + "' in '" + spec
          + "': per-row faults apply only to BatchGetRow and BatchWriteRow (e.g. BatchWriteRow.row=OTSServerBusy@0.05)");
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
    return new FaultRule(action, perRow, code, rate, message);
  }

  /** An action name of a spec, or null for {@code *}. */
  static ActionName action(String name, String spec) {
    if (name.trim().equals(EVERY_ACTION)) {
      return null;
    }
    try {
      return ActionName.parse(name);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("unknown action '" + name.trim() + "' in '" + spec + "'; valid actions: "
          + EVERY_ACTION + " " + ActionName.wireNames());
    }
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

  private static String defaultMessage(ErrorCode code) {
    return "Injected " + code.code() + " (mock fault plan).";
  }

  /** True when this rule and {@code other} target the same thing and only the rate may differ. */
  boolean sameTarget(FaultRule other) {
    return action == other.action && perRow == other.perRow && errorCode == other.errorCode;
  }

  /** True when the rule applies to requests (or rows) of {@code a}. */
  boolean appliesTo(ActionName a) {
    return action == null || action == a;
  }

  OtsException newException() {
    return OtsException.injected(errorCode, message);
  }

  /** The rule in spec syntax (the default message is left out): {@code parse(toString())} equals this rule. */
  @Override
  public String toString() {
    String base = (action == null ? EVERY_ACTION : action.wireName()) + (perRow ? ROW_SUFFIX : "") + "="
        + errorCode.code() + "@" + Rates.format(rate);
    return message.equals(defaultMessage(errorCode)) ? base : base + ":" + message;
  }
}
