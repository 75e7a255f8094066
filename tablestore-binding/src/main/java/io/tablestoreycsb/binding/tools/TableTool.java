package io.tablestoreycsb.binding.tools;

import io.tablestoreycsb.binding.ClientConfig;
import io.tablestoreycsb.binding.ConfigException;
import io.tablestoreycsb.binding.KeyFormat;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code bin/tablestore-table create|describe|count|drop -P FILE [--table T] [--partitions N]}:
 * sets up and inspects the benchmark table with the same properties files as {@code bin/ycsb}.
 * Exit codes: 0 done, 1 the service refused or failed, 2 bad command line or properties.
 */
@Command(name = "tablestore-table", mixinStandardHelpOptions = true,
    description = "Create, describe, count or drop the YCSB table on Tablestore.",
    subcommands = {TableTool.Create.class, TableTool.Describe.class, TableTool.Count.class, TableTool.Drop.class},
    exitCodeOnInvalidInput = 2)
public final class TableTool implements Runnable {
  @Spec
  CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /** Runs the tool with the given output streams and returns the exit code (for tests). */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    CommandLine cl = new CommandLine(new TableTool());
    cl.setOut(out);
    cl.setErr(err);
    cl.setExecutionExceptionHandler((e, cmd, parsed) -> {
      if (e instanceof ConfigException || e instanceof UsageProblem) {
        cmd.getErr().println("tablestore-table: " + e.getMessage());
        return 2;
      }
      if (e instanceof ToolFailure) {
        cmd.getErr().println("tablestore-table: " + e.getMessage());
        return 1;
      }
      cmd.getErr().println("tablestore-table: " + cmd.getCommandName() + " failed: " + e);
      return 1;
    });
    return cl.execute(args);
  }

  @Override
  public void run() {
    throw new ParameterException(spec.commandLine(), "a command is required: create, describe, count or drop");
  }

  /** Options every command takes: where the instance is and which table. */
  static class Common {
    @Option(names = "-P", paramLabel = "FILE", required = true,
        description = "Properties file with tablestore.endpoint, tablestore.instance, credentials ... (repeatable).")
    List<Path> propertyFiles = new ArrayList<>();

    @Option(names = "-p", paramLabel = "KEY=VALUE", description = "Set or override one property (repeatable).")
    Map<String, String> overrides = Map.of();

    @Option(names = "--table", paramLabel = "NAME",
        description = "Table name (default: the 'table' property, else usertable).")
    String table;

    ClientConfig config() {
      Properties props = new Properties();
      for (Path file : propertyFiles) {
        if (!Files.isReadable(file)) {
          throw new UsageProblem("-P " + file + ": no such readable file");
        }
        try (InputStream in = Files.newInputStream(file)) {
          props.load(in);
        } catch (IOException e) {
          throw new UsageProblem("-P " + file + ": cannot read it: " + e.getMessage());
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

  @Command(name = "create", mixinStandardHelpOptions = true,
      description = "Create the table: one STRING primary key column (tablestore.primarykey, default userid),"
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
      if (partitions < 1 || partitions > 65536) {
        throw new ParameterException(spec.commandLine(),
            "--partitions must be from 1 to 65536, got " + partitions);
      }
      ClientConfig config = common.config();
      new TableAdmin(config, spec.commandLine().getOut(), spec.commandLine().getErr())
          .create(KeyFormat.splitPoints(partitions));
      return 0;
    }
  }

  @Command(name = "describe", mixinStandardHelpOptions = true,
      description = "Show the table's primary key, options and the partitions the service reports.")
  static final class Describe implements Callable<Integer> {
    @CommandLine.Mixin
    Common common = new Common();

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
      new TableAdmin(common.config(), spec.commandLine().getOut(), spec.commandLine().getErr()).describe();
      return 0;
    }
  }

  @Command(name = "count", mixinStandardHelpOptions = true,
      description = "Count the table's rows (a paginated GetRange reading only the primary key) and print the number.")
  static final class Count implements Callable<Integer> {
    @CommandLine.Mixin
    Common common = new Common();

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
      long rows = new TableAdmin(common.config(), spec.commandLine().getOut(), spec.commandLine().getErr()).count();
      spec.commandLine().getOut().println(rows);
      return 0;
    }
  }

  @Command(name = "drop", mixinStandardHelpOptions = true, description = "Delete the table and all its rows.")
  static final class Drop implements Callable<Integer> {
    @CommandLine.Mixin
    Common common = new Common();

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
      new TableAdmin(common.config(), spec.commandLine().getOut(), spec.commandLine().getErr()).drop();
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

  /** The service refused or failed (exit code 1); the message says what to do. */
  static final class ToolFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ToolFailure(String message) {
      super(message);
    }
  }

}
