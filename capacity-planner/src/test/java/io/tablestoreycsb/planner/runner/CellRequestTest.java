package io.tablestoreycsb.planner.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A cell request is one line however odd its paths and properties, and reads back as it was written. */
class CellRequestTest {

  @Test
  void aRequestWithSpacesQuotesAndNewlinesInItsArgumentsIsOneLineThatReadsBackEqual() throws Exception {
    CellRequest request = new CellRequest(Path.of("/tmp/a cell/runner-0"), 0, 180,
        List.of("-db", "site.ycsb.BasicDB", "-p", "label=say \"hi\"", "-p", "note=two\nlines", "-threads", "4"));

    String line = request.toLine();

    assertThat(line).doesNotContain("\n");
    assertThat(CellRequest.fromLine(line)).isEqualTo(request);
  }

  @Test
  void aLineWithoutArgumentsIsRefusedNamingWhatIsMissing() {
    assertThatThrownBy(() -> CellRequest.fromLine("{\"resultDir\":\"/tmp/x\"}"))
        .isInstanceOf(IOException.class).hasMessageContaining("ycsbArgs");
  }
}
