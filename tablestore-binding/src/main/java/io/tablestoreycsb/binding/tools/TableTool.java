package io.tablestoreycsb.binding.tools;

import io.tablestoreycsb.binding.config.ClientConfig;
import io.tablestoreycsb.binding.config.ConfigException;
import io.tablestoreycsb.binding.config.KeyFormat;
import io.tablestoreycsb.binding.config.PropertiesFiles;
import io.tablestoreycsb.kit.cli.Launcher;
import io.tablestoreycsb.kit.cli.ToolVersion;
import io.tablestoreycsb.kit.cli.UsageErrors;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * {@code bin/tablestore-table create|describe|count|drop -P FILE [--table T] [--partitions N]}:
 * sets up and inspects the benchmark table with the same properties files as {@code bin/ycsb}.
 * Exit codes: 0 done, 1 the service refused or failed, 2 bad command line or properties. The work
 * is {@link TableSetup}'s; this class parses the command line and prints.
 */
@Command(name = TableTool.NAME, mixinStandardHelpOptions = true, versionProvider = ToolVersion.class,
    description = "Create, describe, count or drop the YCSB table on Tablestore.",
    subcommands = {TableTool.Create.class, TableTool.Describe.class, TableTool.Count.class, TableTool.Drop.class},
    exitCodeOnInvalidInput = 2)
public final class TableTool implements Runnable {
  static final String NAME = "tablestore-table";

  @Spec
  CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    Launcher.exit((out, err) -> run(args, out, err));
  }

  /** Runs the tool with the given output streams and returns the exit code (for tests). */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    return Launcher.execute(new CommandLine(new TableTool()), NAME, args, out, err, (e, cmd, parsed) -> {
      if (e instanceof ConfigException || e instanceof UsageProblem) {
        cmd.getErr().println("tablestore-table: " + e.getMessage());
        return UsageErrors.USAGE;
      }
      if (e instanceof TableSetupException tse) {
        cmd.getErr().println("tablestore-table: " + e.getMessage());
        // Refused credentials are a configuration error, as for bin/ycsb.
        return tse.credentialsRefused() ? UsageErrors.USAGE : 1;
      }
      cmd.getErr().println("tablestore-table: " + cmd.getCommandName() + " failed: " + e);
      return 1;
    });
  }

  @Override
  public void run() {
    throw new ParameterException(spec.commandLine(), "a command is required: create, describe, count or drop");
  }

  /** Options every command takes: where the instance is and which table. */
  static class Common {
    @Option(names = "-P", paramLabel = "FILE", required = true,
        description = "Properties file (repeatable) with the endpoint, instance and credentials"
            + " (tablestore.* properties, as for bin/ycsb).")
    List<Path> propertyFiles = new ArrayList<>();

    @Option(names = "-p", paramLabel = "KEY=VALUE", description = "Set or override one property (repeatable).")
    Map<String, String> overrides = Map.of();

    @Option(names = "--table", paramLabel = "NAME",
        description = "Table name (default: the 'table' property, else usertable).")
    String table;

    ClientConfig config() {
      Properties props = new Properties();
      for (Path file : propertyFiles) {
        try {
          PropertiesFiles.loadInto(props, file);
        } catch (IllegalArgumentException e) {
          throw new UsageProblem(e.getMessage());
        }
      }
      props.putAll(overrides);
      if (table != null) {
        if (table.isBlank()) {
          throw new UsageProblem("--table must not be empty");
        }
        props.setProperty(ClientConfig.YCSB_TABLE, table);
      }
      return ClientConfig.from(props);
    }
  }

  @Command(name = "create", mixinStandardHelpOptions = true, versionProvider = ToolVersion.class,
      description = "Create the table: one STRING primary key column (its name is the property"
          + " tablestore.primarykey, default userid),"
          + " pre-split at the hex-prefix boundaries that divide 0000..ffff evenly.")
  static final class Create implements Callable<Integer> {
    @CommandLine.Mixin
    Common common = new Common();

    @Option(names = "--partitions", paramLabel = "N", defaultValue = "1",
        description = "Number of partitions to pre-split into: 1, 4, 16 or any N from 1 to 65536 (default 1).")
    int partitions;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
      if (partitions < 1 || partitions > TableSetup.MAX_PARTITIONS) {
        throw new ParameterException(spec.commandLine(),
            "--partitions must be from 1 to " + TableSetup.MAX_PARTITIONS + ", got " + partitions);
      }
      ClientConfig config = common.config();
      PrintWriter out = spec.commandLine().getOut();
      TableDescription created = new TableSetup(config).create(partitions);
      List<String> asked = KeyFormat.splitPoints(partitions);
      out.println("created table '" + config.table() + "' on instance '" + config.instance() + "': primary key "
          + config.primaryKey() + " STRING, max versions " + config.maxVersions() + ", " + created.partitions()
          + " partition(s)" + (asked.isEmpty() ? "" : " (split at " + String.join(", ", asked) + ")"));
      if (created.partitions() != partitions) {
        spec.commandLine().getErr().println("tablestore-table: asked for " + partitions + " partitions but the"
            + " service reports " + created.partitions() + ". Alibaba Cloud starts new tables with one partition"
            + " and pre-splits on request: open a support ticket giving the table name and the split points "
            + String.join(", ", asked) + ".");
      }
      return 0;
    }
  }

  @Command(name = "describe", mixinStandardHelpOptions = true, versionProvider = ToolVersion.class,
      description = "Show the table's primary key, options and the partitions the service reports.")
  static final class Describe implements Callable<Integer> {
    @CommandLine.Mixin
    Common common = new Common();

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
      print(new TableSetup(common.config()).describe(), spec.commandLine().getOut());
      return 0;
    }

    private static void print(TableDescription d, PrintWriter out) {
      out.println("table: " + d.table());
      out.println("primary key: " + String.join(", ", d.primaryKey()));
      if (d.maxVersions() != null || d.timeToLiveSeconds() != null) {
        out.println("max versions: " + orUnknown(d.maxVersions()) + ", time to live: "
            + (d.timeToLiveSeconds() == null ? "?" : seconds(d.timeToLiveSeconds())));
      }
      if (d.reservedReadCu() != null || d.reservedWriteCu() != null) {
        out.println("reserved throughput: read " + orUnknown(d.reservedReadCu()) + " CU, write "
            + orUnknown(d.reservedWriteCu()) + " CU");
      }
      out.println("partitions: " + d.partitions());
      String lower = "INF_MIN";
      List<String> splits = d.splitPoints();
      for (int i = 0; i <= splits.size(); i++) {
        String upper = i < splits.size() ? shown(splits.get(i), d.stringSplitPoints()) : "INF_MAX";
        out.println("  " + (i + 1) + ": [" + lower + ", " + upper + ")");
        lower = upper;
      }
    }

    private static String shown(String splitPoint, boolean string) {
      return string ? "\"" + splitPoint + "\"" : splitPoint;
    }

    private static String orUnknown(Integer value) {
      return value == null ? "?" : value.toString();
    }

    private static String seconds(int ttl) {
      return ttl < 0 ? "forever" : ttl + " s";
    }
  }

  @Command(name = "count", mixinStandardHelpOptions = true, versionProvider = ToolVersion.class,
      description = "Count the table's rows (a paginated GetRange reading only the primary key) and print the number.")
  static final class Count implements Callable<Integer> {
    @CommandLine.Mixin
    Common common = new Common();

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
      long rows = new TableSetup(common.config()).countRows();
      spec.commandLine().getOut().println(rows);
      return 0;
    }
  }

  @Command(name = "drop", mixinStandardHelpOptions = true, versionProvider = ToolVersion.class, description = "Delete the table and all its rows.")
  static final class Drop implements Callable<Integer> {
    @CommandLine.Mixin
    Common common = new Common();

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
      ClientConfig config = common.config();
      new TableSetup(config).drop();
      spec.commandLine().getOut().println("dropped table '" + config.table() + "' on instance '" + config.instance() + "'");
      return 0;
    }
  }

  /** The command line or a file named on it is wrong (exit code 2). */
  static final class UsageProblem extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UsageProblem(String message) {
      super(message);
    }
  }
}
