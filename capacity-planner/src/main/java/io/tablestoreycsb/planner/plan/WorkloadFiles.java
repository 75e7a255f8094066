package io.tablestoreycsb.planner.plan;

import io.tablestoreycsb.planner.matrix.MatrixException;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * Finds a workload file named in a matrix: absolute paths as they are; relative ones under the
 * installation (tsy.home, set by bin/ launchers), then under the matrix file's directory and its
 * parents (so workloads/matrix/X finds workloads/tablestore-...), then the working directory.
 */
public final class WorkloadFiles {
  private final Path matrixFile;

  public WorkloadFiles(Path matrixFile) {
    this.matrixFile = matrixFile.toAbsolutePath();
  }

  public Path resolve(String name, int matrixLine) {
    Path p = Path.of(name);
    List<Path> tried = new ArrayList<>();
    if (p.isAbsolute()) {
      tried.add(p);
    } else {
      String home = System.getProperty("tsy.home");
      if (home != null) {
        tried.add(Path.of(home).resolve(p));
      }
      for (Path dir = matrixFile.getParent(); dir != null; dir = dir.getParent()) {
        tried.add(dir.resolve(p));
      }
      tried.add(Path.of("").toAbsolutePath().resolve(p));
    }
    for (Path candidate : tried) {
      if (Files.isRegularFile(candidate)) {
        return candidate.normalize();
      }
    }
    throw new MatrixException(matrixFile + ":" + matrixLine + ": workload file '" + name + "' not found (looked in "
        + tried.stream().map(Path::toString).distinct().limit(4).toList() + " ...)");
  }

  public static Properties load(Path workload) {
    Properties props = new Properties();
    try (Reader r = Files.newBufferedReader(workload)) {
      props.load(r);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read workload file " + workload + ": " + e.getMessage(), e);
    }
    return props;
  }
}
