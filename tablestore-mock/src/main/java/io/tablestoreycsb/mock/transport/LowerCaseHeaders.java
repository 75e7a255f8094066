package io.tablestoreycsb.mock.transport;

import io.netty.handler.codec.http.HttpHeaders;
import io.netty.util.AsciiString;
import io.tablestoreycsb.mock.protocol.OtsHeaders;
import io.tablestoreycsb.mock.protocol.SignedHeaders;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A request's headers as a map with lower-case names (the first of repeated names wins), read
 * from Netty's header object. Only the {@code x-ots-*} headers are copied, once, in one pass: the
 * pipeline reads and signs those; any other name is looked up in Netty's headers, which match
 * names regardless of case. Copying every header into a lower-cased {@code HashMap} (two strings
 * and a hash entry per header, a dozen a request) was 2.5% of the mock's sampled CPU.
 *
 * <p>{@link #entrySet()} (every header, lower-cased) is built on first use; the pipeline does not
 * use it.
 */
final class LowerCaseHeaders extends AbstractMap<String, String> implements SignedHeaders {
  private final HttpHeaders headers;
  /** The x-ots-* headers, lower-case names, first of repeated names, sorted by name. */
  private final List<Map.Entry<String, String>> ots;
  private Set<Map.Entry<String, String>> all;

  LowerCaseHeaders(HttpHeaders headers) {
    this.headers = headers;
    List<Map.Entry<String, String>> found = new ArrayList<>(10);
    for (Iterator<Map.Entry<CharSequence, CharSequence>> it = headers.iteratorCharSequence(); it.hasNext(); ) {
      Map.Entry<CharSequence, CharSequence> h = it.next();
      CharSequence name = h.getKey();
      if (isOts(name)) {
        insertSorted(found, otsName(name), h.getValue().toString());
      }
    }
    this.ots = Collections.unmodifiableList(found);
  }

  @Override
  public List<Map.Entry<String, String>> otsHeadersByName() {
    return ots;
  }

  @Override
  public String get(Object key) {
    if (!(key instanceof String name)) {
      return null;
    }
    if (isOts(name)) {
      String lower = name.toLowerCase(Locale.ROOT);
      for (Map.Entry<String, String> e : ots) {
        if (e.getKey().equals(lower)) {
          return e.getValue();
        }
      }
      return null;
    }
    return headers.get(name);
  }

  @Override
  public boolean containsKey(Object key) {
    return get(key) != null;
  }

  @Override
  public Set<Map.Entry<String, String>> entrySet() {
    if (all == null) {
      Map<String, String> map = new HashMap<>(Math.max(16, headers.size() * 2));
      for (Iterator<Map.Entry<CharSequence, CharSequence>> it = headers.iteratorCharSequence(); it.hasNext(); ) {
        Map.Entry<CharSequence, CharSequence> h = it.next();
        map.putIfAbsent(lowerCase(h.getKey()), h.getValue().toString());
      }
      all = Collections.unmodifiableMap(map).entrySet();
    }
    return all;
  }

  private static boolean isOts(CharSequence name) {
    String prefix = OtsHeaders.PREFIX;
    if (name.length() < prefix.length()) {
      return false;
    }
    for (int i = 0; i < prefix.length(); i++) {
      if (Character.toLowerCase(name.charAt(i)) != prefix.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The x-ots-* names SDKs send, as the constants the pipeline compares them with: a name found
   * among them costs no lower-cased copy, and its hash (the authenticator switches on names) is
   * computed once for all requests.
   */
  private static final String[] KNOWN_OTS_NAMES = {
    OtsHeaders.DATE, OtsHeaders.API_VERSION, OtsHeaders.ACCESS_KEY_ID, OtsHeaders.INSTANCE_NAME, OtsHeaders.CONTENT_MD5,
    OtsHeaders.SIGNATURE, OtsHeaders.SIGNATURE_V4, OtsHeaders.SIGN_DATE, OtsHeaders.SIGN_REGION, OtsHeaders.STS_TOKEN,
    OtsHeaders.REQUEST_COMPRESS_TYPE, "x-ots-sdk-traceid", "x-ots-trace-threshold", "x-ots-response-compress-type"
  };

  /** An x-ots-* name in lower case: a known name's constant, or the name lower-cased. */
  private static String otsName(CharSequence name) {
    for (String known : KNOWN_OTS_NAMES) {
      if (known.length() == name.length() && AsciiString.contentEqualsIgnoreCase(known, name)) {
        return known;
      }
    }
    return lowerCase(name);
  }

  private static String lowerCase(CharSequence name) {
    return name.toString().toLowerCase(Locale.ROOT);
  }

  /** Adds the header in name order unless the name is there already (the first one wins). */
  private static void insertSorted(List<Map.Entry<String, String>> sorted, String name, String value) {
    int at = sorted.size();
    while (at > 0) {
      int c = sorted.get(at - 1).getKey().compareTo(name);
      if (c == 0) {
        return;
      }
      if (c < 0) {
        break;
      }
      at--;
    }
    sorted.add(at, Map.entry(name, value));
  }
}
