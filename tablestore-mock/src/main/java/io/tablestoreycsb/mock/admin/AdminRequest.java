package io.tablestoreycsb.mock.admin;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One request to an {@link AdminRoute}.
 *
 * @param method the HTTP method, upper case
 * @param path the route's path, e.g. {@code /_mock/faults}
 * @param id what followed the route's path after a {@code /}, or null (see {@link AdminRoute#takesId()})
 * @param query the query parameters, decoded, each name with its values in order
 * @param body the request body as sent (empty for none)
 */
public record AdminRequest(String method, String path, String id, Map<String, List<String>> query, byte[] body) {

  /** The body as UTF-8 text, surrounding whitespace stripped. */
  public String bodyText() {
    return new String(body, StandardCharsets.UTF_8).strip();
  }

  /** The first value of query parameter {@code name}, or null. */
  public String queryValue(String name) {
    List<String> values = query.get(name);
    return values == null || values.isEmpty() ? null : values.get(0);
  }

  /** The id as a number. */
  public long numericId() {
    try {
      return Long.parseLong(id);
    } catch (NumberFormatException e) {
      throw new AdminException(404, "no such id '" + id + "' under " + path + ": ids are numbers (GET " + path
          + " lists them)");
    }
  }

  /** Parses a raw query ({@code a=1&b=x%20y}); null or empty gives no parameters. */
  static Map<String, List<String>> parseQuery(String raw) {
    Map<String, List<String>> params = new LinkedHashMap<>();
    if (raw == null || raw.isEmpty()) {
      return params;
    }
    for (String pair : raw.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      String name = decode(eq < 0 ? pair : pair.substring(0, eq));
      String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
      params.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
    }
    return params;
  }

  private static String decode(String text) {
    try {
      return URLDecoder.decode(text, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw new AdminException(400, "malformed query parameter '" + text + "': " + e.getMessage());
    }
  }
}
