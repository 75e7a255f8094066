package io.tablestoreycsb.mock;

import com.alicloud.openservices.tablestore.SyncClient;
import io.tablestoreycsb.mock.fixtures.TableSpec;
import io.tablestoreycsb.mock.junit.MockTablestoreExtension;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The set-up the mock's SDK tests share, so that a test class says only its tables and options:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final MockFixture fx = MockFixture.withTables(TableSpec.named("ledger").key("account", PrimaryKeyType.STRING));
 * }</pre>
 *
 * <p>One endpoint for the test class, run by the shipped {@link MockTablestoreExtension} (so a
 * test's faults are undone after it and each test starts with an empty journal); a
 * {@link SyncClient} of it that does not retry, so that errors surface at once; and the tables,
 * created before the class's {@code @BeforeAll} methods run. Test methods may declare the
 * extension's parameters ({@link MockTablestore}, {@code FaultPlan}, {@code RequestJournal}).
 */
final class MockFixture implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback,
    ParameterResolver {
  private final MockTablestoreExtension endpoint;
  private final List<TableSpec> tables;
  private SyncClient client;
  private RawOtsHttp raw;

  private MockFixture(Consumer<MockTablestore.Builder> options, List<TableSpec> tables) {
    this.endpoint = MockTablestoreExtension.with(options);
    this.tables = tables;
  }

  /** A default endpoint holding {@code tables}. */
  static MockFixture withTables(TableSpec... tables) {
    return new MockFixture(builder -> { }, List.of(tables));
  }

  /** An endpoint configured by {@code options}, e.g. {@code b -> b.memoryBudgetBytes(64L << 20)}, holding {@code tables}. */
  static MockFixture with(Consumer<MockTablestore.Builder> options, TableSpec... tables) {
    return new MockFixture(options, List.of(tables));
  }

  MockTablestore mock() {
    return endpoint.mock();
  }

  /** The class's client: no retries, shut down after the class. */
  SyncClient client() {
    requireStarted();
    return client;
  }

  /** Creates {@code table} on the endpoint, for a test whose table is its own. */
  void create(TableSpec table) {
    table.create(mock(), client());
  }

  /** Signed requests as raw HTTP, for shapes the SDK would never send; made on first use (its HttpClient holds a thread). */
  synchronized RawOtsHttp raw() {
    requireStarted();
    if (raw == null) {
      raw = new RawOtsHttp(mock());
    }
    return raw;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    endpoint.beforeAll(context);
    client = endpoint.newSyncClient(SdkClients.noRetry());
    for (TableSpec table : tables) {
      table.create(mock(), client);
    }
  }

  @Override
  public synchronized void afterAll(ExtensionContext context) {
    client = null;
    raw = null;
    endpoint.afterAll(context); // shuts the client down with the endpoint
  }

  @Override
  public void beforeEach(ExtensionContext context) throws Exception {
    requireStarted();
    endpoint.beforeEach(context);
  }

  @Override
  public void afterEach(ExtensionContext context) {
    endpoint.afterEach(context);
  }

  private void requireStarted() {
    if (client == null) {
      throw new IllegalStateException("MockFixture runs one endpoint per test class: register it in a static field");
    }
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return endpoint.supportsParameter(parameter, context);
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return endpoint.resolveParameter(parameter, context);
  }
}
