package io.tablestoreycsb.cluster.objectstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ObjectStoreSettingsTest {
  @TempDir
  Path tmp;

  @Test
  void s3UrisParseIntoBucketAndPrefix() {
    assertThat(ObjectStoreUri.parse("s3://bench-results/plans/2026/")).isEqualTo(new ObjectStoreUri("bench-results", "plans/2026"));
    assertThat(ObjectStoreUri.parse("s3://bench-results")).isEqualTo(new ObjectStoreUri("bench-results", ""));
    assertThat(ObjectStoreUri.parse("s3://bench-results/a/b").key("plan/x")).isEqualTo("a/b/plan/x");
    assertThat(ObjectStoreUri.parse("s3://bench-results").key("plan/x")).isEqualTo("plan/x");
  }

  @Test
  void badLocationsNameWhatIsWrong() {
    assertThatThrownBy(() -> ObjectStoreUri.parse("oss://b/p")).hasMessageContaining("must look like s3://bucket/prefix");
    assertThatThrownBy(() -> ObjectStoreUri.parse("s3://Bad_Bucket/p")).hasMessageContaining("bucket name 'Bad_Bucket'");
    assertThatThrownBy(() -> ObjectStoreUri.parse("s3://bucket/a/../b")).hasMessageContaining("prefix 'a/../b'");
    assertThatThrownBy(() -> new ObjectStoreSettings(ObjectStoreUri.parse("s3://bucket"), URI.create("ftp://h"), null, false))
        .hasMessageContaining("http:// or https://");
  }

  @Test
  void anEndpointCarryingCredentialsIsRefusedWithoutEchoingThem() {
    assertThatThrownBy(() -> new ObjectStoreSettings(ObjectStoreUri.parse("s3://bucket"),
        URI.create("ftp://key:hunter2@minio:9000"), null, true))
        .hasMessageContaining("must not carry credentials")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("hunter2"));
  }

  @Test
  void credentialsComeFromTheEnvironmentAwsNamesFirst() {
    assertThat(ObjectStoreCredentials.fromEnvironment(Map.of("AWS_ACCESS_KEY_ID", "a", "AWS_SECRET_ACCESS_KEY", "s",
        "OSS_ACCESS_KEY_ID", "o", "OSS_ACCESS_KEY_SECRET", "os"))).isEqualTo(new ObjectStoreCredentials("a", "s"));
    assertThat(ObjectStoreCredentials.fromEnvironment(Map.of("OSS_ACCESS_KEY_ID", "o", "OSS_ACCESS_KEY_SECRET", "os")))
        .isEqualTo(new ObjectStoreCredentials("o", "os"));
    assertThatThrownBy(() -> ObjectStoreCredentials.fromEnvironment(Map.of("AWS_ACCESS_KEY_ID", "a")))
        .hasMessageContaining("AWS_SECRET_ACCESS_KEY is not set");
    assertThatThrownBy(() -> ObjectStoreCredentials.fromEnvironment(Map.of()))
        .hasMessageContaining("no object store credentials");
  }

  @Test
  void credentialsComeFromAMountedSecretAndNeverPrintTheSecret() throws Exception {
    Files.writeString(tmp.resolve("access-key-id"), "AKID\n");
    Files.writeString(tmp.resolve("secret-access-key"), "s3cr3t-value\n");
    ObjectStoreCredentials creds = ObjectStoreCredentials.fromSecretDirectory(tmp);
    assertThat(creds).isEqualTo(new ObjectStoreCredentials("AKID", "s3cr3t-value"));
    assertThat(creds.toString()).contains("AKID").doesNotContain("s3cr3t-value");
    Files.delete(tmp.resolve("secret-access-key"));
    assertThatThrownBy(() -> ObjectStoreCredentials.fromSecretDirectory(tmp)).hasMessageContaining("no file secret-access-key");
  }
}
