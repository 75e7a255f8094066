package io.tablestoreycsb.cluster.kubernetes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;

/**
 * Files of a pod's volumes as a node writes them: a ConfigMap's or Secret's key is a file of the
 * volume's mode ({@code defaultMode}, or the item's {@code mode}; 0644 when unset). An emptyDir is a
 * directory anyone in the pod may write (0777). (A pod's {@code fsGroup} and the image's user matter only
 * in a container: the real cluster's kubelet applies them.)
 */
final class VolumeFiles {
  private static final int DEFAULT_MODE = 0644;

  private VolumeFiles() {
  }

  static void write(Path file, String content, Integer mode) throws IOException {
    Files.writeString(file, content);
    Files.setPosixFilePermissions(file, permissions(mode == null ? DEFAULT_MODE : mode));
  }

  static void emptyDir(Path dir) throws IOException {
    Files.setPosixFilePermissions(dir, permissions(0777));
  }

  private static Set<PosixFilePermission> permissions(int bits) {
    Set<PosixFilePermission> set = EnumSet.noneOf(PosixFilePermission.class);
    PosixFilePermission[] order = {
        PosixFilePermission.OTHERS_EXECUTE, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_READ,
        PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_READ,
        PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_READ};
    for (int i = 0; i < order.length; i++) {
      if ((bits & (1 << i)) != 0) {
        set.add(order[i]);
      }
    }
    return set;
  }
}
