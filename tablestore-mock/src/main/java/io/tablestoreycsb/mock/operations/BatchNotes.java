package io.tablestoreycsb.mock.operations;

import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.storage.Table;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * What BatchGetRow and BatchWriteRow note for the request journal when an injected fault refused
 * the request before it ran ({@link Action#note}): each table it names, and each of its rows, with
 * the row's key where the table exists and the key decodes.
 */
final class BatchNotes {
  private BatchNotes() {
  }

  /** Decodes row {@code index} of one table's entry; throws {@link OtsException} when it cannot. */
  @FunctionalInterface
  interface KeyDecoder<T> {
    byte[] key(Table table, T tableRequest, int index);
  }

  static <T> void note(Catalog catalog, RequestContext context, List<T> tables, Function<T, String> tableName,
                       ToIntFunction<T> rowCount, KeyDecoder<T> decoder) {
    for (T tableRequest : tables) {
      String name = tableName.apply(tableRequest);
      context.table(name);
      Table table = catalog.find(name);
      for (int i = 0; i < rowCount.applyAsInt(tableRequest); i++) {
        byte[] key = table == null ? null : keyOrNull(decoder, table, tableRequest, i);
        if (key == null) {
          context.rowWithoutKey(name, null);
        } else {
          context.row(table, key, null);
        }
      }
    }
  }

  private static <T> byte[] keyOrNull(KeyDecoder<T> decoder, Table table, T tableRequest, int index) {
    try {
      return decoder.key(table, tableRequest, index);
    } catch (OtsException e) {
      return null; // left undecoded: the journal shows the row without its key
    }
  }
}
