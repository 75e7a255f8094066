'use strict';
/**
 * tablestore-mock for Node.js tests: the container (Testcontainers) and its admin API.
 *
 *   const mock = await new TablestoreMockContainer('tablestore-mock:dev').start();
 *   const client = mock.client({ maxRetries: 3 });        // the official SDK (npm tablestore)
 *   await mock.admin.addFault('PutRow=OTSServerBusy@1.0');
 *   await mock.admin.journal({ action: 'PutRow' });      // what the mock served
 *   await mock.admin.clearFaults(); await mock.admin.reset();
 *   await mock.stop();
 *
 * MockAdmin also talks to a mock started as bin/tablestore-mock: new MockAdmin('http://127.0.0.1:8800').
 */
const dns = require('dns').promises;
const fs = require('fs');
const path = require('path');
const net = require('net');
const { AbstractStartedContainer, GenericContainer, Wait, getContainerRuntimeClient } = require('testcontainers');
const { MockAdmin, MockAdminError, signature } = require('./admin');

const PORT = 8800;
const DATA_DIR = '/data'; // the image's volume (tablestore-mock/Dockerfile)
const VOLUME_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const DEFAULTS = { instance: 'mock', accessKeyId: 'mock-access-key-id', accessKeySecret: 'mock-access-key-secret' };

async function isLoopback(host) {
  try {
    const { address } = await dns.lookup(host);
    return net.isIPv4(address) ? address.startsWith('127.') : address === '::1';
  } catch (e) {
    return false;
  }
}

/** tablestore-mock in a container: the image tablestore-mock/Dockerfile builds. */
class TablestoreMockContainer extends GenericContainer {
  constructor(image = 'tablestore-mock:dev') {
    super(image);
    this.settings = { ...DEFAULTS, options: [], data: null }; // data: { source: volume or host directory, user }
    this.withExposedPorts(PORT).withWaitStrategy(Wait.forLogMessage(/tablestore-mock listening on /));
  }

  /** Clients must sign with these; they reach the mock as environment variables. */
  withCredentials(accessKeyId, accessKeySecret) {
    Object.assign(this.settings, { accessKeyId, accessKeySecret });
    return this;
  }

  withInstance(name) {
    this.settings.instance = name;
    return this;
  }

  /** Launcher options, e.g. withLauncherOptions('--fault', 'PutRow=OTSServerBusy@0.05'). */
  withLauncherOptions(...args) {
    this.settings.options.push(...args);
    return this;
  }

  /**
   * Keeps the mock's state in the Docker volume `name` (--data-dir /data on it; the engine creates it when
   * missing, owned by the image's user): a container started later on the same volume serves the tables
   * and rows this one acknowledged. One container at a time may use a volume.
   */
  withDataVolume(name) {
    if (typeof name !== 'string' || !VOLUME_NAME.test(name)) {
      throw new Error(`a Docker volume name is letters, digits and _.- (starting with a letter or digit), got ${JSON.stringify(name)};`
        + ' for a host directory use withDataDirectory(path)');
    }
    this.settings.data = { source: name, user: null };
    return this;
  }

  /**
   * Keeps the mock's state in the host directory `dir` (created when missing; the engine must run on this
   * machine), as withDataVolume does in a volume. The container runs as the directory's owner, so the mock
   * may write there and its files belong to that owner on the host.
   */
  withDataDirectory(dir) {
    const source = path.resolve(dir);
    fs.mkdirSync(source, { recursive: true });
    const { uid, gid } = fs.statSync(source);
    this.settings.data = { source, user: `${uid}:${gid}` };
    return this;
  }

  async start() {
    const s = this.settings;
    const dataOptions = s.data ? ['--data-dir', DATA_DIR] : [];
    if (s.data) {
      this.withBindMounts([{ source: s.data.source, target: DATA_DIR, mode: 'rw' }]);
      if (s.data.user) {
        this.withUser(s.data.user);
      }
    }
    this.withCommand(['--host', '0.0.0.0', '--port', String(PORT), '--instance', s.instance, ...s.options, ...dataOptions]);
    this.withEnvironment({ TABLESTORE_MOCK_ACCESS_KEY_ID: s.accessKeyId, TABLESTORE_MOCK_ACCESS_KEY_SECRET: s.accessKeySecret });
    const runtime = await getContainerRuntimeClient();
    if (await isLoopback(runtime.info.containerRuntime.host)) {
      // a random port on the host's loopback only, as the mock's launcher binds 127.0.0.1
      this.hostConfig.PortBindings[`${PORT}/tcp`] = [{ HostIp: '127.0.0.1', HostPort: '0' }];
    }
    return new StartedTablestoreMockContainer(await super.start(), s);
  }
}

class StartedTablestoreMockContainer extends AbstractStartedContainer {
  constructor(started, settings) {
    super(started);
    this.instance = settings.instance;
    this.accessKeyId = settings.accessKeyId;
    this.accessKeySecret = settings.accessKeySecret;
  }

  /** What clients on the Docker host use, e.g. http://127.0.0.1:32768. */
  get endpoint() {
    return `http://${this.getHost()}:${this.getMappedPort(PORT)}`;
  }

  /** The admin API, signed with the mock's credentials (the container requires them). */
  get admin() {
    return new MockAdmin(this.endpoint, this.accessKeyId, this.accessKeySecret);
  }

  /** An official SDK client (npm tablestore) for this mock; options as TableStore.Client takes them. */
  client(options = {}) {
    const TableStore = require('tablestore');
    return new TableStore.Client({
      accessKeyId: this.accessKeyId, secretAccessKey: this.accessKeySecret, endpoint: this.endpoint,
      instancename: this.instance, ...options,
    });
  }
}

module.exports = { TablestoreMockContainer, StartedTablestoreMockContainer, MockAdmin, MockAdminError, signature };
