package io.tablestoreycsb.mock.persist;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The write-ahead log's segment files in a data directory: {@code wal-P.log}, P being the log
 * position (bytes of log before it, over all segments ever written) at which the segment starts, so
 * a position names a segment and an offset in it without any index. A new segment is begun at each
 * checkpoint; those before the checkpoint's position are then deleted.
 */
final class WalSegments {
  private static final Pattern NAME = Pattern.compile("wal-(\\d{20})\\.log");

  private WalSegments() {}

  static Path file(Path dir, long start) {
    return dir.resolve(String.format("wal-%020d.log", start));
  }

  /** Whether {@code name} is a segment file's name. */
  static boolean isSegment(String name) {
    return NAME.matcher(name).matches();
  }

  /** The start positions of the segments in {@code dir}, lowest first. */
  static List<Long> starts(Path dir) {
    List<Long> starts = new ArrayList<>();
    try (var files = Files.list(dir)) {
      files.forEach(f -> {
        Matcher m = NAME.matcher(f.getFileName().toString());
        if (m.matches()) {
          starts.add(Long.parseLong(m.group(1)));
        }
      });
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir, e);
    }
    starts.sort(null);
    return starts;
  }

  /** Deletes the segments that start before {@code position} (a checkpoint holds what they said). */
  static void deleteBefore(Path dir, long position) {
    for (long start : starts(dir)) {
      if (start < position) {
        try {
          Files.deleteIfExists(file(dir, start));
        } catch (IOException e) {
          throw new UncheckedIOException("cannot delete " + file(dir, start), e);
        }
      }
    }
  }

  /** Forces {@code dir}'s entries (a file created, renamed or deleted) to the disk. */
  static void syncDirectory(Path dir) {
    try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
      channel.force(true);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot sync " + dir, e);
    }
  }
}
