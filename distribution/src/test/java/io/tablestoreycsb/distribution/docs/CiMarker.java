package io.tablestoreycsb.distribution.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the HTML comment right before a command block tells CI, in the docs source where readers
 * see it. No comment: the block runs twice in the same directory, as written. Otherwise:
 * <pre>
 *   &lt;!-- not run in CI: REASON --&gt;
 *   &lt;!-- CI: CLAUSE; CLAUSE; ... --&gt;   with clauses
 *        once (REASON)                    run it once only
 *        instance FILE                    the block talks to "your instance": CI starts a mock,
 *                                         sets tablestore.endpoint and tablestore.instance in FILE
 *                                         (what the docs tell the user to set) and gives its keys
 *                                         for the "..." of TABLESTORE_ACCESS_KEY_ID=... and
 *                                         TABLESTORE_ACCESS_KEY_SECRET=...
 *        "OLD" -&gt; "NEW" (REASON)        run with OLD replaced by NEW, in order
 *        kubernetes                       the block talks to "your cluster" (kubectl, --executor
 *                                         kubernetes): it runs where .ci/with-kubernetes started a
 *                                         real one, with KUBECONFIG set to it, and is skipped,
 *                                         saying so, elsewhere
 * </pre>
 */
record CiMarker(String notRunReason, String onceReason, String instanceFile, List<Substitution> substitutions,
    boolean kubernetes) {

  /** OLD replaced by NEW in the block CI runs, and why. */
  record Substitution(String from, String to, String reason) {
  }

  static final CiMarker NONE = new CiMarker(null, null, null, List.of(), false);

  private static final Pattern NOT_RUN = Pattern.compile("not run in CI:\\s*(\\S.*)", Pattern.DOTALL);
  private static final Pattern CI = Pattern.compile("CI:\\s*(.*)", Pattern.DOTALL);
  private static final Pattern CLAUSE = Pattern.compile(
      "\\s*(?:once \\(([^)]+)\\)|instance (\\S+)|\"([^\"]+)\" -> \"([^\"]*)\" \\(([^)]+)\\)|(kubernetes))\\s*(?:;|$)");

  boolean runsInCi() {
    return notRunReason == null;
  }

  /** Twice in the same directory, as a user may run a block again, unless the marker says once. */
  int timesToRun() {
    return onceReason == null ? 2 : 1;
  }

  Optional<String> instance() {
    return Optional.ofNullable(instanceFile);
  }

  /**
   * The marker in an HTML comment's text, empty when the comment is not one (an ordinary comment
   * before a block is allowed); a comment that starts like one but does not parse is an error.
   */
  static Optional<CiMarker> parse(String comment) {
    String text = comment.strip();
    Matcher notRun = NOT_RUN.matcher(text);
    if (notRun.matches()) {
      return Optional.of(new CiMarker(notRun.group(1).strip(), null, null, List.of(), false));
    }
    Matcher ci = CI.matcher(text);
    if (!ci.matches()) {
      if (text.toLowerCase().contains("in ci")) {
        throw new IllegalArgumentException("a CI marker must start 'not run in CI: ' or 'CI: ', got: " + text);
      }
      return Optional.empty();
    }
    String once = null;
    String instance = null;
    boolean kubernetes = false;
    List<Substitution> substitutions = new ArrayList<>();
    Matcher clause = CLAUSE.matcher(ci.group(1).strip());
    int at = 0;
    while (at < clause.regionEnd()) {
      if (!clause.find(at) || clause.start() != at) {
        throw new IllegalArgumentException("cannot read the CI marker from '"
            + ci.group(1).strip().substring(at) + "' (clauses: once (REASON); instance FILE;"
            + " \"OLD\" -> \"NEW\" (REASON); kubernetes)");
      }
      if (clause.group(1) != null) {
        once = clause.group(1);
      } else if (clause.group(2) != null) {
        instance = clause.group(2);
      } else if (clause.group(6) != null) {
        kubernetes = true;
      } else {
        substitutions.add(new Substitution(clause.group(3), clause.group(4), clause.group(5)));
      }
      at = clause.end();
    }
    return Optional.of(new CiMarker(null, once, instance, List.copyOf(substitutions), kubernetes));
  }

  /** The block as CI runs it; a substitution that no longer matches is an error (the docs changed). */
  String apply(String block) {
    String result = block;
    for (Substitution s : substitutions) {
      if (!result.contains(s.from())) {
        throw new IllegalStateException("the CI marker replaces \"" + s.from() + "\", which the block no longer contains");
      }
      result = result.replace(s.from(), s.to());
    }
    return result;
  }
}
