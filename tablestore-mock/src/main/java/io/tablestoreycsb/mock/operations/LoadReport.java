package io.tablestoreycsb.mock.operations;

import io.tablestoreycsb.mock.faults.ServiceLoad;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.transport.HttpReply;
import io.tablestoreycsb.mock.transport.RequestHandler;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Answers {@code GET /mock/load} with the mock's own view of its load ({@link ServiceLoad#json()}),
 * for a capacity planner to read at a cell's start and end; every other request goes to the
 * Tablestore pipeline unchanged. The service has no such path: a client that reads it learns the
 * endpoint is this mock (the real service answers it with an error).
 */
public final class LoadReport implements RequestHandler {
  /** The path of the load report. */
  public static final String PATH = "/mock/load";

  private final ServiceLoad load;
  private final RequestHandler tablestore;

  public LoadReport(ServiceLoad load, RequestHandler tablestore) {
    this.load = load;
    this.tablestore = tablestore;
  }

  @Override
  public HttpReply handle(String method, String path, Map<String, String> lowerCaseHeaders, byte[] body) {
    if ("GET".equals(method) && PATH.equals(path)) {
      return new HttpReply(200, Map.of("Content-Type", "application/json"),
          load.json().getBytes(StandardCharsets.UTF_8), 0);
    }
    return tablestore.handle(method, path, lowerCaseHeaders, body);
  }

  @Override
  public HttpReply error(String path, OtsException error) {
    return tablestore.error(path, error);
  }
}
