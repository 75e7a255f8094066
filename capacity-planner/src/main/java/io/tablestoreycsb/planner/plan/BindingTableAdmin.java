package io.tablestoreycsb.planner.plan;

import io.tablestoreycsb.binding.tools.TableDescription;
import io.tablestoreycsb.binding.tools.TableSetup;
import io.tablestoreycsb.binding.tools.TableSetupException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * Table set-up through the binding's {@link TableSetup} API, with the same endpoint properties file
 * the runners get.
 */
public final class BindingTableAdmin implements TableAdmin {
  private final Path endpointProperties;

  public BindingTableAdmin(Path endpointProperties) {
    this.endpointProperties = endpointProperties;
  }

  @Override
  public void ensureTable(String table, int partitions) throws IOException {
    TableSetup setup = setup(table);
    TableDescription described;
    try {
      described = setup.describe();
    } catch (TableSetupException e) {
      if (!e.tableNotFound()) {
        throw new IllegalStateException("cannot describe table " + table + ": " + e.getMessage(), e);
      }
      described = setup.create(partitions);
    }
    if (described.partitions() != partitions) {
      throw new IllegalStateException("table " + table + " has " + described.partitions() + " partition(s), the plan"
          + " needs " + partitions + ". On Alibaba Cloud, pre-splitting a new table is done on request (support ticket"
          + " with the split points 'bin/tablestore-table create' prints); or drop the table "
          + "(bin/tablestore-table drop -P FILE --table " + table + ") if it was created with another count.");
    }
  }

  @Override
  public long countRows(String table) throws IOException {
    return setup(table).countRows();
  }

  private TableSetup setup(String table) throws IOException {
    Properties props = new Properties();
    try (InputStream in = Files.newInputStream(endpointProperties)) {
      props.load(in);
    }
    props.setProperty("table", table);
    return TableSetup.of(props);
  }
}
