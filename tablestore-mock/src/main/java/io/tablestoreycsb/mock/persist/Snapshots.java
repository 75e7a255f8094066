package io.tablestoreycsb.mock.persist;

import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.tunnel.TunnelService;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;

/**
 * The mock's whole state as one file: the same state file a data directory keeps ({@code
 * state.mv}), so a stopped mock's {@code DIR/state.mv} is a snapshot too, and a snapshot seeds a
 * mock ({@code --seed}) or replaces a running mock's state (restore).
 */
public final class Snapshots {
  private Snapshots() {}

  /**
   * Writes the state of {@code catalog} and {@code tunnels} to {@code file} (replaced whole, never
   * left half-written). Rows written while it runs may or may not be in it.
   */
  public static void write(Catalog catalog, TunnelService tunnels, Path file) throws IOException {
    Path dir = file.toAbsolutePath().getParent();
    Files.createDirectories(dir);
    Path partial = Files.createTempFile(dir, file.getFileName().toString(), ".partial");
    Files.delete(partial); // MVStore creates the file itself
    try {
      try (StateStore store = StateStore.open(partial, false)) {
        StateCopy.write(catalog, tunnels, store, new TableIds(0)::of);
        store.commit();
      }
      Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(partial);
    }
  }

  /**
   * Loads the snapshot {@code file} into {@code catalog} and {@code tunnels}, which must be empty
   * (a new mock). The file is not changed.
   */
  public static void read(Path file, Catalog catalog, TunnelService tunnels, Clock clock) {
    load(copyOf(file), file.toString(), catalog, tunnels, clock, false);
  }

  /**
   * Replaces every table and tunnel of {@code catalog} and {@code tunnels} with the snapshot's;
   * a file that is no snapshot of this format is refused before anything is dropped.
   */
  public static void restore(Path file, Catalog catalog, TunnelService tunnels, Clock clock) {
    load(copyOf(file), file.toString(), catalog, tunnels, clock, true);
  }

  /** As {@link #restore(Path, Catalog, TunnelService, Clock)}, from a snapshot's bytes (a request body). */
  public static void restore(byte[] snapshot, Catalog catalog, TunnelService tunnels, Clock clock) {
    Path copy;
    try {
      copy = Files.createTempFile("tablestore-mock-snapshot", ".mv");
      Files.write(copy, snapshot);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot keep the snapshot in a temporary file", e);
    }
    load(copy, "the request body", catalog, tunnels, clock, true);
  }

  /** A temporary copy of {@code file} to read: MVStore opens a file for writing, and a snapshot is left as it was. */
  private static Path copyOf(Path file) {
    if (!Files.isRegularFile(file)) {
      throw new StateFileException("no snapshot file " + file, null);
    }
    try {
      Path copy = Files.createTempFile("tablestore-mock-snapshot", ".mv");
      Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING);
      return copy;
    } catch (IOException e) {
      throw new StateFileException("cannot read snapshot " + file + ": " + e.getMessage(), e);
    }
  }

  /** Loads the temporary {@code copy} (deleted after), its errors naming it {@code shownAs}. */
  private static void load(Path copy, String shownAs, Catalog catalog, TunnelService tunnels, Clock clock,
      boolean clearFirst) {
    try (StateStore store = StateStore.open(copy, shownAs, false)) {
      if (clearFirst) {
        tunnels.clear();
        catalog.clear();
      }
      StateLoader.load(store, catalog, tunnels, clock.millis());
      store.closeWithoutCommit();
    } finally {
      try {
        Files.deleteIfExists(copy);
      } catch (IOException e) {
        // a temporary file left behind
      }
    }
  }
}
