'use strict';
/**
 * A client of the mock's admin API (/_mock/...), JSON in and out, Node's own fetch and crypto.
 * With credentials every request is signed (a mock bound beyond loopback, such as the container,
 * refuses unsigned ones); without, requests go unsigned. See docs/mock-admin.md.
 */
const crypto = require('crypto');

class MockAdminError extends Error {
  constructor(status, message) {
    super(`${status}: ${message}`);
    this.status = status;
    this.mockMessage = message;
  }
}

/** X-Mock-Signature: Base64(HMAC-SHA1(secret, METHOD \n TARGET \n DATE \n Base64(MD5(body)))). */
function signature(secret, method, target, date, body) {
  const md5 = crypto.createHash('md5').update(body).digest('base64');
  return crypto.createHmac('sha1', secret).update([method, target, date, md5].join('\n')).digest('base64');
}

class MockAdmin {
  constructor(endpoint, accessKeyId, accessKeySecret) {
    this.endpoint = endpoint.replace(/\/+$/, '');
    this.accessKeyId = accessKeyId;
    this.accessKeySecret = accessKeySecret;
  }

  /** Sends one request; resolves to its JSON, rejects with MockAdminError for a 4xx or 5xx. */
  async request(method, path, body = '', query = {}) {
    const params = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => [k, String(v)]));
    const target = params.toString() ? `${path}?${params}` : path;
    const headers = { 'Content-Type': 'text/plain; charset=utf-8' };
    if (this.accessKeyId) {
      const date = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
      headers['X-Mock-AccessKeyId'] = this.accessKeyId;
      headers['X-Mock-Date'] = date;
      headers['X-Mock-Signature'] = signature(this.accessKeySecret, method, target, date, Buffer.from(body));
    }
    const reply = await fetch(this.endpoint + target, { method, headers, body: method === 'GET' ? undefined : body });
    const text = await reply.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch (e) {
      json = { error: text };
    }
    if (reply.status >= 400) {
      throw new MockAdminError(reply.status, json.error);
    }
    return json;
  }

  /** Adds a rule in the --fault syntax, e.g. PutRow=OTSServerBusy@1.0; resolves to it with its id. */
  addFault(spec) { return this.request('POST', '/_mock/faults', spec); }

  /** The fault rules, each with its id and how often it fired. */
  async faults() { return (await this.request('GET', '/_mock/faults')).faults; }

  removeFault(id) { return this.request('DELETE', `/_mock/faults/${id}`); }

  async clearFaults() { return (await this.request('DELETE', '/_mock/faults')).removed; }

  /** Adds a rule in the --latency syntax, e.g. GetRow=uniform(1ms,5ms). */
  addLatency(spec) { return this.request('POST', '/_mock/latency', spec); }

  async clearLatencies() { return (await this.request('DELETE', '/_mock/latency')).removed; }

  /** Rows per second per partition; 0 = unlimited. */
  setPartitionCapacity(rowsPerSecond) { return this.request('POST', '/_mock/capacity', String(rowsPerSecond)); }

  /** The recorded requests, oldest first; filter { action, table, since }. */
  async journal(filter = {}) { return (await this.request('GET', '/_mock/journal', '', filter)).requests; }

  clearJournal() { return this.request('DELETE', '/_mock/journal'); }

  /** Drops every table, row, stream, tunnel and local transaction; faults and journal stay. */
  reset() { return this.request('POST', '/_mock/reset'); }

  health() { return this.request('GET', '/_mock/health'); }
}

module.exports = { MockAdmin, MockAdminError, signature };
