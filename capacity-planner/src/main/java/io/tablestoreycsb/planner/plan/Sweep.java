package io.tablestoreycsb.planner.plan;

import io.tablestoreycsb.binding.config.KnownProperties;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@code --sweep property=v1,v2,...} option: the write cases run once per value.
 *
 * @param property YCSB property varied
 * @param values its values, in order
 */
public record Sweep(String property, List<String> values) {

  public static Sweep parse(String spec) {
    int eq = spec.indexOf('=');
    if (eq <= 0 || eq == spec.length() - 1) {
      throw new IllegalArgumentException("--sweep '" + spec + "' must look like property=v1,v2,... "
          + "(e.g. tablestore.batchsize=1,10,50,100,200)");
    }
    List<String> values = new ArrayList<>();
    for (String v : spec.substring(eq + 1).split(",")) {
      String value = v.strip();
      if (value.isEmpty()) {
        throw new IllegalArgumentException("--sweep '" + spec + "' has an empty value");
      }
      if (values.contains(value)) {
        throw new IllegalArgumentException("--sweep '" + spec + "' lists " + value + " twice");
      }
      values.add(value);
    }
    String property = spec.substring(0, eq).strip();
    KnownProperties.bindingKeyProblem(property).ifPresent(problem -> {
      throw new IllegalArgumentException("--sweep: " + problem);
    });
    return new Sweep(property, List.copyOf(values));
  }

  public String label(String value) {
    return property + "=" + value;
  }
}
