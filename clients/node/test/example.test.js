'use strict';
/*
 * What a team's test looks like: the official SDK (npm tablestore) against the mock's container, a
 * fault injected mid-test, the failure seen in the mock's journal, then the fault removed and the
 * write done. The image is $TABLESTORE_MOCK_IMAGE (default tablestore-mock:dev; docs/mock-admin.md
 * builds it).
 */
const { after, before, beforeEach, test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const TableStore = require('tablestore');
const { MockAdmin, MockAdminError, TablestoreMockContainer } = require('..');

const IMAGE = process.env.TABLESTORE_MOCK_IMAGE || 'tablestore-mock:dev';
let mock;
let skipReason;

before(async () => {
  try {
    mock = await new TablestoreMockContainer(IMAGE).withCredentials('node-test-id', 'node-test-secret').start();
  } catch (e) {
    if (process.env.TSY_CONTAINER_TESTS === 'required') {
      throw e;
    }
    skipReason = `the mock's container cannot start here: ${e.message.split('\n')[0]}`;
  }
});

after(async () => {
  if (mock) {
    await mock.stop();
  }
});

beforeEach(async () => {
  if (mock) { // each test starts with no table, no fault and an empty journal
    await mock.admin.reset();
    await mock.admin.clearFaults();
    await mock.admin.clearJournal();
  }
});

async function createUsers(client) {
  await client.createTable({
    tableMeta: { tableName: 'users', primaryKey: [{ name: 'userid', type: 'STRING' }] },
    reservedThroughput: { capacityUnit: { read: 0, write: 0 } },
    tableOptions: { timeToLive: -1, maxVersions: 1 },
  });
}

function putUser(client, userid, name) {
  return client.putRow({
    tableName: 'users', condition: new TableStore.Condition(TableStore.RowExistenceExpectation.IGNORE, null),
    primaryKey: [{ userid }], attributeColumns: [{ name }],
  });
}

test('a busy PutRow fails, the journal shows it, and it succeeds once the fault is gone', async (t) => {
  if (skipReason) return t.skip(skipReason);
  const client = mock.client({ maxRetries: 0 });
  await createUsers(client);

  const fault = await mock.admin.addFault('PutRow=OTSServerBusy@1.0');
  // The Node SDK reports a service error's HTTP status as its code and the service's code in its message.
  await assert.rejects(putUser(client, 'u1', 'Ann'), (e) => e.code === 503 && /OTSServerBusy/.test(e.message));

  const refused = await mock.admin.journal({ action: 'PutRow', table: 'users' });
  assert.equal(refused.length, 1);
  assert.deepEqual([refused[0].status, refused[0].errorCode, refused[0].injected, refused[0].rows[0].primaryKey],
    [503, 'OTSServerBusy', true, { userid: 'u1' }]);
  assert.deepEqual((await mock.admin.faults()).map((f) => [f.id, f.fired]), [[fault.id, 1]]);

  await mock.admin.clearFaults();
  await putUser(client, 'u1', 'Ann');

  const afterFault = await mock.admin.journal({ action: 'PutRow', since: refused[0].sequence });
  assert.deepEqual(afterFault.map((r) => [r.status, r.consumedCapacity.write]), [[200, 1]]);
  const read = await client.getRow({ tableName: 'users', primaryKey: [{ userid: 'u1' }], maxVersions: 1 });
  assert.equal(read.row.attributes[0].columnValue, 'Ann');
});

test('reset leaves no table', async (t) => {
  if (skipReason) return t.skip(skipReason);
  const client = mock.client();
  await createUsers(client);

  const dropped = await mock.admin.reset();

  assert.equal(dropped.tables, 1);
  assert.deepEqual((await client.listTable({})).tableNames, []);
});

test('the container refuses unsigned admin requests', async (t) => {
  if (skipReason) return t.skip(skipReason);
  await assert.rejects(new MockAdmin(mock.endpoint).addFault('PutRow=OTSServerBusy@1.0'),
    (e) => e instanceof MockAdminError && e.status === 401);
  assert.deepEqual(await mock.admin.faults(), []);
});

test('a data directory keeps rows for the next container', async (t) => {
  if (skipReason) return t.skip(skipReason);
  const data = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tablestore-mock-')), 'mock-data');
  t.after(() => fs.rmSync(path.dirname(data), { recursive: true, force: true }));
  const first = await new TablestoreMockContainer(IMAGE).withDataDirectory(data).start();
  try {
    await createUsers(first.client());
    await putUser(first.client(), 'u1', 'Ann');
  } finally {
    await first.stop(); // the container goes; the directory keeps what it acknowledged
  }

  const second = await new TablestoreMockContainer(IMAGE).withDataDirectory(data).start();
  try {
    const read = await second.client().getRow({ tableName: 'users', primaryKey: [{ userid: 'u1' }], maxVersions: 1 });
    assert.equal(read.row.attributes[0].columnValue, 'Ann');
  } finally {
    await second.stop();
  }
  const owner = fs.statSync(data).uid;
  assert.deepEqual(['FORMAT', 'state.mv', 'lock'].map((f) => fs.statSync(path.join(data, f)).uid), [owner, owner, owner]);
});

test('a volume name that is a path is refused naming the other method', () => {
  assert.throws(() => new TablestoreMockContainer(IMAGE).withDataVolume('/home/me/mock-data'), /withDataDirectory\(path\)/);
});
