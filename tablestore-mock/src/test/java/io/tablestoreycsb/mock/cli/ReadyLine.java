package io.tablestoreycsb.mock.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The launcher's documented ready line, parsed the way tools parse it. */
record ReadyLine(String endpoint, String instance) {

  private static final Pattern FORMAT =
      Pattern.compile("tablestore-mock listening on (http://127\\.0\\.0\\.1:\\d+) instance=(\\S+)");

  static ReadyLine parse(String line) {
    assertThat(line).as("ready line").matches(FORMAT);
    Matcher m = FORMAT.matcher(line);
    m.matches();
    return new ReadyLine(m.group(1), m.group(2));
  }
}
