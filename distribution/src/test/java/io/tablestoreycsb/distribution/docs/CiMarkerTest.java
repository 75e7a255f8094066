package io.tablestoreycsb.distribution.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the docs source tells CI what to do with a block, and what it refuses. */
class CiMarkerTest {
  @TempDir
  Path dir;

  private List<DocBlock> blocks(String markdown) throws Exception {
    Path file = dir.resolve("doc.md");
    Files.writeString(file, markdown);
    return DocBlock.read(file, "doc.md");
  }

  @Test
  void aBlockWithoutAMarkerRunsTwiceAsWritten() throws Exception {
    List<DocBlock> blocks = blocks("Text.\n<!-- an ordinary comment -->\n```bash\nbin/ycsb --version\n```\n"
        + "```java\nint x;\n```\n```text\nbin/ycsb load ...\n```\n");

    assertThat(blocks).singleElement().satisfies(block -> {
      assertThat(block.where()).isEqualTo("doc.md:3");
      assertThat(block.marker().runsInCi()).isTrue();
      assertThat(block.marker().timesToRun()).isEqualTo(2);
      assertThat(block.marker().apply(block.text())).isEqualTo("bin/ycsb --version\n");
    });
  }

  @Test
  void markersRightBeforeAnIndentedBlockAreRead() throws Exception {
    List<DocBlock> blocks = blocks("1. Run:\n\n   <!-- not run in CI: needs Kubernetes -->\n\n   ```sh\n   kubectl get pods\n   ```\n"
        + "<!-- CI: instance my.properties; \"1000000\" -> \"20000\" (a million rows take minutes);\n"
        + "     once (a second create finds the table) -->\n```bash\nbin/ycsb load -p recordcount=1000000\n```\n");

    assertThat(blocks).hasSize(2);
    assertThat(blocks.get(0).marker().runsInCi()).isFalse();
    assertThat(blocks.get(0).marker().notRunReason()).isEqualTo("needs Kubernetes");
    CiMarker marker = blocks.get(1).marker();
    assertThat(marker.instance()).contains("my.properties");
    assertThat(marker.timesToRun()).isEqualTo(1);
    assertThat(marker.apply(blocks.get(1).text())).isEqualTo("bin/ycsb load -p recordcount=20000\n");
  }

  @Test
  void aKubernetesBlockIsMarkedSoAndReadsWithTheOtherClauses() throws Exception {
    List<DocBlock> blocks = blocks("<!-- CI: kubernetes; once (a second create finds the namespace) -->\n"
        + "```sh\nkubectl create namespace bench\n```\n```sh\nls\n```\n");

    assertThat(blocks.get(0).marker().kubernetes()).isTrue();
    assertThat(blocks.get(0).marker().timesToRun()).isEqualTo(1);
    assertThat(blocks.get(1).marker().kubernetes()).isFalse();
    assertThatThrownBy(() -> blocks("<!-- CI: kubernetes cluster -->\n```bash\nls\n```\n"))
        .hasMessageContaining("doc.md:2").hasMessageContaining("kubernetes cluster");
  }

  @Test
  void aSubstitutionTheBlockNoLongerHasFails() throws Exception {
    DocBlock block = blocks("<!-- CI: \"recordcount=1000000\" -> \"recordcount=10\" (shorter) -->\n```bash\nbin/ycsb load -p recordcount=5\n```\n").get(0);

    assertThatThrownBy(() -> block.marker().apply(block.text())).hasMessageContaining("recordcount=1000000");
  }

  @Test
  void aMarkerThatDoesNotReadIsAnErrorNamingTheBlock() {
    assertThatThrownBy(() -> blocks("<!-- CI: twice please -->\n```bash\nls\n```\n"))
        .hasMessageContaining("doc.md:2").hasMessageContaining("twice please");
    assertThatThrownBy(() -> blocks("<!-- Not run in ci because it is slow -->\n```bash\nls\n```\n"))
        .hasMessageContaining("doc.md:2").hasMessageContaining("must start");
    assertThatThrownBy(() -> blocks("<!-- CI: \"a\" -> \"b\" -->\n```bash\nls\n```\n"))
        .as("a substitution without its reason").hasMessageContaining("doc.md:2");
  }

  @Test
  void anUntaggedBlockThatStartsWithALauncherMustSayWhatItIs() {
    assertThatThrownBy(() -> blocks("```\nbin/ycsb load tablestore\n```\n"))
        .hasMessageContaining("doc.md:1").hasMessageContaining("tag it bash");
    assertThatThrownBy(() -> blocks("```bash\nls\n")).hasMessageContaining("never ends");
  }
}
