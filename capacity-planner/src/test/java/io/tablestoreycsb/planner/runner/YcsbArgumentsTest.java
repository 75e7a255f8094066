package io.tablestoreycsb.planner.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class YcsbArgumentsTest {
  @Test
  void theEndpointIsReadFromTheYcsbArgumentsAsYcsbWouldReadIt(@TempDir Path dir) throws Exception {
    Path first = Files.writeString(dir.resolve("a.properties"), "tablestore.endpoint=http://first\nother=1\n");
    Path second = Files.writeString(dir.resolve("b.properties"), "tablestore.endpoint=http://second\n");

    assertThat(YcsbArguments.property(List.of("-P", first.toString(), "-P", second.toString()),
        "tablestore.endpoint")).contains("http://second");
    assertThat(YcsbArguments.property(List.of("-p", "tablestore.endpoint=http://flag", "-P", first.toString()),
        "tablestore.endpoint")).as("-p wins over files").contains("http://flag");
    assertThat(YcsbArguments.property(List.of("-db", "site.ycsb.BasicDB", "-P", first.toString()),
        "tablestore.instance")).isEmpty();
  }
}
