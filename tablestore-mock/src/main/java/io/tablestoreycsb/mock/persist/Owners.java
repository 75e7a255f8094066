package io.tablestoreycsb.mock.persist;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Who this process runs as and who owns a file, for the message about a data directory the
 * mock may not write (numeric ids: in a container the image's user has no name on the host).
 */
final class Owners {
  private static final Path OWN_PROCESS = Path.of("/proc/self");

  private Owners() {
  }

  /** "user 10001" (the process's numeric user id where the system shows it, else its name). */
  static String process() {
    try {
      return "user " + Files.getAttribute(OWN_PROCESS, "unix:uid");
    } catch (IOException | RuntimeException e) {
      return "user " + System.getProperty("user.name");
    }
  }

  /** " (it belongs to user 0, mode rwxr-xr-x)" for a file or directory, or "" where the system does not tell. */
  static String of(Path path) {
    try {
      Object uid = Files.getAttribute(path, "unix:uid", LinkOption.NOFOLLOW_LINKS);
      String mode = PosixFilePermissions.toString(Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS));
      return " (it belongs to user " + uid + ", mode " + mode + ")";
    } catch (IOException | RuntimeException e) {
      return "";
    }
  }
}
