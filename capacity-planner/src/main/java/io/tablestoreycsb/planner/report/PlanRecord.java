package io.tablestoreycsb.planner.report;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.tablestoreycsb.binding.config.EndpointText;
import io.tablestoreycsb.kit.report.BuildInfo;
import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.mock.faults.FaultPlan;
import io.tablestoreycsb.planner.matrix.CaseSpec;
import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.matrix.Slo;
import java.io.IOException;
import java.io.Reader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * One start of a plan: what it ran against and with, recorded in the plan's output directory when it starts
 * ({@value #FILE_NAME}, a JSON list: a resumed plan adds one entry per start), so that a report over
 * its directories can say so. Never holds credentials. The JSON keys of the matrix's name and file are
 * {@code plan} and {@code matrix}, as older planners wrote them.
 *
 * @param startedEpochMs when the plan started
 * @param command the planner command that started it (run, quickstart)
 * @param matrixName the name of the matrix the plan ran ({@code [plan] name})
 * @param instanceType instance type label
 * @param matrixFile the matrix file
 * @param quick whether the matrix ran with --quick
 * @param db YCSB DB class of the runners
 * @param endpointKind what the endpoint is
 * @param endpoint the endpoint URL (no user information), or null without one
 * @param instance the Tablestore instance name, or null
 * @param mock the embedded mock's capacity and latency model, or null when it was not the embedded mock
 * @param build versions of the tool, the SDK and YCSB that ran the plan
 * @param slo the plan's latency objective as written ("p99 < 10ms"), or null
 * @param caseSlos cases with their own objective: case name to objective; null or empty when none
 */
public record PlanRecord(long startedEpochMs, String command, @JsonProperty("plan") String matrixName,
    String instanceType, @JsonProperty("matrix") String matrixFile, boolean quick, String db, EndpointKind endpointKind, String endpoint, String instance, MockModel mock,
    BuildInfo build, String slo, Map<String, String> caseSlos) {

  public static final String FILE_NAME = "plan.json";
  /** A record written by a newer planner may hold more fields: this one reads what it knows. */
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  /** What served the requests. */
  public enum EndpointKind {
    /** The mock the planner started in its own JVM (bin/quickstart). */
    EMBEDDED_MOCK,
    /** An endpoint on this machine (a mock or a proxy started separately): its model is not known here. */
    LOCAL,
    /** An Alibaba Cloud Tablestore endpoint (*.aliyuncs.com). */
    TABLESTORE,
    /** Another host: not an Alibaba Cloud name (a proxy, or a mock on another machine). */
    OTHER_HOST,
    /** The runners did not use the Tablestore binding (e.g. YCSB's BasicDB). */
    NOT_TABLESTORE
  }

  /**
   * The embedded mock's service model.
   *
   * @param partitionCapacity rows per second each partition serves; 0 = unlimited
   * @param latency added-latency rules in the mock's syntax (e.g. {@code GetRow=2ms}); empty = none
   * @param faults injected-error rules (e.g. {@code PutRow=OTSServerBusy@0.05}); empty = none
   */
  public record MockModel(double partitionCapacity, List<String> latency, List<String> faults) {}

  /** A plan against the mock the planner started itself, with the mock's model as configured now. */
  public static PlanRecord embeddedMock(String command, Matrix matrix, MockTablestore mock) {
    FaultPlan model = mock.faultPlan();
    return new PlanRecord(System.currentTimeMillis(), command, matrix.name(), matrix.instanceType(),
        matrix.source().toString(), false, matrix.db(), EndpointKind.EMBEDDED_MOCK, mock.endpoint(),
        mock.instanceName(), new MockModel(model.partitionCapacity(),
            model.latencies().stream().map(Object::toString).toList(),
            model.faults().stream().map(Object::toString).toList()), BuildInfo.current(), sloText(matrix.slo()),
        caseSlos(matrix));
  }

  private static String sloText(Slo slo) {
    return slo == null ? null : slo.toString();
  }

  private static Map<String, String> caseSlos(Matrix matrix) {
    Map<String, String> slos = new TreeMap<>();
    for (CaseSpec c : matrix.cases()) {
      if (c.slo() != null) {
        slos.put(c.name(), c.slo().toString());
      }
    }
    return slos;
  }

  /** The objective of a case of this plan: its own, else the plan's; null when neither has one. */
  public Slo sloOf(String caseName) {
    String text = caseSlos == null ? null : caseSlos.get(caseName);
    text = text != null ? text : slo;
    return text == null ? null : Slo.parse(text);
  }

  /**
   * A plan against the endpoint its properties file names (the matrix's own properties override it,
   * as they do for the runners).
   */
  public static PlanRecord endpoint(String command, Matrix matrix, boolean quick, Path endpointProperties)
      throws IOException {
    Properties p = new Properties();
    if (endpointProperties != null) {
      try (Reader r = Files.newBufferedReader(endpointProperties, StandardCharsets.UTF_8)) {
        p.load(r);
      }
    }
    matrix.properties().forEach(p::setProperty);
    // An endpoint written as http://user:secret@host would put a secret into the report: drop it.
    String endpoint = EndpointText.withoutUserInfo(p.getProperty("tablestore.endpoint"));
    EndpointKind kind = matrix.usesTablestore() ? kindOf(endpoint) : EndpointKind.NOT_TABLESTORE;
    return new PlanRecord(System.currentTimeMillis(), command, matrix.name(), matrix.instanceType(),
        matrix.source().toString(), quick, matrix.db(), kind, kind == EndpointKind.NOT_TABLESTORE ? null : endpoint,
        kind == EndpointKind.NOT_TABLESTORE ? null : p.getProperty("tablestore.instance"), null, BuildInfo.current(),
        sloText(matrix.slo()), caseSlos(matrix));
  }

  static EndpointKind kindOf(String endpoint) {
    String host = endpoint == null ? null : hostOf(endpoint);
    if (host == null) {
      return EndpointKind.OTHER_HOST;
    }
    host = host.toLowerCase(Locale.ROOT);
    if (host.equals("localhost") || host.startsWith("127.") || host.equals("[::1]") || host.equals("::1")) {
      return EndpointKind.LOCAL;
    }
    return host.endsWith(".aliyuncs.com") ? EndpointKind.TABLESTORE : EndpointKind.OTHER_HOST;
  }

  private static String hostOf(String endpoint) {
    try {
      return URI.create(endpoint.strip()).getHost();
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** Adds this start to {@value #FILE_NAME} in {@code dir} (created if needed). */
  public void append(Path dir) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve(FILE_NAME);
    List<PlanRecord> starts = new ArrayList<>(Files.isRegularFile(file) ? read(file) : List.of());
    starts.add(this);
    JSON.writeValue(file.toFile(), starts);
  }

  /** The starts recorded in one {@value #FILE_NAME}. */
  public static List<PlanRecord> read(Path file) throws IOException {
    try {
      return JSON.readValue(file.toFile(), new TypeReference<List<PlanRecord>>() {});
    } catch (IOException e) {
      throw new IOException(file + ": not a plan record the planner wrote (" + e.getMessage() + ")", e);
    }
  }

  /** The same plan facts without the start time: starts of one plan that agree describe it once. */
  PlanRecord withoutStart() {
    return new PlanRecord(0, command, matrixName, instanceType, matrixFile, quick, db, endpointKind, endpoint,
        instance, mock, build, slo, caseSlos == null || caseSlos.isEmpty() ? null : caseSlos);
  }
}
