package io.tablestoreycsb.mock.conformance;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.model.CreateTableRequest;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.TableMeta;
import com.alicloud.openservices.tablestore.model.TableOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The tables the Python SDK authors' suite expects to exist before it runs
 * (src/test/sdk-conformance/python/sdk-suite-fixtures.txt), each with the reason it is made for
 * the suite: the suite's files say so, and the Python SDK cannot make it.
 */
final class PythonSuiteFixtures {
  /** A table to create: its name, primary key, whether local transactions are on, and why. */
  record Table(String name, List<PrimaryKeySchema> primaryKey, boolean localTransactions, String why) {
    CreateTableRequest createRequest() {
      TableMeta meta = new TableMeta(name);
      primaryKey.forEach(meta::addPrimaryKeyColumn);
      CreateTableRequest request = new CreateTableRequest(meta, new TableOptions(-1, 1));
      if (localTransactions) {
        request.setLocalTxnEnabled(true);
      }
      return request;
    }
  }

  private final List<Table> tables;

  private PythonSuiteFixtures(List<Table> tables) {
    this.tables = tables;
  }

  static PythonSuiteFixtures read(Path file) throws IOException {
    List<Table> tables = new ArrayList<>();
    for (ListFile.Line line : ListFile.read(file, "TABLE | PRIMARY KEY | OPTIONS | WHY")) {
      tables.add(new Table(line.field(0), primaryKey(line.field(1), line.where()),
          localTransactions(line.field(2), line.where()), line.field(3)));
    }
    return new PythonSuiteFixtures(tables);
  }

  List<Table> tables() {
    return tables;
  }

  /** Creates every table on the endpoint {@code client} talks to. */
  void createWith(SyncClient client) {
    for (Table table : tables) {
      client.createTable(table.createRequest());
    }
  }

  private static List<PrimaryKeySchema> primaryKey(String field, String where) {
    List<PrimaryKeySchema> columns = new ArrayList<>();
    for (String column : field.split(",")) {
      String[] nameAndType = column.trim().split(":");
      if (nameAndType.length != 2) {
        throw new IllegalArgumentException(where + "a primary key column is NAME:TYPE, got '" + column.trim() + "'");
      }
      try {
        columns.add(new PrimaryKeySchema(nameAndType[0], PrimaryKeyType.valueOf(nameAndType[1])));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(where + "unknown primary key type '" + nameAndType[1]
            + "' (INTEGER, STRING or BINARY)");
      }
    }
    return columns;
  }

  private static boolean localTransactions(String options, String where) {
    switch (options) {
      case "enable_local_txn":
        return true;
      case "-":
        return false;
      default:
        throw new IllegalArgumentException(where + "unknown options '" + options + "' (enable_local_txn or -)");
    }
  }
}
