package io.tablestoreycsb.mock.admin;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.transport.HttpReply;
import io.tablestoreycsb.mock.transport.InternalErrors;
import io.tablestoreycsb.mock.transport.RequestHandler;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The admin API in front of the Tablestore API on the mock's own port: a request under
 * {@value #PREFIX} goes to the {@link AdminRoute} of its path, every other request to the
 * Tablestore handler unchanged (the service has no such path: its actions are
 * {@code POST /<Action>}).
 *
 * <p>Replies are JSON. An unknown path answers 404 naming the valid routes, a method the route
 * does not answer 405 naming its methods, a request the {@link AdminAccess} refuses 401; errors
 * are {@code {"error": "...", "status": N}}.
 */
public final class AdminRouter implements RequestHandler {
  /** Every admin path starts with this. */
  public static final String PREFIX = "/_mock/";

  private static final ObjectMapper JSON = new ObjectMapper()
      .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

  private final Map<String, AdminRoute> routes = new LinkedHashMap<>();
  private final AdminAccess access;
  private final RequestHandler tablestore;

  /**
   * @param routes the admin routes (see {@link AdminRoutes#standard})
   * @param access who may use them
   * @param tablestore what answers every other request
   */
  public AdminRouter(List<AdminRoute> routes, AdminAccess access, RequestHandler tablestore) {
    for (AdminRoute route : routes) {
      if (!route.path().startsWith(PREFIX) || route.path().length() == PREFIX.length()
          || route.path().indexOf('/', PREFIX.length()) >= 0) {
        throw new IllegalArgumentException("an admin route's path is " + PREFIX + "NAME, got " + route.path());
      }
      if (this.routes.put(route.path(), route) != null) {
        throw new IllegalArgumentException("two admin routes for " + route.path());
      }
    }
    this.access = access;
    this.tablestore = tablestore;
  }

  /** Whether {@code path} belongs to the admin API. */
  public static boolean isAdminPath(String path) {
    return path.startsWith(PREFIX) || path.equals(PREFIX.substring(0, PREFIX.length() - 1));
  }

  @Override
  public HttpReply handle(String method, String path, Map<String, String> lowerCaseHeaders, byte[] body) {
    return handle(method, path, null, lowerCaseHeaders, body);
  }

  @Override
  public HttpReply handle(String method, String path, String query, Map<String, String> lowerCaseHeaders,
      byte[] body) {
    if (!isAdminPath(path)) {
      return tablestore.handle(method, path, query, lowerCaseHeaders, body);
    }
    try {
      access.check(method, query == null ? path : path + "?" + query, lowerCaseHeaders, body);
      String rest = path.length() > PREFIX.length() ? path.substring(PREFIX.length()) : "";
      int slash = rest.indexOf('/');
      String routePath = PREFIX + (slash < 0 ? rest : rest.substring(0, slash));
      String id = slash < 0 ? null : rest.substring(slash + 1);
      AdminRoute route = routes.get(routePath);
      if (route == null || (id != null && (!route.takesId() || id.isEmpty() || id.contains("/")))) {
        throw notFound(path);
      }
      if (!route.methods().contains(method)) {
        throw new AdminException(405, method + " is not allowed on " + path + "; it answers "
            + String.join(", ", route.methods()));
      }
      AdminReply reply = route.handle(new AdminRequest(method, routePath, id, AdminRequest.parseQuery(query), body));
      if (reply.json() instanceof AdminReply.Binary binary) {
        return new HttpReply(reply.status(), Map.of("Content-Type", "application/octet-stream"), binary.bytes(), 0);
      }
      return json(reply.status(), reply.json());
    } catch (AdminException e) {
      return error(e.status(), e.getMessage(), e.status() == 404 ? routeList() : null);
    } catch (RuntimeException e) {
      InternalErrors.log(path, e);
      return error(500, "internal error of the mock's admin API: " + e, null);
    }
  }

  @Override
  public HttpReply error(String path, OtsException error) {
    if (isAdminPath(path)) {
      return error(error.errorCode().httpStatus(), error.getMessage(), null);
    }
    return tablestore.error(path, error);
  }

  private AdminException notFound(String path) {
    return new AdminException(404, "no admin route " + path);
  }

  /** e.g. {@code GET, POST, DELETE /_mock/faults[/{id}]}, one per route. */
  private List<String> routeList() {
    List<String> list = new ArrayList<>();
    for (AdminRoute route : routes.values()) {
      list.add(String.join(", ", route.methods()) + " " + route.path() + (route.takesId() ? "[/{id}]" : ""));
    }
    return list;
  }

  private static HttpReply error(int status, String message, List<String> routes) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("error", message);
    body.put("status", status);
    if (routes != null) {
      body.put("routes", routes);
    }
    return json(status, body);
  }

  private static HttpReply json(int status, Object value) {
    byte[] bytes;
    try {
      bytes = JSON.writeValueAsBytes(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write an admin reply as JSON: " + e.getMessage(), e);
    }
    return new HttpReply(status, Map.of("Content-Type", "application/json"), bytes, 0);
  }

  /** For routes that read JSON bodies. */
  static ObjectMapper mapper() {
    return JSON;
  }

  @Override
  public String toString() {
    return routes.keySet().stream().collect(Collectors.joining(", ", "AdminRouter[", "]"));
  }
}
