package io.tablestoreycsb.binding.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class ClientConfigTest {
  private static final Map<String, String> NO_ENV = Map.of();

  private static Properties valid() {
    Properties p = new Properties();
    p.setProperty("tablestore.endpoint", "http://127.0.0.1:8080");
    p.setProperty("tablestore.instance", "mock");
    p.setProperty("tablestore.accesskeyid", "id");
    p.setProperty("tablestore.accesskeysecret", "s3cr3t-value");
    return p;
  }

  private static Properties with(String key, String value) {
    Properties p = valid();
    p.setProperty(key, value);
    return p;
  }

  @Test
  void defaults() {
    ClientConfig c = ClientConfig.from(valid(), NO_ENV);
    assertThat(c.primaryKey()).isEqualTo("userid");
    assertThat(c.table()).isEqualTo("usertable");
    assertThat(c.batchSize()).isEqualTo(1);
    assertThat(c.maxVersions()).isEqualTo(1);
    assertThat(c.retryMode()).isEqualTo(ClientConfig.RetryMode.SDK);
    assertThat(c.batchRetries()).isEqualTo(ClientConfig.DEFAULT_BATCH_RETRIES);
    assertThat(c.clientPerThread()).isFalse();
    assertThat(c.maxConnections()).isEqualTo(1);
    assertThat(c.statsFile()).isNull();
    assertThat(c.connectionTimeoutMs()).isEqualTo(30_000);
  }

  @Test
  void connectionsAreSizedToThreadsForASharedClientAndOneForPerThreadClients() {
    assertThat(ClientConfig.from(with("threadcount", "24"), NO_ENV).maxConnections()).isEqualTo(24);
    Properties perThread = with("threadcount", "24");
    perThread.setProperty("tablestore.clientperthread", "true");
    assertThat(ClientConfig.from(perThread, NO_ENV).maxConnections()).isEqualTo(1);
    Properties explicit = with("threadcount", "24");
    explicit.setProperty("tablestore.maxconnections", "7");
    assertThat(ClientConfig.from(explicit, NO_ENV).maxConnections()).isEqualTo(7);
  }

  @Test
  void missingEndpointIsNamed() {
    Properties p = valid();
    p.remove("tablestore.endpoint");
    assertThatThrownBy(() -> ClientConfig.from(p, NO_ENV))
        .isInstanceOf(ConfigException.class).hasMessageContaining("tablestore.endpoint is not set");
  }

  @Test
  void endpointWithPathIsRejected() {
    assertThatThrownBy(() -> ClientConfig.from(with("tablestore.endpoint", "http://h:1/x"), NO_ENV))
        .hasMessageContaining("tablestore.endpoint").hasMessageContaining("no path");
  }

  @Test
  void aPasswordInTheEndpointIsNeverEchoed() {
    assertThatThrownBy(() -> ClientConfig.from(with("tablestore.endpoint", "http://admin:s3cret-pw@127.0.0.1:8080"),
        NO_ENV))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("tablestore.endpoint must not hold a user name or password")
        .hasMessageContaining("'http://127.0.0.1:8080'")
        .hasMessageNotContaining("s3cret-pw").hasMessageNotContaining("admin");
  }

  @Test
  void batchSizeOutOfRangeIsNamedWithTheLimit() {
    assertThatThrownBy(() -> ClientConfig.from(with("tablestore.batchsize", "201"), NO_ENV))
        .hasMessage("tablestore.batchsize must be an integer from 1 to 200, got 201");
    assertThatThrownBy(() -> ClientConfig.from(with("tablestore.batchsize", "0"), NO_ENV))
        .hasMessageContaining("tablestore.batchsize");
    assertThat(ClientConfig.from(with("tablestore.batchsize", "200"), NO_ENV).batchSize()).isEqualTo(200);
  }

  @Test
  void badNumberIsNamed() {
    assertThatThrownBy(() -> ClientConfig.from(with("tablestore.sockettimeout", "5s"), NO_ENV))
        .hasMessage("tablestore.sockettimeout must be an integer from 1 to 2147483647, got '5s'");
    assertThatThrownBy(() -> ClientConfig.from(with("tablestore.maxversions", "0"), NO_ENV))
        .hasMessageContaining("tablestore.maxversions");
  }

  @Test
  void badRetryAndBooleanAreNamed() {
    assertThatThrownBy(() -> ClientConfig.from(with("tablestore.retry", "always"), NO_ENV))
        .hasMessage("tablestore.retry must be 'sdk' or 'none', got 'always'");
    assertThatThrownBy(() -> ClientConfig.from(with("tablestore.clientperthread", "yes"), NO_ENV))
        .hasMessageContaining("tablestore.clientperthread must be true or false");
  }

  @Test
  void batchGroupingIsNoneOrPartition() {
    assertThat(ClientConfig.from(valid(), NO_ENV).batchGrouping()).isEqualTo(ClientConfig.BatchGrouping.NONE);
    assertThat(ClientConfig.from(with("tablestore.batchgrouping", "Partition"), NO_ENV).batchGrouping())
        .isEqualTo(ClientConfig.BatchGrouping.PARTITION);
    assertThatThrownBy(() -> ClientConfig.from(with("tablestore.batchgrouping", "key"), NO_ENV))
        .isInstanceOf(ConfigException.class)
        .hasMessage("tablestore.batchgrouping must be 'none' or 'partition', got 'key'");
  }

  @Test
  void retryNoneTurnsBatchRetriesOffUnlessSet() {
    assertThat(ClientConfig.from(with("tablestore.retry", "none"), NO_ENV).batchRetries()).isZero();
    Properties p = with("tablestore.retry", "none");
    p.setProperty("tablestore.batchretries", "3");
    assertThat(ClientConfig.from(p, NO_ENV).batchRetries()).isEqualTo(3);
  }

  @Test
  void theRetryBudgetIsADurationOf30SecondsByDefaultAndNoneWithRetryNoneUnlessSet() {
    assertThat(ClientConfig.from(with("tablestore.retry", "sdk"), NO_ENV).retryBudgetMs()).isEqualTo(30_000);
    assertThat(ClientConfig.from(with("tablestore.retry", "none"), NO_ENV).retryBudgetMs()).isZero();
    assertThat(ClientConfig.from(with("tablestore.retrybudget", "1500"), NO_ENV).retryBudgetMs()).isEqualTo(1_500);
    assertThat(ClientConfig.from(with("tablestore.retrybudget", "250ms"), NO_ENV).retryBudgetMs()).isEqualTo(250);
    assertThat(ClientConfig.from(with("tablestore.retrybudget", "45s"), NO_ENV).retryBudgetMs()).isEqualTo(45_000);
    assertThat(ClientConfig.from(with("tablestore.retrybudget", "2m"), NO_ENV).retryBudgetMs()).isEqualTo(120_000);
    assertThat(ClientConfig.from(with("tablestore.retrybudget", "0"), NO_ENV).retryBudgetMs()).isZero();
    Properties p = with("tablestore.retry", "none");
    p.setProperty("tablestore.retrybudget", "10s");
    assertThat(ClientConfig.from(p, NO_ENV).retryBudgetMs()).isEqualTo(10_000);
  }

  @Test
  void upstreamNamesAreAliases() {
    Properties p = new Properties();
    p.setProperty("alibaba.cloud.tablestore.end_point", "https://inst.cn-hangzhou.ots.aliyuncs.com");
    p.setProperty("alibaba.cloud.tablestore.instance_name", "inst");
    p.setProperty("alibaba.cloud.tablestore.access_id", "id");
    p.setProperty("alibaba.cloud.tablestore.access_key", "secret");
    p.setProperty("alibaba.cloud.tablestore.primary_key", "pk");
    p.setProperty("alibaba.cloud.tablestore.max_version", "3");
    p.setProperty("alibaba.cloud.tablestore.connection_timeout", "1500");
    p.setProperty("alibaba.cloud.tablestore.socket_timeout", "2500");
    p.setProperty("alibaba.cloud.tablestore.max_connections", "9");
    ClientConfig c = ClientConfig.from(p, NO_ENV);
    assertThat(c.endpoint()).isEqualTo("https://inst.cn-hangzhou.ots.aliyuncs.com");
    assertThat(c.instance()).isEqualTo("inst");
    assertThat(c.accessKeyId()).isEqualTo("id");
    assertThat(c.accessKeySecret()).isEqualTo("secret");
    assertThat(c.primaryKey()).isEqualTo("pk");
    assertThat(c.maxVersions()).isEqualTo(3);
    assertThat(c.connectionTimeoutMs()).isEqualTo(1500);
    assertThat(c.socketTimeoutMs()).isEqualTo(2500);
    assertThat(c.maxConnections()).isEqualTo(9);
  }

  @Test
  void aliasErrorsNameTheAlias() {
    Properties p = with("alibaba.cloud.tablestore.max_connections", "lots");
    assertThatThrownBy(() -> ClientConfig.from(p, NO_ENV))
        .hasMessageContaining("alibaba.cloud.tablestore.max_connections must be an integer");
  }

  @Test
  void conflictingAliasIsAnError() {
    Properties p = with("alibaba.cloud.tablestore.instance_name", "other");
    assertThatThrownBy(() -> ClientConfig.from(p, NO_ENV))
        .hasMessageContaining("tablestore.instance and its alias alibaba.cloud.tablestore.instance_name");
  }

  @Test
  void credentialsComeFromEnvironmentWhenBlankOrMissing() {
    Properties p = valid();
    p.setProperty("tablestore.accesskeyid", "");
    p.remove("tablestore.accesskeysecret");
    ClientConfig c = ClientConfig.from(p, Map.of("TABLESTORE_ACCESS_KEY_ID", "envid",
        "TABLESTORE_ACCESS_KEY_SECRET", "envsecret", "TABLESTORE_STS_TOKEN", "tok"));
    assertThat(c.accessKeyId()).isEqualTo("envid");
    assertThat(c.accessKeySecret()).isEqualTo("envsecret");
    assertThat(c.stsToken()).isEqualTo("tok");
  }

  @Test
  void missingSecretNamesPropertyAndVariable() {
    Properties p = valid();
    p.remove("tablestore.accesskeysecret");
    assertThatThrownBy(() -> ClientConfig.from(p, NO_ENV))
        .hasMessageContaining("tablestore.accesskeysecret").hasMessageContaining("TABLESTORE_ACCESS_KEY_SECRET");
  }

  @Test
  void secretNeverInToStringOrClientKey() {
    Properties p = with("tablestore.ststoken", "token-value-xyz");
    ClientConfig c = ClientConfig.from(p, NO_ENV);
    assertThat(c.toString()).doesNotContain("s3cr3t-value").doesNotContain("token-value-xyz").contains("<redacted>");
    assertThat(c.clientKey()).doesNotContain("s3cr3t-value").doesNotContain("token-value-xyz");
  }

  @Test
  void primaryKeyMustBeAColumnName() {
    assertThatThrownBy(() -> ClientConfig.from(with("tablestore.primarykey", "1bad-name"), NO_ENV))
        .hasMessageContaining("tablestore.primarykey must be a column name");
  }
}
