package io.tablestoreycsb.planner.report;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import io.tablestoreycsb.binding.config.EndpointText;
import io.tablestoreycsb.kit.report.BuildInfo;
import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.mock.faults.FaultPlan;
import io.tablestoreycsb.planner.matrix.CaseSpec;
import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.matrix.Slo;
import java.io.IOException;
import java.io.Reader;
import java.net.InetAddress;
import java.net.NetworkInterface;
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
 * its directories can say so. Never holds credentials. Each entry is one flat JSON object: its parts' fields side by
 * side, in the order below (the parts are unwrapped when written; {@link FlatReader} reads them back from the
 * flat object); keys it does not know are ignored.
 *
 * @param startedEpochMs when the plan started
 * @param run what ran: the command, the matrix, --quick and the runners' DB
 * @param target what it ran against: the endpoint and, for the embedded mock, its model
 * @param build versions of the tool, the SDK and YCSB that ran the plan
 * @param objectives the latency objectives of the plan and of its cases
 */
@JsonDeserialize(using = PlanRecord.FlatReader.class)
public record PlanRecord(long startedEpochMs, @JsonUnwrapped MatrixRun run, @JsonUnwrapped Target target,
    BuildInfo build, @JsonUnwrapped Objectives objectives) {

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
   * @param sizing how the capacity was chosen for this machine, or null when it was given
   * @param loadsWithoutCapacity whether the tables were loaded with the capacity lifted
   *     ({@code EmbeddedMockTableAdmin}); null in the records of planners that loaded them through it
   */
  public record MockModel(double partitionCapacity, List<String> latency, List<String> faults,
      @JsonInclude(JsonInclude.Include.NON_NULL) MachineSizing sizing,
      @JsonInclude(JsonInclude.Include.NON_NULL) Boolean loadsWithoutCapacity) {

    /** Whether the record says the loads ran without the capacity. */
    public boolean loadedWithoutCapacity() {
      return Boolean.TRUE.equals(loadsWithoutCapacity);
    }
  }

  /**
   * What ran. The JSON keys of the matrix's name and file are {@code plan} and {@code matrix}, as older planners
   * wrote them.
   *
   * @param command the planner command that started it (run, quickstart)
   * @param matrixName the name of the matrix the plan ran ({@code [plan] name})
   * @param instanceType instance type label
   * @param matrixFile the matrix file
   * @param quick whether the matrix ran with --quick
   * @param db YCSB DB class of the runners
   */
  public record MatrixRun(String command, @JsonProperty("plan") String matrixName, String instanceType,
      @JsonProperty("matrix") String matrixFile, boolean quick, String db) {

    static MatrixRun of(String command, Matrix matrix, boolean quick) {
      return new MatrixRun(command, matrix.name(), matrix.instanceType(), matrix.source().toString(), quick,
          matrix.db());
    }
  }

  /**
   * What the plan ran against.
   *
   * @param endpointKind what the endpoint is
   * @param endpoint the endpoint URL (no user information), or null without one
   * @param instance the Tablestore instance name, or null
   * @param mock the embedded mock's capacity and latency model, or null when it was not the embedded mock
   */
  public record Target(EndpointKind endpointKind, String endpoint, String instance, MockModel mock) {}

  /**
   * The plan's latency objectives, as written ("p99 < 10ms").
   *
   * @param slo the plan's objective, or null
   * @param caseSlos cases with their own objective: case name to objective; null or empty when none
   */
  public record Objectives(String slo, Map<String, String> caseSlos) {

    static Objectives of(Matrix matrix) {
      Map<String, String> slos = new TreeMap<>();
      for (CaseSpec c : matrix.cases()) {
        if (c.slo() != null) {
          slos.put(c.name(), c.slo().toString());
        }
      }
      return new Objectives(matrix.slo() == null ? null : matrix.slo().toString(), slos);
    }

    /** The objective of a case: its own, else the plan's; null when neither has one. */
    public Slo sloOf(String caseName) {
      String text = caseSlos == null ? null : caseSlos.get(caseName);
      text = text != null ? text : slo;
      return text == null ? null : Slo.parse(text);
    }

    /** The same objectives, no case objectives held as null: a record without them says the same. */
    Objectives withoutEmptyCases() {
      return caseSlos == null || caseSlos.isEmpty() ? new Objectives(slo, null) : this;
    }
  }

  /** A plan against the mock the planner started itself, with the mock's model as configured now. */
  public static PlanRecord embeddedMock(String command, Matrix matrix, MockTablestore mock, MachineSizing sizing) {
    FaultPlan model = mock.faultPlan();
    MockModel mockModel = new MockModel(model.partitionCapacity(),
        model.latencies().stream().map(Object::toString).toList(),
        model.faults().stream().map(Object::toString).toList(), sizing, model.partitionCapacity() > 0);
    return new PlanRecord(System.currentTimeMillis(), MatrixRun.of(command, matrix, false),
        new Target(EndpointKind.EMBEDDED_MOCK, mock.endpoint(), mock.instanceName(), mockModel), BuildInfo.current(),
        Objectives.of(matrix));
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
    Target target = kind == EndpointKind.NOT_TABLESTORE ? new Target(kind, null, null, null)
        : new Target(kind, endpoint, p.getProperty("tablestore.instance"), null);
    return new PlanRecord(System.currentTimeMillis(), MatrixRun.of(command, matrix, quick), target,
        BuildInfo.current(), Objectives.of(matrix));
  }

  static EndpointKind kindOf(String endpoint) {
    String host = endpoint == null ? null : hostOf(endpoint);
    if (host == null) {
      return EndpointKind.OTHER_HOST;
    }
    host = host.toLowerCase(Locale.ROOT);
    if (host.equals("localhost") || host.startsWith("127.") || host.equals("[::1]") || host.equals("::1")
        || isAddressOfThisMachine(host)) {
      return EndpointKind.LOCAL;
    }
    return host.endsWith(".aliyuncs.com") ? EndpointKind.TABLESTORE : EndpointKind.OTHER_HOST;
  }

  /**
   * Whether {@code host} is an IP address of one of this machine's interfaces (a mock bound to a bridge
   * that pods reach, say). Only literal addresses: a name is not looked up (a lookup could wait on DNS,
   * and what a name resolves to here need not be what the runners reach).
   */
  private static boolean isAddressOfThisMachine(String host) {
    String literal = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    if (!literal.matches("\\d{1,3}(\\.\\d{1,3}){3}") && !literal.contains(":")) {
      return false;
    }
    try {
      return NetworkInterface.getByInetAddress(InetAddress.getByName(literal)) != null;
    } catch (IOException e) {
      return false; // not an address, or the interfaces cannot be listed: not known to be this machine
    }
  }

  private static String hostOf(String endpoint) {
    try {
      return URI.create(endpoint.strip()).getHost();
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /**
   * Reads one entry of {@value #FILE_NAME}: each part from the flat object. Jackson 2.18 cannot give a record's
   * constructor its unwrapped parts ("combination not yet supported"), so this reader does. An older entry without
   * a part's keys reads with those fields empty.
   */
  static final class FlatReader extends StdDeserializer<PlanRecord> {
    FlatReader() {
      super(PlanRecord.class);
    }

    @Override
    public PlanRecord deserialize(JsonParser parser, DeserializationContext ctxt) throws IOException {
      JsonNode json = ctxt.readTree(parser);
      if (!json.isObject()) {
        return (PlanRecord) ctxt.handleUnexpectedToken(PlanRecord.class, JsonToken.START_OBJECT, parser,
            "a plan record is a JSON object, not %s", json.getNodeType());
      }
      JsonNode build = json.get("build");
      // Each part reads the whole object, so it must ignore the other parts' keys: JSON does.
      return new PlanRecord(json.path("startedEpochMs").asLong(), JSON.treeToValue(json, MatrixRun.class),
          JSON.treeToValue(json, Target.class), build == null || build.isNull() ? null
              : JSON.treeToValue(build, BuildInfo.class), JSON.treeToValue(json, Objectives.class));
    }
  }

  /** Adds this start to {@value #FILE_NAME} in {@code dir} (created if needed). */
  public void append(Path dir) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve(FILE_NAME);
    List<PlanRecord> starts = new ArrayList<>(Files.isRegularFile(file) ? read(file) : List.of());
    starts.add(this);
    write(file, starts);
  }

  /** Writes {@code starts} as the list {@code file} holds. */
  static void write(Path file, List<PlanRecord> starts) throws IOException {
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
    return new PlanRecord(0, run, target, build, objectives.withoutEmptyCases());
  }
}
