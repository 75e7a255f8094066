package io.tablestoreycsb.mock.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.TableStoreException;
import io.tablestoreycsb.mock.faults.FaultRule;
import io.tablestoreycsb.mock.fixtures.UserTable;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.images.builder.ImageFromDockerfile;
import org.testcontainers.junit.jupiter.Testcontainers;

/**
 * The container image built from tablestore-mock/Dockerfile, driven by the real SDK. Skipped
 * where there is no Docker engine; {@code MockCliTest}, {@code MockCliProcessTest} and the
 * extension tests cover the same behaviour in-process and as a plain process.
 */
@Testcontainers(disabledWithoutDocker = true)
class TablestoreMockContainerTest {

  private static TablestoreMockContainer mock;

  @BeforeAll
  static void buildImageAndStart(@TempDir Path context) throws IOException {
    mock = new TablestoreMockContainer(
        new ImageFromDockerfile("tablestore-mock-test", true)
            .withFileFromPath(".", distributionLikeContext(context)))
        .withCredentials("container-key-id", "container-key-secret")
        .withInstanceName("containerized")
        .withFault(FaultRule.of(ActionName.DELETE_ROW, ErrorCode.SERVER_UNAVAILABLE, 1));
    mock.start();
  }

  @AfterAll
  static void stop() {
    if (mock != null) {
      mock.stop();
    }
  }

  /**
   * The Dockerfile's build context is an unpacked distribution (lib/, conf/); this test builds an
   * equivalent one from the test's classpath and this module's compiled classes.
   */
  private static Path distributionLikeContext(Path context) throws IOException {
    Path lib = Files.createDirectories(context.resolve("lib"));
    for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
      Path path = Path.of(entry);
      if (entry.endsWith(".jar") && Files.isRegularFile(path)) {
        Files.copy(path, lib.resolve(path.getFileName()));
      }
    }
    jar(Path.of("target", "classes"), lib.resolve("tablestore-mock.jar"));
    Files.createDirectories(context.resolve("conf"));
    Files.copy(Path.of("..", "distribution", "src", "conf", "log4j2.xml"),
        context.resolve("conf").resolve("log4j2.xml"));
    Files.copy(Path.of("Dockerfile"), context.resolve("Dockerfile"));
    return context;
  }

  private static void jar(Path classes, Path jarFile) throws IOException {
    try (OutputStream out = Files.newOutputStream(jarFile);
         JarOutputStream jar = new JarOutputStream(out);
         Stream<Path> files = Files.walk(classes)) {
      for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
        jar.putNextEntry(new JarEntry(classes.relativize(file).toString().replace('\\', '/')));
        Files.copy(file, jar);
        jar.closeEntry();
      }
    }
  }

  private static SyncClient client() {
    return new SyncClient(mock.getEndpoint(), mock.getAccessKeyId(), mock.getAccessKeySecret(),
        mock.getInstanceName());
  }

  @Test
  void servesTheSdkWithTheConfiguredCredentialsAndInstance() {
    SyncClient client = client();
    try {
      UserTable users = new UserTable(client, "usertable").create();
      users.put("user1", "field0", "in a container");

      assertThat(users.get("user1", "field0")).isEqualTo("in a container");
    } finally {
      client.shutdown();
    }
  }

  @Test
  void appliesItsFaultOptions() {
    SyncClient client = client();
    try {
      UserTable users = new UserTable(client, "faulty").create();

      assertThatThrownBy(() -> client.deleteRow(users.deleteRequest("user1")))
          .isInstanceOf(TableStoreException.class)
          .extracting(e -> ((TableStoreException) e).getErrorCode())
          .isEqualTo("OTSServerUnavailable");
    } finally {
      client.shutdown();
    }
  }
}
