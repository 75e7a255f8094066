package io.tablestoreycsb.mock.conformance;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the Go SDK's api_test.go runs without (src/test/sdk-conformance/go-api-test/excluded.txt):
 * suite tests not run and set-up lines left out, each with its reason, applied to a copy of the
 * published test file so that nothing else of it changes; and the known gaps, tests that run but
 * cannot pass until the mock serves a feature they use.
 */
final class GoApiTestExclusions {
  /** One entry: {@code test}, {@code setup} or {@code gap}, the test name or set-up line, and why. */
  record Entry(Kind kind, String what, String why) {}

  enum Kind { TEST, SETUP, GAP }

  private static final Pattern SUITE_TEST = Pattern.compile("(?m)^func \\(s \\*TableStoreSuite\\) (Test\\w+)\\(c \\*C\\)");

  private final List<Entry> entries;

  private GoApiTestExclusions(List<Entry> entries) {
    this.entries = entries;
  }

  static GoApiTestExclusions read(Path file) throws IOException {
    List<Entry> entries = new ArrayList<>();
    for (ListFile.Line line : ListFile.read(file, "KIND | WHAT | WHY")) {
      entries.add(new Entry(Kind.valueOf(line.field(0).toUpperCase()), line.field(1), line.field(2)));
    }
    return new GoApiTestExclusions(entries);
  }

  List<Entry> entries() {
    return entries;
  }

  /** Tests not run. */
  Set<String> excludedTests() {
    return names(Kind.TEST);
  }

  /** Tests that run and are known not to pass yet. */
  Set<String> gaps() {
    return names(Kind.GAP);
  }

  private Set<String> names(Kind kind) {
    Set<String> names = new TreeSet<>();
    for (Entry e : entries) {
      if (e.kind() == kind) {
        names.add(e.what());
      }
    }
    return names;
  }

  /** The TableStoreSuite tests the file defines, in name order. */
  static Set<String> suiteTests(String apiTestSource) {
    Set<String> names = new TreeSet<>();
    Matcher m = SUITE_TEST.matcher(apiTestSource);
    while (m.find()) {
      names.add(m.group(1));
    }
    return names;
  }

  /**
   * The test file with each excluded set-up line replaced by a comment giving the reason (line
   * numbers stay as published). Fails when an excluded line or test is not in the file exactly
   * once: the list must follow the pinned SDK version.
   */
  String apply(String apiTestSource) {
    Set<String> defined = suiteTests(apiTestSource);
    String[] lines = apiTestSource.split("\n", -1);
    for (Entry e : entries) {
      if (e.kind() != Kind.SETUP) {
        if (!defined.contains(e.what())) {
          throw new IllegalStateException("listed test " + e.what() + " is not in api_test.go");
        }
        continue;
      }
      int found = -1;
      for (int i = 0; i < lines.length; i++) {
        if (lines[i].trim().equals(e.what())) {
          if (found >= 0) {
            throw new IllegalStateException("excluded set-up line appears more than once: " + e.what());
          }
          found = i;
        }
      }
      if (found < 0) {
        throw new IllegalStateException("excluded set-up line is not in api_test.go: " + e.what());
      }
      String indent = lines[found].substring(0, lines[found].indexOf(e.what()));
      lines[found] = indent + "// left out by tablestore-mock (excluded.txt): " + e.what();
    }
    return String.join("\n", lines);
  }
}
