package io.tablestoreycsb.planner.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.DeleteObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * What a running cell's pods and the planner exchange through the object store while the cell runs,
 * so that a {@code stop = steady} cell can end early on machines the planner cannot reach: each runner
 * uploads its interval log so far, the planner reads them, judges the cell's rate, and stores a stop
 * request that every runner looks for. Laid out beside the cell's result sets as
 * {@code <prefix>/<plan>/<cell>/live/<run>/runner-<index>/<file>} and {@code .../live/<run>/stop}, where
 * {@code run} names one run of the cell (its start instant), so a rerun never sees an earlier run's stop.
 * Nothing here is a result: the result sets ({@link ResultStore}) are uploaded as ever when runners end.
 */
public final class LiveCell {
  private static final String STOP = "stop";

  private final S3Client s3;
  private final ObjectStoreUri location;
  private final String base;

  /**
   * @param run what tells this run of the cell from others, e.g. its start instant in epoch ms
   */
  public LiveCell(S3Client s3, ObjectStoreUri location, String plan, String cell, String run) {
    new ResultStore.AttemptKey(plan, cell, 0, 1); // validates plan and cell as ResultStore does
    KeyPaths.checkRelative("run", run);
    if (run.isEmpty() || run.contains("/")) {
      throw new IllegalArgumentException("run '" + run + "' must be one non-empty segment");
    }
    this.s3 = s3;
    this.location = location;
    this.base = location.key(plan + "/" + cell + "/live/" + run);
  }

  /** A runner stores its file as it is now (replacing what it stored before). */
  public void put(int runnerIndex, Path file) {
    s3.putObject(PutObjectRequest.builder().bucket(location.bucket())
        .key(base + "/runner-" + runnerIndex + "/" + file.getFileName()).build(), RequestBody.fromFile(file));
  }

  /**
   * The planner reads a runner's latest copy of {@code fileName} into {@code target} (replaced whole, so a
   * reader never sees half a file).
   *
   * @return false when the runner has not stored it yet
   */
  public boolean get(int runnerIndex, String fileName, Path target) throws IOException {
    Path partial = target.resolveSibling(target.getFileName() + ".part");
    Files.deleteIfExists(partial);
    try {
      s3.getObject(GetObjectRequest.builder().bucket(location.bucket())
          .key(base + "/runner-" + runnerIndex + "/" + fileName).build(), partial);
    } catch (NoSuchKeyException e) {
      return false;
    }
    Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    return true;
  }

  /** The planner asks every runner of this run to end its run now. */
  public void requestStop() {
    s3.putObject(PutObjectRequest.builder().bucket(location.bucket()).key(base + "/" + STOP).build(),
        RequestBody.fromString(Long.toString(System.currentTimeMillis())));
  }

  /** Whether the planner asked this run to stop. */
  public boolean stopRequested() {
    try {
      s3.headObject(HeadObjectRequest.builder().bucket(location.bucket()).key(base + "/" + STOP).build());
      return true;
    } catch (NoSuchKeyException e) {
      return false;
    } catch (S3Exception e) {
      if (e.statusCode() == 404) { // HEAD answers carry no error code to map to NoSuchKey
        return false;
      }
      throw e;
    }
  }

  /**
   * Removes what this run exchanged (the planner, once the cell's results are in): a few objects, one
   * DeleteObject each (multi-object delete needs a checksum header that not every S3-compatible store
   * implements).
   */
  public void delete() {
    ListObjectsV2Request list = ListObjectsV2Request.builder().bucket(location.bucket()).prefix(base + "/").build();
    for (String key : s3.listObjectsV2Paginator(list).contents().stream().map(S3Object::key).toList()) {
      s3.deleteObject(DeleteObjectRequest.builder().bucket(location.bucket()).key(key).build());
    }
  }
}
