package io.tablestoreycsb.mock.admin;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code POST /_mock/snapshot}: the whole state (tables, rows, indexes, streams, tunnels) as a
 * snapshot file ({@code MockTablestore.snapshot}). With {@code ?file=PATH} it is written to PATH on
 * the mock's machine and the answer says where and how big; without, the answer is the file
 * itself ({@code application/octet-stream}), for {@code POST /_mock/restore} or {@code --seed}.
 */
final class SnapshotRoute implements AdminRoute {
  private final AdminContext mock;

  SnapshotRoute(AdminContext mock) {
    this.mock = mock;
  }

  @Override
  public String path() {
    return "/_mock/snapshot";
  }

  @Override
  public List<String> methods() {
    return List.of("POST");
  }

  @Override
  public AdminReply handle(AdminRequest request) {
    StateFileRoutes.checkParameters(request);
    String file = request.queryValue(StateFileRoutes.FILE);
    try {
      if (file != null) {
        Path target = Path.of(file);
        mock.state().snapshot(target);
        Map<String, Object> written = new LinkedHashMap<>();
        written.put("file", target.toAbsolutePath().toString());
        written.put("bytes", Files.size(target));
        written.put("tables", mock.catalog().names());
        return AdminReply.ok(written);
      }
      Path temporary = Files.createTempFile("tablestore-mock-snapshot", ".mv");
      try {
        mock.state().snapshot(temporary);
        return AdminReply.binary(Files.readAllBytes(temporary));
      } finally {
        Files.deleteIfExists(temporary);
      }
    } catch (IOException e) {
      throw new AdminException(500, "cannot write the snapshot" + (file == null ? "" : " to " + file) + ": " + e);
    }
  }
}
