#!/usr/bin/env node
/*
 * Drives a Tablestore endpoint with the official Node.js SDK (npm `tablestore`) and checks that
 * every answer is what the real service gives that SDK.
 *
 * Usage:
 *   TABLESTORE_ACCESS_KEY_SECRET=... node conformance.js \
 *       --endpoint http://127.0.0.1:PORT --instance mock --access-key-id ID [--rows 6000]
 *
 * The secret is read only from the environment so that it never shows on a command line.
 * Prints one line per check, `PASS name` or `FAIL name: detail`, then `N passed, N failed`;
 * exits 1 when any check failed, 2 on bad usage.
 */
'use strict';

const TableStore = require('tablestore');
const crypto = require('crypto');

const Long = TableStore.Long;
const SECRET_ENV = 'TABLESTORE_ACCESS_KEY_SECRET';
const BATCH_WRITE_LIMIT = 200; // rows per BatchWriteRow, the service's limit

class CheckFailed extends Error {}

function expect(condition, message) {
  if (!condition) {
    throw new CheckFailed(message);
  }
}

function expectEqual(actual, expected, what) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) {
    throw new CheckFailed(`${what}: expected ${e}, got ${a}`);
  }
}

/**
 * The Node SDK parses error bodies as XML, so a protobuf Error surfaces as its HTTP status in
 * `code` and the raw body (holding the service's code string) in `message`.
 */
async function expectServiceError(call, code, status) {
  try {
    await call();
  } catch (e) {
    expectEqual(e.code, status, `HTTP status of ${code}`);
    expect(String(e.message).includes(code), `error message without ${code}: ${e.message}`);
    return;
  }
  throw new CheckFailed(`expected ${code}, the call succeeded`);
}

function ignore() {
  return new TableStore.Condition(TableStore.RowExistenceExpectation.IGNORE, null);
}

/** An INTEGER arrives as an int64-buffer Int64LE: its number, other values as they are. */
function plain(value) {
  return value !== null && typeof value === 'object' && typeof value.toNumber === 'function' ? value.toNumber() : value;
}

/** {name: value} of a returned row's attribute columns (integers as numbers). */
function columnsByName(row) {
  expect(row && row.primaryKey, 'row not found');
  const columns = {};
  for (const c of row.attributes || []) {
    columns[c.columnName] = plain(c.columnValue);
  }
  return columns;
}

function keyValues(row) {
  return row.primaryKey.map((c) => plain(c.value));
}

class Conformance {
  constructor(client, badClient, rows) {
    this.client = client;
    this.badClient = badClient;
    this.rows = rows;
    const suffix = crypto.randomBytes(4).toString('hex');
    this.strTable = 'nodeconf_s_' + suffix;
    this.cmpTable = 'nodeconf_c_' + suffix;
    this.passed = 0;
    this.failed = 0;
  }

  async check(name, fn) {
    try {
      await fn.call(this);
    } catch (e) {
      this.failed++;
      const detail = e instanceof CheckFailed ? e.message
        : `${e.name || 'Error'} code=${e.code}: ${e.message}`;
      console.log(`FAIL ${name}: ${String(detail).split(/\s+/).join(' ')}`);
      return false;
    }
    this.passed++;
    console.log(`PASS ${name}`);
    return true;
  }

  // ---- table operations -------------------------------------------------------------
  async createTables() {
    const create = (name, primaryKey) => this.client.createTable({
      tableMeta: { tableName: name, primaryKey },
      reservedThroughput: { capacityUnit: { read: 0, write: 0 } },
      tableOptions: { timeToLive: -1, maxVersions: 1 },
    });
    await create(this.strTable, [{ name: 'id', type: 'STRING' }]);
    // The composite key of issue 18: STRING then INTEGER.
    await create(this.cmpTable, [{ name: 'name', type: 'STRING' }, { name: 'seq', type: 'INTEGER' }]);
  }

  async listTable() {
    const data = await this.client.listTable({});
    for (const t of [this.strTable, this.cmpTable]) {
      expect(data.tableNames.includes(t), `${t} missing from ListTable ${JSON.stringify(data.tableNames)}`);
    }
  }

  async describeTable() {
    const data = await this.client.describeTable({ tableName: this.cmpTable });
    expectEqual(data.tableMeta.tableName, this.cmpTable, 'table name');
    expectEqual(data.tableMeta.primaryKey.map((k) => [k.name, k.type]), [['name', 2], ['seq', 1]],
      'primary key schema (proto enum: INTEGER = 1, STRING = 2)');
    expectEqual(data.tableOptions.maxVersions, 1, 'max versions');
  }

  // ---- single-row operations ----------------------------------------------------------
  async putRow() {
    const data = await this.client.putRow({
      tableName: this.strTable,
      condition: ignore(),
      primaryKey: [{ id: 'row-1' }],
      attributeColumns: [{ s: 'hello' }, { i: Long.fromNumber(42) }, { d: 2.5 }, { b: true },
        { gone: 'to be deleted' }],
    });
    expect(data.consumed.capacityUnit.write >= 1, `PutRow consumed ${JSON.stringify(data.consumed)}`);
  }

  async getRow() {
    const data = await this.client.getRow({ tableName: this.strTable, primaryKey: [{ id: 'row-1' }], maxVersions: 1 });
    expectEqual(keyValues(data.row), ['row-1'], 'primary key');
    expectEqual(columnsByName(data.row), { b: true, d: 2.5, gone: 'to be deleted', i: 42, s: 'hello' }, 'columns');
    const missing = await this.client.getRow({ tableName: this.strTable, primaryKey: [{ id: 'no-such-row' }], maxVersions: 1 });
    expect(!missing.row || !missing.row.primaryKey, `missing row returned ${JSON.stringify(missing.row)}`);
  }

  async updateRow() {
    await this.client.updateRow({
      tableName: this.strTable,
      condition: new TableStore.Condition(TableStore.RowExistenceExpectation.EXPECT_EXIST, null),
      primaryKey: [{ id: 'row-1' }],
      updateOfAttributeColumns: [{ PUT: [{ s: 'changed' }, { extra: Long.fromNumber(7) }] }, { DELETE_ALL: ['gone'] }],
    });
    const data = await this.client.getRow({ tableName: this.strTable, primaryKey: [{ id: 'row-1' }], maxVersions: 1 });
    expectEqual(columnsByName(data.row), { b: true, d: 2.5, extra: 7, i: 42, s: 'changed' }, 'columns after UpdateRow');
  }

  async deleteRow() {
    await this.client.deleteRow({ tableName: this.strTable, condition: ignore(), primaryKey: [{ id: 'row-1' }] });
    const data = await this.client.getRow({ tableName: this.strTable, primaryKey: [{ id: 'row-1' }], maxVersions: 1 });
    expect(!data.row || !data.row.primaryKey, 'row still there after DeleteRow');
  }

  async conditionFailure() {
    await this.client.putRow({ tableName: this.strTable, condition: ignore(), primaryKey: [{ id: 'cond' }],
      attributeColumns: [{ v: Long.fromNumber(1) }] });
    await expectServiceError(() => this.client.putRow({ tableName: this.strTable,
      condition: new TableStore.Condition(TableStore.RowExistenceExpectation.EXPECT_NOT_EXIST, null),
      primaryKey: [{ id: 'cond' }], attributeColumns: [{ v: Long.fromNumber(2) }] }), 'OTSConditionCheckFail', 403);
  }

  async missingTable() {
    await expectServiceError(() => this.client.getRow({ tableName: 'nodeconf_no_such_table', primaryKey: [{ id: 'x' }],
      maxVersions: 1 }), 'OTSObjectNotExist', 404);
  }

  async wrongSecret() {
    await expectServiceError(() => this.badClient.listTable({}), 'OTSAuthFailed', 403);
  }

  // ---- range and batch operations ------------------------------------------------------
  async batchWriteAndGet() {
    const rows = [];
    for (const name of ['a', 'b', 'c']) {
      for (let seq = 1; seq <= 3; seq++) {
        rows.push({ type: 'PUT', condition: ignore(), primaryKey: [{ name }, { seq: Long.fromNumber(seq) }],
          attributeColumns: [{ v: `${name}${seq}` }] });
      }
    }
    const written = await this.client.batchWriteRow({ tables: [{ tableName: this.cmpTable, rows }] });
    expectEqual(written.tables.map((r) => r.isOk), rows.map(() => true), 'BatchWriteRow row results');
    const read = await this.client.batchGetRow({ tables: [{ tableName: this.cmpTable, maxVersions: 1,
      primaryKey: [[{ name: 'b' }, { seq: Long.fromNumber(2) }], [{ name: 'z' }, { seq: Long.fromNumber(9) }]] }] });
    const results = read.tables[0];
    expectEqual(results.map((r) => r.isOk), [true, true], 'BatchGetRow row results');
    expectEqual(columnsByName(results[0]), { v: 'b2' }, 'first BatchGetRow row');
    expect(!results[1].primaryKey, `missing key returned ${JSON.stringify(results[1])}`);
  }

  /** Issue 18: [INF_MIN, INF_MIN] .. [INF_MAX, INF_MAX] on a (STRING, INTEGER) key returns every row. */
  async getRangeOpenBounds() {
    const data = await this.client.getRange({
      tableName: this.cmpTable, direction: TableStore.Direction.FORWARD, maxVersions: 1,
      inclusiveStartPrimaryKey: [{ name: TableStore.INF_MIN }, { seq: TableStore.INF_MIN }],
      exclusiveEndPrimaryKey: [{ name: TableStore.INF_MAX }, { seq: TableStore.INF_MAX }],
    });
    expectEqual(data.rows.map(keyValues),
      [['a', 1], ['a', 2], ['a', 3], ['b', 1], ['b', 2], ['b', 3], ['c', 1], ['c', 2], ['c', 3]], 'rows in key order');
    expect(!data.nextStartPrimaryKey, `next start key at the end: ${JSON.stringify(data.nextStartPrimaryKey)}`);
    const backward = await this.client.getRange({
      tableName: this.cmpTable, direction: TableStore.Direction.BACKWARD, maxVersions: 1, limit: 2,
      inclusiveStartPrimaryKey: [{ name: 'b' }, { seq: TableStore.INF_MAX }],
      exclusiveEndPrimaryKey: [{ name: 'b' }, { seq: TableStore.INF_MIN }],
    });
    expectEqual(backward.rows.map(keyValues), [['b', 3], ['b', 2]], 'backward, limit 2');
  }

  async getRangePaginated() {
    const total = this.rows;
    for (let start = 0; start < total; start += BATCH_WRITE_LIMIT) {
      const rows = [];
      for (let n = start; n < Math.min(start + BATCH_WRITE_LIMIT, total); n++) {
        rows.push({ type: 'PUT', condition: ignore(), primaryKey: [{ name: 'page' }, { seq: Long.fromNumber(n) }],
          attributeColumns: [{ n: Long.fromNumber(n) }] });
      }
      const written = await this.client.batchWriteRow({ tables: [{ tableName: this.cmpTable, rows }] });
      expect(written.tables.every((r) => r.isOk), 'BatchWriteRow rows failed');
    }
    let start = [{ name: 'page' }, { seq: TableStore.INF_MIN }];
    const end = [{ name: 'page' }, { seq: TableStore.INF_MAX }];
    let seen = 0;
    let pages = 0;
    while (start) {
      const data = await this.client.getRange({ tableName: this.cmpTable, direction: TableStore.Direction.FORWARD,
        maxVersions: 1, inclusiveStartPrimaryKey: start, exclusiveEndPrimaryKey: end });
      pages++;
      expect(pages <= total + 1, 'GetRange does not terminate');
      for (const row of data.rows) {
        expectEqual(columnsByName(row).n, seen, `row ${seen} of the scan`);
        seen++;
      }
      start = data.nextStartPrimaryKey
        ? data.nextStartPrimaryKey.map((c) => ({ [c.name]: c.value })) : null;
    }
    expectEqual(seen, total, `rows read over ${pages} pages`);
    if (total > 5000) { // the service returns at most 5000 rows per GetRange
      expect(pages >= 2, `${total} rows came back in one GetRange page`);
    }
  }

  async deleteTables() {
    for (const t of [this.strTable, this.cmpTable]) {
      await this.client.deleteTable({ tableName: t });
    }
    const data = await this.client.listTable({});
    expect(!data.tableNames.includes(this.strTable), 'table still listed after DeleteTable');
  }

  async run() {
    if (await this.check('CreateTable (STRING and STRING+INTEGER keys)', this.createTables)) {
      await this.check('ListTable', this.listTable);
      await this.check('DescribeTable', this.describeTable);
      await this.check('PutRow', this.putRow);
      await this.check('GetRow', this.getRow);
      await this.check('UpdateRow put and delete column', this.updateRow);
      await this.check('DeleteRow', this.deleteRow);
      await this.check('BatchWriteRow and BatchGetRow', this.batchWriteAndGet);
      await this.check('GetRange composite key, open bounds', this.getRangeOpenBounds);
      await this.check(`GetRange paginated over ${this.rows} rows`, this.getRangePaginated);
      await this.check('Condition failure', this.conditionFailure);
      await this.check('Missing table', this.missingTable);
      await this.check('Wrong secret', this.wrongSecret);
      await this.check('DeleteTable', this.deleteTables);
    }
    console.log(`${this.passed} passed, ${this.failed} failed`);
    return this.failed === 0 ? 0 : 1;
  }
}

function parseArguments(argv) {
  const options = {
    endpoint: process.env.TABLESTORE_ENDPOINT,
    instance: process.env.TABLESTORE_INSTANCE,
    'access-key-id': process.env.TABLESTORE_ACCESS_KEY_ID,
    rows: '6000',
  };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i].replace(/^--/, '');
    if (!(name in options) || i + 1 >= argv.length) {
      console.error(`usage: node conformance.js --endpoint URL --instance NAME --access-key-id ID [--rows N] (bad: ${argv[i]})`);
      process.exit(2);
    }
    options[name] = argv[i + 1];
  }
  return options;
}

async function main() {
  const options = parseArguments(process.argv.slice(2));
  const secret = process.env[SECRET_ENV];
  const missing = ['endpoint', 'instance', 'access-key-id'].filter((n) => !options[n]);
  if (!secret) {
    missing.push(SECRET_ENV);
  }
  if (missing.length > 0) {
    console.error(`missing ${missing.join(', ')}`);
    process.exit(2);
  }
  const clientFor = (key) => new TableStore.Client({
    accessKeyId: options['access-key-id'], secretAccessKey: key, endpoint: options.endpoint,
    instancename: options.instance, maxRetries: 0,
  });
  const rows = parseInt(options.rows, 10);
  process.exitCode = await new Conformance(clientFor(secret), clientFor(secret + '-wrong'), rows).run();
}

main().catch((e) => {
  console.log(`FAIL unexpected: ${e.stack}`);
  process.exitCode = 1;
});
