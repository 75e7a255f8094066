package io.tablestoreycsb.cluster.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The images the tests' pods run by default are those a user builds: the names and tags the poms give Jib
 * ({@code -Prunner-image}), read from the poms themselves, so a tag only the tests know cannot come back.
 */
class RunnerImagesTest {
  private static final Path REPO = Path.of("..").toAbsolutePath().normalize();

  @Test
  void theDefaultImagesAreTheOnesThePomsTagWithTheProjectsVersion() throws IOException {
    assertThat(RunnerImages.ofThisVersion(RunnerImages.RUNNER_IMAGE_NAME))
        .isEqualTo(pomImage("capacity-planner", "runner.image"));
    assertThat(RunnerImages.ofThisVersion("tablestore-ycsb-tunnel-bench"))
        .isEqualTo(pomImage("tunnel-bench", "tunnel.image"));
  }

  /** The module's {@code <property>} with {@code ${project.version}} replaced by the parent pom's version. */
  private static String pomImage(String module, String property) throws IOException {
    String pom = Files.readString(REPO.resolve(module).resolve("pom.xml"));
    Matcher image = Pattern.compile("<" + Pattern.quote(property) + ">([^<]+)</").matcher(pom);
    assertThat(image.find()).as("%s in %s/pom.xml", property, module).isTrue();
    Matcher version = Pattern.compile("(?s)<artifactId>tablestore-ycsb-parent</artifactId>.*?<version>([^<]+)</version>")
        .matcher(Files.readString(REPO.resolve("pom.xml")));
    assertThat(version.find()).as("the parent pom's version").isTrue();
    return image.group(1).replace("${project.version}", version.group(1));
  }
}
