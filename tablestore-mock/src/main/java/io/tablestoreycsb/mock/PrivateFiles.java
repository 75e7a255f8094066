package io.tablestoreycsb.mock;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;

/** Files that hold a secret: readable and writable by their owner only, where the OS allows. */
public final class PrivateFiles {

  private static final Set<PosixFilePermission> OWNER_ONLY =
      EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);

  private PrivateFiles() {
  }

  /** Creates {@code file} as mode 600 before anything is written to it (no-op if it exists). */
  public static void createOwnerOnly(Path file) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    try {
      if (supportsPosix(file)) {
        Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
      } else {
        Files.createFile(file);
      }
    } catch (FileAlreadyExistsException e) {
      restrictToOwner(file);
    }
  }

  /** Sets mode 600 on {@code file} where the file system has POSIX permissions. */
  public static void restrictToOwner(Path file) throws IOException {
    if (supportsPosix(file)) {
      Files.setPosixFilePermissions(file, OWNER_ONLY);
    }
  }

  private static boolean supportsPosix(Path file) {
    return file.toAbsolutePath().getFileSystem().supportedFileAttributeViews().contains("posix");
  }
}
