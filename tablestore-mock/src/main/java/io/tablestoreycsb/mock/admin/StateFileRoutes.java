package io.tablestoreycsb.mock.admin;

/** What the snapshot and restore routes share: their one query parameter. */
final class StateFileRoutes {
  /** A file on the mock's machine to write the snapshot to, or restore from. */
  static final String FILE = "file";

  private StateFileRoutes() {}

  static void checkParameters(AdminRequest request) {
    for (String name : request.query().keySet()) {
      if (!name.equals(FILE)) {
        throw AdminException.badRequest("unknown parameter '" + name + "' of " + request.path() + "; it takes ?"
            + FILE + "=PATH (a file on the mock's machine) or nothing");
      }
    }
    String file = request.queryValue(FILE);
    if (file != null && file.isBlank()) {
      throw AdminException.badRequest("?" + FILE + "= names no file");
    }
  }
}
