package io.tablestoreycsb.planner.runner;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/** Reads a property out of a YCSB command line the way {@code site.ycsb.Client} does. */
final class YcsbArguments {
  private YcsbArguments() {}

  /**
   * The value {@code name} has for YCSB given {@code args}: from {@code -p name=value}, else from the
   * last {@code -P file} that sets it (YCSB: -p wins over files; of files, the later wins).
   */
  static Optional<String> property(List<String> args, String name) throws IOException {
    String fromFlag = null;
    String fromFile = null;
    for (int i = 0; i + 1 < args.size(); i++) {
      String value = args.get(i + 1);
      if (args.get(i).equals("-p") && value.startsWith(name + "=")) {
        fromFlag = value.substring(name.length() + 1);
      } else if (args.get(i).equals("-P")) {
        Properties file = new Properties();
        try (Reader in = Files.newBufferedReader(Path.of(value))) {
          file.load(in);
        }
        fromFile = file.getProperty(name, fromFile);
      }
    }
    return Optional.ofNullable(fromFlag != null ? fromFlag : fromFile);
  }

  /** All properties {@code args} give YCSB: the {@code -P} files in order, then the {@code -p} flags. */
  static Properties properties(List<String> args) throws IOException {
    Properties all = new Properties();
    for (int i = 0; i + 1 < args.size(); i++) {
      if (args.get(i).equals("-P")) {
        try (Reader in = Files.newBufferedReader(Path.of(args.get(i + 1)))) {
          all.load(in);
        }
      }
    }
    for (int i = 0; i + 1 < args.size(); i++) {
      String value = args.get(i + 1);
      int eq = value.indexOf('=');
      if (args.get(i).equals("-p") && eq > 0) {
        all.setProperty(value.substring(0, eq), value.substring(eq + 1));
      }
    }
    return all;
  }
}
