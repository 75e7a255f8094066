package io.tablestoreycsb.planner.runner;

import io.tablestoreycsb.binding.client.ClientWarmUp.Operation;
import java.util.EnumSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;

/**
 * The kinds of request a cell's YCSB run sends through the binding, read from its arguments as YCSB and the
 * binding read them: the load phase ({@code -load}) inserts; the run phase does what its operation proportions
 * give more than 0 (YCSB's defaults: 95% read, 5% update). An insert is a BatchWriteRow when
 * {@code tablestore.batchsize} is above 1, else a PutRow; a read-modify-write is a read and an update.
 */
final class WarmUpOperations {
  private WarmUpOperations() {}

  static Set<Operation> of(List<String> args, Properties props) {
    Set<Operation> ops = EnumSet.noneOf(Operation.class);
    boolean load = args.contains("-load")
        || !Boolean.parseBoolean(props.getProperty("dotransactions", "true").trim()) && !args.contains("-t");
    Operation insert = batchSize(props) > 1 ? Operation.BATCH_WRITE_ROW : Operation.PUT_ROW;
    if (load) {
      ops.add(insert);
      return ops;
    }
    if (proportion(props, "readproportion", 0.95) > 0) {
      ops.add(Operation.GET_ROW);
    }
    if (proportion(props, "updateproportion", 0.05) > 0) {
      ops.add(Operation.UPDATE_ROW);
    }
    if (proportion(props, "insertproportion", 0) > 0) {
      ops.add(insert);
    }
    if (proportion(props, "scanproportion", 0) > 0) {
      ops.add(Operation.GET_RANGE);
    }
    if (proportion(props, "readmodifywriteproportion", 0) > 0) {
      ops.add(Operation.GET_ROW);
      ops.add(Operation.UPDATE_ROW);
    }
    return ops;
  }

  private static int batchSize(Properties props) {
    try {
      return Integer.parseInt(props.getProperty("tablestore.batchsize", "1").trim());
    } catch (NumberFormatException e) {
      return 1; // the binding refuses it with its own message when the run starts
    }
  }

  private static double proportion(Properties props, String name, double otherwise) {
    try {
      return Double.parseDouble(props.getProperty(name, Double.toString(otherwise)).trim());
    } catch (NumberFormatException e) {
      return otherwise;
    }
  }
}
