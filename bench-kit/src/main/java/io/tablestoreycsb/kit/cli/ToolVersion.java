package io.tablestoreycsb.kit.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * The {@code --version} line of every launcher: this project's version and the versions of the
 * Tablestore SDK and YCSB on the class path, read from the {@code pom.properties} Maven writes into
 * each jar (so the line tells what actually runs, not what a pom asked for).
 * {@code bin/ycsb --version} runs {@link #main}; the picocli tools use it as their version provider.
 */
public final class ToolVersion implements IVersionProvider {
  /** Prints {@code PROGRAM VERSION-LINE}; the program name is the first argument. */
  public static void main(String[] args) {
    System.out.println((args.length > 0 ? args[0] + " " : "") + line());
  }

  /** E.g. {@code tablestore-ycsb 0.1.0 (Tablestore Java SDK 5.17.10, YCSB 0.17.0)}. */
  public static String line() {
    return "tablestore-ycsb " + project() + " (Tablestore Java SDK "
        + version("com.aliyun.openservices", "tablestore") + ", YCSB " + version("site.ycsb", "core") + ")";
  }

  /**
   * This project's version: from a resource Maven filters at every build, so it is known in a jar and in
   * {@code target/classes} alike; "unknown" when the classes were built without Maven (an IDE).
   */
  public static String project() {
    String version = versionIn("/io/tablestoreycsb/kit/cli/tool-version.properties");
    return version.startsWith("${") ? "unknown" : version;
  }

  /** The version in the jar of {@code group:artifact} on the class path, or "unknown". */
  public static String version(String group, String artifact) {
    return versionIn("/META-INF/maven/" + group + "/" + artifact + "/pom.properties");
  }

  /** The {@code version} property of a properties resource on the class path, or "unknown". */
  private static String versionIn(String resource) {
    try (InputStream in = ToolVersion.class.getResourceAsStream(resource)) {
      if (in == null) {
        return "unknown";
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version", "unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }

  @Override
  public String[] getVersion() {
    return new String[] {"${COMMAND-FULL-NAME} " + line()};
  }
}
