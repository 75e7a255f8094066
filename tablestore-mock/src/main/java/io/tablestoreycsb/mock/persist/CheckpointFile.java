package io.tablestoreycsb.mock.persist;

import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.storage.Table;
import io.tablestoreycsb.mock.tunnel.TunnelService;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.function.Function;

/**
 * Writes a data directory's {@code state.mv}: the whole state as a state file ({@link StateStore},
 * a snapshot too) with the log position it starts from. Written beside it and renamed over it once
 * on the disk, so {@code state.mv} is always one whole checkpoint, the old one until the new one is
 * complete.
 */
final class CheckpointFile {
  static final String PARTIAL_SUFFIX = ".partial";

  private CheckpointFile() {}

  /** Writes {@code catalog} and {@code tunnels}' state as {@code file}; returns its size in bytes. */
  static long write(Path file, Catalog catalog, TunnelService tunnels, Function<Table, Long> idOf, long logPosition) {
    Path partial = partialOf(file);
    try {
      Files.deleteIfExists(partial);
      try (StateStore store = StateStore.open(partial, false)) {
        StateCopy.write(catalog, tunnels, store, idOf);
        store.setLogPosition(logPosition);
        store.commit();
        store.sync(); // on the disk before the log it replaces can be deleted
      }
      Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      WalSegments.syncDirectory(file.getParent());
      return Files.size(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write checkpoint " + file, e);
    }
  }

  /** Where a checkpoint of {@code file} is written before it replaces it (left behind by a kill: deleted at start). */
  static Path partialOf(Path file) {
    return file.resolveSibling(file.getFileName() + PARTIAL_SUFFIX);
  }
}
