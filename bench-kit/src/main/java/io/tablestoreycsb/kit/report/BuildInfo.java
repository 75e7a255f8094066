package io.tablestoreycsb.kit.report;

import io.tablestoreycsb.kit.cli.ToolVersion;

/**
 * Versions of this tool and of the client libraries it runs, as a report states them: read by the
 * binding's {@link ToolVersion} from the {@code pom.properties} inside the jars on the class path, so they
 * name the libraries that actually ran (the same as every launcher's {@code --version}).
 *
 * @param toolVersion tablestore-ycsb version
 * @param sdkVersion Tablestore Java SDK version
 * @param ycsbVersion YCSB core version
 */
public record BuildInfo(String toolVersion, String sdkVersion, String ycsbVersion) {
  public static final String UNKNOWN = "unknown";

  private static final BuildInfo CURRENT = new BuildInfo(ToolVersion.project(),
      ToolVersion.version("com.aliyun.openservices", "tablestore"), ToolVersion.version("site.ycsb", "core"));

  /** The versions of this JVM's classpath. */
  public static BuildInfo current() {
    return CURRENT;
  }
}
