package io.tablestoreycsb.mock.persist;

import java.nio.file.Path;

/**
 * A data directory or snapshot the mock will not use, with what to do about it: in use by
 * another mock, of another format version, not a state file, or unreadable.
 */
public final class StateFileException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  StateFileException(String message, Throwable cause) {
    super(message, cause);
  }

  static StateFileException otherVersion(String file, String version) {
    return new StateFileException(file + " holds tablestore-mock state of format version " + version
        + ", and this tablestore-mock reads format version " + StateStore.FORMAT_VERSION
        + ": nothing was read or changed. Use the tablestore-mock that wrote it, or another directory.", null);
  }

  static StateFileException notOurs(String file) {
    return new StateFileException(file + " is not a tablestore-mock state file (it has no format version):"
        + " nothing was read or changed.", null);
  }

  /** {@code file} could not be opened; the errors name it {@code shownAs}, MVStore's message included. */
  static StateFileException cannotOpen(Path file, String shownAs, Exception cause) {
    String message = String.valueOf(cause.getMessage()).replace(file.toString(), shownAs);
    if (message.contains("locked")) {
      return new StateFileException(shownAs + " is in use by another process (a running tablestore-mock?): stop it,"
          + " or use another directory.", cause);
    }
    return new StateFileException("cannot read " + shownAs + " as tablestore-mock state: " + message
        + " (nothing was changed)", cause);
  }
}
