package io.tablestoreycsb.mock.cli;

import io.tablestoreycsb.mock.MockTablestore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;

/**
 * The {@code --write-properties} file: it exists while this mock serves and names its endpoint.
 *
 * <p>Scripts wait for the file to appear ({@code until [ -s mock.properties ]}) and then use it, so
 * a file left by a stopped mock sends them to a dead port. The file therefore appears whole (written
 * beside it, then renamed) and is removed when the mock stops, unless another process has replaced
 * it in the meantime (a new mock started by the same script, which owns it now).
 */
final class ReadyPropertiesFile {
  private final Path file;
  private final byte[] content;

  private ReadyPropertiesFile(Path file, byte[] content) {
    this.file = file;
    this.content = content;
  }

  /** Writes {@code mock}'s client properties to {@code file} (mode 600) in one rename. */
  static ReadyPropertiesFile write(Path file, MockTablestore mock) throws IOException {
    Path absolute = file.toAbsolutePath();
    Path parent = absolute.getParent();
    Files.createDirectories(parent);
    Path partial = parent.resolve("." + absolute.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
    try {
      Files.deleteIfExists(partial);
      mock.writeProperties(partial); // created mode 600 before the secret is written
      byte[] written = Files.readAllBytes(partial);
      Files.move(partial, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      return new ReadyPropertiesFile(absolute, written);
    } finally {
      Files.deleteIfExists(partial);
    }
  }

  /** Removes the file if it still holds what {@link #write} put there; true when it did. */
  boolean removeIfUnchanged() {
    try {
      if (Arrays.equals(Files.readAllBytes(file), content)) {
        Files.delete(file);
        return true;
      }
    } catch (IOException e) {
      // Gone already, or not ours to remove: either way nothing is left that names this mock.
    }
    return false;
  }
}
