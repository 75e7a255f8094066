package io.tablestoreycsb.mock.junit;

import com.alicloud.openservices.tablestore.ClientConfiguration;
import com.alicloud.openservices.tablestore.SyncClient;
import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.mock.faults.FaultPlan;
import io.tablestoreycsb.mock.journal.RequestJournal;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Runs a {@link MockTablestore} for a JUnit 5 test class.
 *
 * <pre>{@code
 * @RegisterExtension
 * static MockTablestoreExtension mock = MockTablestoreExtension.withDefaults();
 *
 * @Test
 * void putThenGet(SyncClient client) { ... }      // a client, shut down after the test
 * }</pre>
 *
 * <p>In a {@code static} field (or with {@code @ExtendWith(MockTablestoreExtension.class)}) the
 * endpoint starts once before the class's first test and stops after its last; in an instance
 * field it starts and stops around each test. Tables persist between the tests sharing an endpoint. Each test starts with the
 * fault plan the extension was configured with: changes a test makes through
 * {@link #faultPlan()} are undone after it. Each test starts with an empty request journal
 * ({@link #journal()}): it holds the requests of the test and of its {@code @BeforeEach} methods.
 *
 * <p>Test methods, constructors and lifecycle methods may declare parameters of type
 * {@link MockTablestore}, {@link FaultPlan}, {@link RequestJournal} or {@link SyncClient}.
 */
public final class MockTablestoreExtension implements BeforeAllCallback, AfterAllCallback,
    BeforeEachCallback, AfterEachCallback, ParameterResolver {

  private final Consumer<MockTablestore.Builder> configuration;
  private final Object lock = new Object();
  private MockTablestore mock;
  private FaultPlan configuredPlan;
  private boolean startedForOneTest;
  private int classDepth;
  private final List<SyncClient> classClients = new ArrayList<>();
  private final List<SyncClient> testClients = new ArrayList<>();
  private boolean inTest;

  /** The default endpoint; what {@code @ExtendWith(MockTablestoreExtension.class)} gives. */
  public MockTablestoreExtension() {
    this(builder -> { });
  }

  private MockTablestoreExtension(Consumer<MockTablestore.Builder> configuration) {
    this.configuration = configuration;
  }

  /** An endpoint with default settings: 127.0.0.1, a free port, the default credentials. */
  public static MockTablestoreExtension withDefaults() {
    return new MockTablestoreExtension();
  }

  /** An endpoint configured by {@code configuration}, e.g. {@code b -> b.fault("...")}. */
  public static MockTablestoreExtension with(Consumer<MockTablestore.Builder> configuration) {
    return new MockTablestoreExtension(configuration);
  }

  /** The running endpoint. */
  public MockTablestore mock() {
    synchronized (lock) {
      if (mock == null) {
        throw new IllegalStateException("the mock Tablestore endpoint is not running: use it"
            + " from a test or a lifecycle method of the class that registers the extension");
      }
      return mock;
    }
  }

  /** The endpoint URL, e.g. {@code http://127.0.0.1:41234}. */
  public String endpoint() {
    return mock().endpoint();
  }

  /** The live fault plan; changes last until the end of the current test. */
  public FaultPlan faultPlan() {
    return mock().faultPlan();
  }

  /**
   * What the endpoint served; emptied before each test, so a test sees its own requests (and those
   * of its {@code @BeforeEach} methods).
   */
  public RequestJournal journal() {
    return mock().journal();
  }

  /**
   * A client of the endpoint with its credentials; shut down after the current test (or, when
   * made in {@code @BeforeAll}, after the class).
   */
  public SyncClient newSyncClient() {
    return newSyncClient(new ClientConfiguration());
  }

  /**
   * Like {@link #newSyncClient()} with a client configuration, e.g. one with a
   * {@code NoRetryStrategy} so that injected errors surface at once instead of being retried.
   */
  public SyncClient newSyncClient(ClientConfiguration configuration) {
    MockTablestore m = mock();
    SyncClient client = new SyncClient(m.endpoint(), m.accessKeyId(), m.accessKeySecret(),
        m.instanceName(), configuration);
    synchronized (lock) {
      (inTest ? testClients : classClients).add(client);
    }
    return client;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    synchronized (lock) {
      if (classDepth++ == 0) {
        start();
      }
    }
  }

  @Override
  public void afterAll(ExtensionContext context) {
    synchronized (lock) {
      if (--classDepth == 0) {
        stop();
      }
    }
  }

  @Override
  public void beforeEach(ExtensionContext context) throws Exception {
    synchronized (lock) {
      if (mock == null) {
        start();
        startedForOneTest = true;
      } else if (mock.journal().isOn()) {
        mock.journal().clear();
      }
      inTest = true;
    }
  }

  @Override
  public void afterEach(ExtensionContext context) {
    synchronized (lock) {
      inTest = false;
      shutDown(testClients);
      if (startedForOneTest) {
        startedForOneTest = false;
        stop();
      } else if (mock != null) {
        mock.faultPlan().restore(configuredPlan);
      }
    }
  }

  private void start() throws Exception {
    MockTablestore.Builder builder = MockTablestore.builder();
    configuration.accept(builder);
    mock = builder.start();
    configuredPlan = mock.faultPlan().copy();
  }

  private void stop() {
    shutDown(testClients);
    shutDown(classClients);
    MockTablestore m = mock;
    mock = null;
    configuredPlan = null;
    if (m != null) {
      try {
        m.close();
      } catch (Exception e) {
        throw new IllegalStateException("could not stop the mock Tablestore endpoint", e);
      }
    }
  }

  private static void shutDown(List<SyncClient> clients) {
    for (SyncClient client : clients) {
      client.shutdown();
    }
    clients.clear();
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == MockTablestore.class || type == FaultPlan.class || type == RequestJournal.class
        || type == SyncClient.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    if (type == MockTablestore.class) {
      return mock();
    }
    if (type == FaultPlan.class) {
      return faultPlan();
    }
    if (type == RequestJournal.class) {
      return journal();
    }
    if (type == SyncClient.class) {
      return newSyncClient();
    }
    throw new ParameterResolutionException("cannot resolve a parameter of type " + type);
  }
}
