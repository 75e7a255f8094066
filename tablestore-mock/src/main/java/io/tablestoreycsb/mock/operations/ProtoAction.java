package io.tablestoreycsb.mock.operations;

import com.aliyun.ots.thirdparty.com.google.protobuf.MessageLite;
import com.aliyun.ots.thirdparty.com.google.protobuf.Parser;
import io.tablestoreycsb.mock.protocol.ActionName;

/**
 * The one shape of an action of the table API, the Stream API and the Tunnel Service: its
 * {@link ActionName}, the protobuf message its body holds and its parser (a malformed body is
 * OTSParameterInvalid, by {@link Requests#parse}), and what it answers to the parsed request.
 * An action with state of its own is a subclass; one that only asks a service is made with
 * {@link #of}.
 *
 * @param <T> the request message
 */
public abstract non-sealed class ProtoAction<T extends MessageLite> implements Action {
  /** What an action made with {@link #of} answers to its parsed request. */
  public interface Handler<T> {
    byte[] answer(T request, RequestContext context);
  }

  private final ActionName name;
  private final String requestType;
  private final Parser<T> parser;

  /**
   * @param requestType the request message's name, for the error a malformed body gets
   */
  protected ProtoAction(ActionName name, String requestType, Parser<T> parser) {
    this.name = name;
    this.requestType = requestType;
    this.parser = parser;
  }

  /** An action answering with {@code handler}. */
  public static <T extends MessageLite> ProtoAction<T> of(ActionName name, String requestType, Parser<T> parser,
      Handler<T> handler) {
    return new ProtoAction<>(name, requestType, parser) {
      @Override
      protected byte[] answer(T request, RequestContext context) {
        return handler.answer(request, context);
      }
    };
  }

  @Override
  public final ActionName name() {
    return name;
  }

  @Override
  public final byte[] execute(byte[] body, RequestContext context) {
    return answer(parse(body), context);
  }

  /** {@code body} parsed as the request message (a malformed body: OTSParameterInvalid). */
  protected final T parse(byte[] body) {
    return Requests.parse(body, parser, requestType);
  }

  /**
   * Executes the request and returns the serialized protobuf response; service errors are thrown
   * as {@code OtsException}.
   */
  protected abstract byte[] answer(T request, RequestContext context);
}
