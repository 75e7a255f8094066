package io.tablestoreycsb.binding.tools;

import com.alicloud.openservices.tablestore.SyncClient;
import io.tablestoreycsb.binding.BindingRun;
import io.tablestoreycsb.binding.client.SharedClients;
import io.tablestoreycsb.binding.client.TableCheck;
import io.tablestoreycsb.binding.config.ClientConfig;
import io.tablestoreycsb.binding.config.ConfigException;
import io.tablestoreycsb.binding.config.KeyNumberLimits;
import io.tablestoreycsb.binding.config.KnownProperties;
import io.tablestoreycsb.binding.config.PropertiesFiles;
import io.tablestoreycsb.binding.config.ShapeOverrides;
import io.tablestoreycsb.binding.stats.RunOutcome;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import site.ycsb.workloads.CoreWorkload;

/**
 * What {@code bin/ycsb load|run} starts: checks the binding's properties and the table first, so
 * that a misconfigured run stops at once with a clear message and a non-zero exit status (YCSB's
 * Client would log a stack trace per thread, run zero operations and exit 0), then hands the
 * unchanged command line to {@code site.ycsb.Client}.
 *
 * <p>YCSB's Client ends with {@code System.exit(0)} whatever became of the rows. A shutdown hook
 * then prints the binding's verdict on the run ({@link RunOutcome#verdict}: rows lost, a load that
 * stopped before its record count, reads that mostly found no row) as the last lines on stderr, after
 * YCSB's report, and exits 1 when rows were lost ({@link RunOutcome#exitStatus}).
 *
 * <p>YCSB's Client echoes its command line to stderr; a secret given with {@code -p} is moved
 * into a private temporary properties file so it is not printed (it was still visible to
 * {@code ps}: use a properties file or the environment variables instead).
 */
public final class YcsbMain {
  private static final Set<String> SECRET_PROPERTIES = Set.of(
      ClientConfig.ACCESS_KEY_SECRET, ClientConfig.STS_TOKEN, "alibaba.cloud.tablestore.access_key");

  /** The private file a -p secret was moved to, deleted at exit; null when there is none. */
  private static volatile Path secretsFile;

  private YcsbMain() {
  }

  public static void main(String[] args) throws IOException {
    Properties props;
    ShapeOverrides overrides = new ShapeOverrides();
    try {
      props = ycsbProperties(args, overrides);
    } catch (IllegalArgumentException e) {
      // YCSB's Client would print its usage and exit 0 (or die on a NumberFormatException).
      System.err.println("ycsb: " + e.getMessage() + "; see bin/ycsb --help");
      System.exit(2);
      return;
    } catch (IOException e) {
      System.err.println("ycsb: cannot read a -P properties file: " + e);
      System.exit(2);
      return;
    }
    overrides.notices().forEach(notice -> System.err.println("ycsb: " + notice));
    KnownProperties.warnAboutLikelyTyposOnce(props, System.err);
    try {
      checkWorkload(props);
      ClientConfig config = ClientConfig.from(props);
      SyncClient client = SharedClients.newToolClient(config);
      try {
        TableCheck.verify(client, config);
      } finally {
        client.shutdown();
      }
    } catch (ConfigException | TableCheck.TableCheckException e) {
      System.err.println("ycsb: " + e.getMessage());
      System.exit(2);
    }
    String[] ycsbArgs = hideSecrets(args);
    Runtime.getRuntime().addShutdownHook(new Thread(YcsbMain::endWithOutcome, "ycsb-outcome"));
    site.ycsb.Client.main(ycsbArgs);
  }

  /**
   * At exit, after YCSB's report: one line per problem of the run, and exit status 1 when rows were
   * lost or a load is incomplete. {@code Runtime.halt} is the only way to change the status of an exit
   * already under way; the secrets file that {@code deleteOnExit} would have removed is removed first.
   */
  private static void endWithOutcome() {
    RunOutcome outcome = BindingRun.lastOutcome();
    if (outcome == null) {
      return;
    }
    System.out.flush();
    for (String line : outcome.verdict()) {
      System.err.println("ycsb: " + line);
    }
    System.err.flush();
    if (outcome.exitStatus() != 0) {
      Path secrets = secretsFile;
      if (secrets != null) {
        try {
          Files.deleteIfExists(secrets);
        } catch (IOException e) {
          System.err.println("ycsb: could not delete " + secrets + ": " + e.getMessage());
        }
      }
      Runtime.getRuntime().halt(outcome.exitStatus());
    }
  }

  /**
   * The workload class must exist (YCSB's Client prints a stack trace and exits 0 otherwise), and a
   * CoreWorkload's key range must fit YCSB's int key numbers ({@link KeyNumberLimits}).
   */
  static void checkWorkload(Properties props) {
    String name = props.getProperty("workload");
    if (name == null || name.isBlank()) {
      throw new ConfigException("workload is not set: give a workload file, e.g. -P workloads/tablestore-batch-write");
    }
    Class<?> workload;
    try {
      workload = Class.forName(name, false, YcsbMain.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new ConfigException("workload='" + name + "' is not a class on the classpath (e.g. "
          + "io.tablestoreycsb.binding.TablestoreWorkload or site.ycsb.workloads.CoreWorkload)");
    }
    if (CoreWorkload.class.isAssignableFrom(workload)) {
      KeyNumberLimits.check(props);
    }
  }

  /**
   * The properties YCSB's Client will see: -P files in order, then -p pairs, then -threads,
   * {@code -load} / {@code -t} as {@code dotransactions}.
   */
  static Properties ycsbProperties(String[] args) throws IOException {
    return ycsbProperties(args, new ShapeOverrides());
  }

  /** As {@link #ycsbProperties(String[])}, telling {@code overrides} each source in order. */
  static Properties ycsbProperties(String[] args, ShapeOverrides overrides) throws IOException {
    Properties files = new Properties();
    Properties cli = new Properties();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "-P" -> {
          String name = value(args, ++i, a);
          Properties file = PropertiesFiles.load(Path.of(name));
          overrides.file(name, file);
          files.putAll(file);
        }
        case "-p" -> {
          String kv = value(args, ++i, a);
          int eq = kv.indexOf('=');
          if (eq < 0) {
            throw new IllegalArgumentException("-p needs key=value");
          }
          cli.setProperty(kv.substring(0, eq), kv.substring(eq + 1));
        }
        case "-threads" -> cli.setProperty(ClientConfig.YCSB_THREAD_COUNT, value(args, ++i, a));
        case "-target" -> {
          String target = value(args, ++i, a);
          try {
            if (Integer.parseInt(target) < 0) {
              throw new NumberFormatException();
            }
          } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-target must be a whole number of operations per second, got '"
                + target + "'");
          }
        }
        case "-db", "-l" -> value(args, ++i, a);
        case "-load" -> cli.setProperty("dotransactions", "false");
        case "-t" -> cli.setProperty("dotransactions", "true");
        case "-s" -> {
          // a flag YCSB reads itself
        }
        default -> throw new IllegalArgumentException(a.startsWith("-")
            ? "unknown option '" + a + "'"
            // Not echoed: a stray value may be a secret that followed a mistyped option.
            : "argument " + (i + 1) + " is not an option nor the value of one");
      }
    }
    overrides.commandLine(cli);
    files.putAll(cli);
    return files;
  }

  private static String value(String[] args, int i, String option) {
    if (i >= args.length) {
      throw new IllegalArgumentException(option + " needs a value");
    }
    return args[i];
  }

  /** Moves {@code -p <secret>=...} pairs into a private temporary file given as the last -P. */
  static String[] hideSecrets(String[] args) throws IOException {
    List<String> kept = new ArrayList<>();
    Properties secrets = new Properties();
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("-p") && i + 1 < args.length) {
        String kv = args[i + 1];
        int eq = kv.indexOf('=');
        if (eq > 0 && SECRET_PROPERTIES.contains(kv.substring(0, eq))) {
          secrets.setProperty(kv.substring(0, eq), kv.substring(eq + 1));
          i++;
          continue;
        }
      }
      kept.add(args[i]);
    }
    if (secrets.isEmpty()) {
      return args;
    }
    System.err.println("ycsb: warning: a secret was given with -p, where other users of this machine can see it"
        + " (ps); put it in a properties file or the TABLESTORE_ACCESS_KEY_SECRET / TABLESTORE_STS_TOKEN"
        + " environment variables");
    Path file = Files.createTempFile("tablestore-secret", ".properties",
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    file.toFile().deleteOnExit();
    secretsFile = file;
    try (OutputStream out = Files.newOutputStream(file)) {
      secrets.store(out, null);
    }
    kept.add("-P");
    kept.add(file.toString());
    return kept.toArray(new String[0]);
  }
}
