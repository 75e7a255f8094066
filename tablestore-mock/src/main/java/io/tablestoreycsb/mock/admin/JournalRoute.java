package io.tablestoreycsb.mock.admin;

import io.tablestoreycsb.mock.journal.RecordedRequest;
import io.tablestoreycsb.mock.journal.RequestJournal;
import io.tablestoreycsb.mock.protocol.ActionName;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * {@code /_mock/journal}: {@code GET} the recorded requests, oldest first, as JSON (optionally
 * only those of {@code ?action=PutRow}, {@code ?table=NAME}, or after {@code ?since=SEQUENCE});
 * {@code DELETE} clears the journal. A mock started with the journal off answers 409.
 */
final class JournalRoute implements AdminRoute {
  private final RequestJournal journal;

  JournalRoute(RequestJournal journal) {
    this.journal = journal;
  }

  @Override
  public String path() {
    return "/_mock/journal";
  }

  @Override
  public List<String> methods() {
    return List.of("GET", "DELETE");
  }

  @Override
  public AdminReply handle(AdminRequest request) {
    if (!journal.isOn()) {
      throw new AdminException(409, "the request journal is off: start the mock with --journal-capacity N > 0"
          + " (embedded: journalCapacity(n))");
    }
    if (request.method().equals("DELETE")) {
      long cleared = journal.requests().size();
      journal.clear();
      return AdminReply.ok(Map.of("cleared", cleared));
    }
    Predicate<RecordedRequest> filter = filter(request);
    List<JournalJson.Request> requests = journal.requests(filter).stream().map(JournalJson::of).toList();
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("recorded", journal.recordedCount());
    body.put("dropped", journal.droppedCount());
    body.put("capacity", journal.capacity());
    body.put("requests", requests);
    return AdminReply.ok(body);
  }

  private static Predicate<RecordedRequest> filter(AdminRequest request) {
    for (String name : request.query().keySet()) {
      if (!List.of("action", "table", "since").contains(name)) {
        throw AdminException.badRequest("unknown parameter '" + name + "' of GET /_mock/journal; it takes"
            + " action, table, since");
      }
    }
    Predicate<RecordedRequest> filter = r -> true;
    String action = request.queryValue("action");
    if (action != null) {
      ActionName name;
      try {
        name = ActionName.parse(action);
      } catch (IllegalArgumentException e) {
        throw AdminException.badRequest("unknown action '" + action + "'; valid actions: " + ActionName.wireNames());
      }
      filter = filter.and(r -> r.action() == name);
    }
    String table = request.queryValue("table");
    if (table != null) {
      // a batch over several tables has no one table: then its rows say which tables it named
      filter = filter.and(r -> table.equals(r.table())
          || (r.table() == null && r.rows().stream().anyMatch(row -> table.equals(row.table()))));
    }
    String since = request.queryValue("since");
    if (since != null) {
      long after;
      try {
        after = Long.parseLong(since);
      } catch (NumberFormatException e) {
        throw AdminException.badRequest("since must be a request's sequence number, got '" + since + "'");
      }
      filter = filter.and(r -> r.sequence() > after);
    }
    return filter;
  }
}
