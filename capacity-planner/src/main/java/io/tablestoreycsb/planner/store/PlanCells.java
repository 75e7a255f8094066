package io.tablestoreycsb.planner.store;

import io.tablestoreycsb.cluster.objectstore.KeyPaths;
import io.tablestoreycsb.cluster.objectstore.ObjectStore;
import io.tablestoreycsb.cluster.objectstore.ObjectStoreUri;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * How the planner hands a plan's cells to the pods that serve them: one request object per cell, numbered
 * from 1 in the order the pods run them, and an end marker once the plan has no more, laid out as
 * {@code <prefix>/<plan>/cells/<session>/<seq>/request.json} and {@code .../cells/<session>/end}, where
 * {@code session} names one set of pods (their Job), so pods never take a request meant for others.
 * Nothing here is a result: result sets go to {@link ResultStore} as ever.
 */
public final class PlanCells {
  public static final String REQUEST = "request.json";
  public static final String END = "end";

  private final ObjectStore store;
  private final String base;

  public PlanCells(S3Client s3, ObjectStoreUri location, String plan, String session) {
    this(new ObjectStore(s3, location), plan, session);
  }

  PlanCells(ObjectStore store, String plan, String session) {
    new ResultStore.AttemptKey(plan, "cells", 0, 1); // validates the plan's name as ResultStore does
    KeyPaths.checkRelative("session", session);
    if (session.isEmpty() || session.contains("/")) {
      throw new IllegalArgumentException("session '" + session + "' must be one non-empty segment");
    }
    this.store = store;
    this.base = directory(plan, session);
  }

  /** The directory of a session's requests below the location: what a pod is told on its command line. */
  public static String directory(String plan, String session) {
    return plan + "/cells/" + session;
  }

  /** The key of request {@code seq} relative to the session's directory (a rendered plan's file names). */
  public static String requestName(int seq) {
    if (seq < 1) {
      throw new IllegalArgumentException("cell requests are numbered from 1, got " + seq);
    }
    return String.format(java.util.Locale.ROOT, "%06d/%s", seq, REQUEST);
  }

  /** The planner hands over request {@code seq}. */
  public void put(int seq, String requestJson) {
    store.putString(base + "/" + requestName(seq), requestJson);
  }

  /** A pod reads request {@code seq}; empty while the planner has not written it. */
  public Optional<String> get(int seq, Path scratch) throws IOException {
    if (!store.get(base + "/" + requestName(seq), scratch)) {
      return Optional.empty();
    }
    try {
      return Optional.of(Files.readString(scratch, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(scratch);
    }
  }

  /** The planner tells the pods that no cell follows. */
  public void end() {
    store.putString(base + "/" + END, Long.toString(System.currentTimeMillis()));
  }

  /** Whether the plan has ended for these pods. */
  public boolean ended() {
    return store.exists(base + "/" + END);
  }

  /** Removes the session's requests (the planner, once its pods are gone): one object per cell. */
  public void delete() {
    store.deleteAll(base);
  }
}
