package io.tablestoreycsb.mock.persist;

import io.tablestoreycsb.mock.protocol.ErrorCode;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.transport.HttpReply;
import io.tablestoreycsb.mock.transport.RequestHandler;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * With a data directory: holds back the reply to a request that changed the state until the
 * change is in the file, so every acknowledged write survives the process; a request that
 * changed nothing is answered at once. No request thread waits: the reply is written when the
 * group commit completes. Only a mock with a data directory has this in front of its pipeline.
 */
final class DurableReplies implements RequestHandler {
  /** The admin API and the Tablestore API behind it. */
  private final RequestHandler tablestore;
  private final DurableStorage storage;

  DurableReplies(RequestHandler tablestore, DurableStorage storage) {
    this.tablestore = tablestore;
    this.storage = storage;
  }

  @Override
  public HttpReply handle(String method, String path, Map<String, String> lowerCaseHeaders, byte[] body) {
    return handle(method, path, null, lowerCaseHeaders, body);
  }

  @Override
  public HttpReply handle(String method, String path, String query, Map<String, String> lowerCaseHeaders,
      byte[] body) {
    DurableStorage.beginRequest();
    HttpReply reply = tablestore.handle(method, path, query, lowerCaseHeaders, body);
    CompletableFuture<Void> durable = storage.changesOfThisRequest();
    if (durable == null) {
      return reply;
    }
    return HttpReply.whenReady(durable.handle((done, failed) -> failed == null ? reply
        : tablestore.error(path, new OtsException(ErrorCode.INTERNAL_SERVER_ERROR,
            "The mock could not write its data directory: the change may not survive a restart."))));
  }

  @Override
  public HttpReply error(String path, OtsException error) {
    return tablestore.error(path, error);
  }
}
