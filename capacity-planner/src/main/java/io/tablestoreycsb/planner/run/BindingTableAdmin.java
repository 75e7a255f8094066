package io.tablestoreycsb.planner.run;

import io.tablestoreycsb.binding.tools.TableTool;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Table set-up through the binding's table tool, called in-process as a library
 * ({@link TableTool#run(String[], PrintWriter, PrintWriter)}), with the same endpoint properties file the
 * runners get.
 */
public final class BindingTableAdmin implements TableAdmin {
  private static final Pattern PARTITIONS = Pattern.compile("(?m)^partitions: (\\d+)");
  private static final Pattern COUNT = Pattern.compile("(?m)^(\\d+)\\s*$");

  private final Path endpointProperties;

  public BindingTableAdmin(Path endpointProperties) {
    this.endpointProperties = endpointProperties;
  }

  @Override
  public void ensureTable(String table, int partitions) {
    Result described = tool("describe", table);
    if (described.exit != 0) {
      if (!described.err.contains("OTSObjectNotExist")) {
        throw new IllegalStateException("cannot describe table " + table + ": " + described.err.strip());
      }
      Result created = tool("create", table, "--partitions", Integer.toString(partitions));
      if (created.exit != 0) {
        throw new IllegalStateException(created.err.strip());
      }
      described = tool("describe", table);
      if (described.exit != 0) {
        throw new IllegalStateException("cannot describe table " + table + " after creating it: "
            + described.err.strip());
      }
    }
    Matcher m = PARTITIONS.matcher(described.out);
    if (!m.find()) {
      throw new IllegalStateException("the table tool's describe output has no 'partitions:' line:\n" + described.out);
    }
    int actual = Integer.parseInt(m.group(1));
    if (actual != partitions) {
      throw new IllegalStateException("table " + table + " has " + actual + " partition(s), the plan needs "
          + partitions + ". On Alibaba Cloud, pre-splitting a new table is done on request (support ticket with "
          + "the split points 'bin/tablestore-table create' prints); or drop the table "
          + "(bin/tablestore-table drop -P FILE --table " + table + ") if it was created with another count.");
    }
  }

  @Override
  public long countRows(String table) {
    Result counted = tool("count", table);
    if (counted.exit != 0) {
      throw new IllegalStateException(counted.err.strip());
    }
    Matcher m = COUNT.matcher(counted.out);
    long last = -1;
    while (m.find()) {
      last = Long.parseLong(m.group(1));
    }
    if (last < 0) {
      throw new IllegalStateException("the table tool's count printed no number:\n" + counted.out);
    }
    return last;
  }

  private record Result(int exit, String out, String err) {}

  private Result tool(String command, String table, String... more) {
    String[] args = new String[4 + more.length + 2];
    args[0] = command;
    args[1] = "-P";
    args[2] = endpointProperties.toString();
    args[3] = "--table";
    args[4] = table;
    System.arraycopy(more, 0, args, 5, more.length);
    args = java.util.Arrays.copyOf(args, 5 + more.length);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = TableTool.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Result(exit, out.toString(), err.toString());
  }
}
