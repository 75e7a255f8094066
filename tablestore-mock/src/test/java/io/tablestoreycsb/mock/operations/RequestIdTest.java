package io.tablestoreycsb.mock.operations;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RequestIdTest {
  @Test
  void requestIdsAreServiceShapedHexGroupsAndDistinct() {
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < 10_000; i++) {
      String id = RequestPipeline.newRequestId();
      assertThat(id).matches("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
      seen.add(id);
    }
    assertThat(seen).hasSize(10_000);
  }
}
