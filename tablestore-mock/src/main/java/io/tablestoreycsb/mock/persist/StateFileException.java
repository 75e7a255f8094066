package io.tablestoreycsb.mock.persist;

import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A data directory or snapshot the mock will not use, with what to do about it: in use by
 * another mock, of another format version, not a state file, or unreadable.
 */
public final class StateFileException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final boolean notWritable;

  StateFileException(String message, Throwable cause) {
    this(message, cause, false);
  }

  private StateFileException(String message, Throwable cause, boolean notWritable) {
    super(message, cause);
    this.notWritable = notWritable;
  }

  /**
   * Whether the directory was refused because this process may not write in it (its owner or mode),
   * which a caller can explain in its own terms (a container's user, say).
   */
  public boolean notWritable() {
    return notWritable;
  }

  /**
   * {@code dir}, or the file {@code denied} names in it, may not be written by this process's user:
   * the message names the refused path, its owner and mode.
   */
  static StateFileException notWritable(Path dir, AccessDeniedException denied) {
    Path refused = denied.getFile() == null ? dir : Path.of(denied.getFile());
    Path shown = Files.exists(refused) ? refused : refused.getParent() == null ? dir : refused.getParent();
    return new StateFileException("cannot use data directory " + dir + ": " + Owners.process()
        + " may not write " + shown + Owners.of(shown) + " (nothing was read or changed). Make it writable"
        + " by that user, or run the mock as its owner.", denied, true);
  }

  static StateFileException otherVersion(String file, String version) {
    return new StateFileException(file + " holds tablestore-mock state of format version " + version
        + ", and this tablestore-mock reads format versions " + StateStore.OLDEST_READ_VERSION + " to " + StateStore.FORMAT_VERSION
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
