package io.tablestoreycsb.cluster.objectstore;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
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
 * Files below one location ({@code s3://bucket/prefix}), named by keys relative to its prefix: what a
 * benchmark's pods and the machine that started them exchange. Every relative key is checked to be
 * plain segments (no empty, "." or ".." segment), so nothing lands outside the prefix.
 */
public final class ObjectStore {
  private final S3Client s3;
  private final ObjectStoreUri location;

  public ObjectStore(S3Client s3, ObjectStoreUri location) {
    this.s3 = s3;
    this.location = location;
  }

  public ObjectStoreUri location() {
    return location;
  }

  /** Stores {@code file} as {@code key}, replacing what was there. */
  public void put(String key, Path file) {
    s3.putObject(PutObjectRequest.builder().bucket(location.bucket()).key(absolute(key)).build(),
        RequestBody.fromFile(file));
  }

  /** Stores {@code content} as {@code key}, replacing what was there. */
  public void put(String key, byte[] content) {
    s3.putObject(PutObjectRequest.builder().bucket(location.bucket()).key(absolute(key)).build(),
        RequestBody.fromBytes(content));
  }

  /** Stores {@code content} (UTF-8) as {@code key}, replacing what was there. */
  public void putString(String key, String content) {
    s3.putObject(PutObjectRequest.builder().bucket(location.bucket()).key(absolute(key)).build(),
        RequestBody.fromString(content));
  }

  /**
   * Reads {@code key} into {@code target}, replaced whole (written beside it, then moved), so a reader of
   * {@code target} never sees half an object.
   *
   * @return false when there is no such object
   */
  public boolean get(String key, Path target) throws IOException {
    Path partial = target.resolveSibling(target.getFileName() + ".part");
    Files.deleteIfExists(partial);
    try {
      s3.getObject(GetObjectRequest.builder().bucket(location.bucket()).key(absolute(key)).build(), partial);
    } catch (NoSuchKeyException e) {
      return false;
    }
    Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    return true;
  }

  /** Whether {@code key} is stored. */
  public boolean exists(String key) {
    try {
      s3.headObject(HeadObjectRequest.builder().bucket(location.bucket()).key(absolute(key)).build());
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
   * The keys below {@code directory} ("" for the whole location), relative to the location's prefix, in
   * the store's (lexicographic) order. Folder markers (keys ending in "/": an OSS or S3 console's
   * folders, and how S3Proxy's filesystem backend lists a directory emptied of its objects) hold no file
   * and are left out.
   */
  public List<String> list(String directory) {
    return listAbsolute(directory).stream().filter(k -> !k.endsWith("/"))
        .map(k -> k.substring(location.key("").length())).toList();
  }

  /**
   * Deletes every object below {@code directory}, folder markers included: one DeleteObject each
   * (multi-object delete needs a checksum header that not every S3-compatible store implements), so
   * meant for a few objects.
   */
  public void deleteAll(String directory) {
    KeyPaths.checkRelative("directory", directory);
    if (directory.isEmpty()) {
      throw new IllegalArgumentException("deleting the whole location " + location + " is not allowed");
    }
    // The listed keys are below the checked directory's prefix, so they are deleted as listed.
    for (String key : listAbsolute(directory)) {
      s3.deleteObject(DeleteObjectRequest.builder().bucket(location.bucket()).key(key).build());
    }
  }

  /** The bucket's keys below {@code directory}, as stored, folder markers included. */
  private List<String> listAbsolute(String directory) {
    String prefix = directory.isEmpty() ? location.key("") : absolute(directory) + "/";
    ListObjectsV2Request request = ListObjectsV2Request.builder().bucket(location.bucket()).prefix(prefix).build();
    return s3.listObjectsV2Paginator(request).contents().stream().map(S3Object::key).toList();
  }

  private String absolute(String key) {
    KeyPaths.checkRelative("object key", key);
    if (key.isEmpty()) {
      throw new IllegalArgumentException("object key is empty");
    }
    return location.key(key);
  }
}
