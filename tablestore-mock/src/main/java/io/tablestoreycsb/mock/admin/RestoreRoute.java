package io.tablestoreycsb.mock.admin;

import io.tablestoreycsb.mock.persist.StateFileException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code POST /_mock/restore}: replaces every table, row, stream and tunnel with a snapshot's
 * ({@code MockTablestore.restore}); with a data directory, the directory keeps the restored state
 * before the answer. The snapshot is the request body ({@code POST /_mock/snapshot}'s answer; at
 * most the 5 MB a request body may hold) or, with {@code ?file=PATH}, a file on the mock's
 * machine. A body or file that is no snapshot is refused (400) with nothing changed.
 */
final class RestoreRoute implements AdminRoute {
  private final AdminContext mock;

  RestoreRoute(AdminContext mock) {
    this.mock = mock;
  }

  @Override
  public String path() {
    return "/_mock/restore";
  }

  @Override
  public List<String> methods() {
    return List.of("POST");
  }

  @Override
  public AdminReply handle(AdminRequest request) {
    StateFileRoutes.checkParameters(request);
    String file = request.queryValue(StateFileRoutes.FILE);
    if (file == null && request.body().length == 0) {
      throw AdminException.badRequest("POST /_mock/restore needs a snapshot: as the body (what POST /_mock/snapshot"
          + " answers) or as ?file=PATH on the mock's machine");
    }
    try {
      if (file != null) {
        mock.state().restore(Path.of(file));
      } else {
        mock.state().restore(request.body());
      }
    } catch (StateFileException e) {
      throw AdminException.badRequest(e.getMessage());
    } catch (UncheckedIOException e) {
      throw new AdminException(500, "cannot keep the posted snapshot in a temporary file: " + e.getCause());
    }
    Map<String, Object> restored = new LinkedHashMap<>();
    restored.put("from", file == null ? "body" : Path.of(file).toAbsolutePath().toString());
    restored.put("tables", mock.catalog().names());
    return AdminReply.ok(restored);
  }
}
