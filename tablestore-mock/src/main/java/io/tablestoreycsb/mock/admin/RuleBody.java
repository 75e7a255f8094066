package io.tablestoreycsb.mock.admin;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;

/**
 * The rule a POST carries: its spec as plain text ({@code PutRow=OTSServerBusy@1.0}), or as JSON,
 * a string or {@code {"spec": "..."}}.
 */
final class RuleBody {
  private RuleBody() {}

  static String spec(AdminRequest request, String example) {
    String text = request.bodyText();
    if (text.startsWith("{") || text.startsWith("\"")) {
      JsonNode json;
      try {
        json = AdminRouter.mapper().readTree(text);
      } catch (IOException e) {
        throw AdminException.badRequest("the body of POST " + request.path() + " is not valid JSON: "
            + e.getMessage().lines().findFirst().orElse(""));
      }
      JsonNode spec = json.isObject() ? json.get("spec") : json;
      if (spec == null || !spec.isTextual()) {
        throw AdminException.badRequest("the JSON body of POST " + request.path()
            + " must be a string or {\"spec\": \"...\"}, e.g. {\"spec\": \"" + example + "\"}");
      }
      text = spec.asText().strip();
    }
    if (text.isEmpty()) {
      throw AdminException.badRequest("POST " + request.path() + " needs a rule in the body, e.g. " + example);
    }
    return text;
  }
}
