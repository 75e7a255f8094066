package io.tablestoreycsb.cluster.kubernetes;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Pieces of Kubernetes object names: a readable name is cut to fit a DNS label, a short hash keeps it unique. */
public final class ObjectNames {
  private ObjectNames() {}

  /** Ten hex digits of {@code text}'s SHA-256: what tells apart two names whose readable parts agree. */
  public static String shortHash(String text) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 5);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
    }
  }
}
