package io.tablestoreycsb.mock.protocol;

import java.util.List;
import java.util.Map;

/**
 * Request headers that can hand over their {@code x-ots-*} part directly: a transport's header
 * view implements this beside {@code Map}, so that building the string to sign does not iterate
 * (and fold the case of) every header of the request.
 */
public interface SignedHeaders {
  /** The x-ots-* headers: names in lower case, the first of repeated names, sorted by name. */
  List<Map.Entry<String, String>> otsHeadersByName();
}
