/**
 * toNodeListener and slow clients, on a real node:http server: a body that stops arriving
 * (a declared Content-Length never reached), a body that trickles past the request's time,
 * and headers that never end are answered 408 and the connection closed. The timeouts are
 * small and the waits generous: a busy machine makes an answer later, never a different one.
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHandler, NODE_LISTENER_DEFAULTS, toNodeListener, type NodeListenerOptions } from '../../src/http.js';
import type { Account } from '../../src/index.js';
import { refused } from '../helpers.js';

const seller: Account = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }] };
const handler = createHandler({ account: seller });
const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

/** A server of the listener; `own`: the server keeps Node's defaults (the listener alone bounds the body). */
async function serve(options: NodeListenerOptions, own = false): Promise<number> {
  const listener = toNodeListener(handler, options);
  const server = createServer(own ? {} : listener.serverOptions, (req, res) => void listener(req, res));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/**
 * Writes `head` (and `trickle`, a byte every 20 ms, when given) on a raw connection and
 * resolves with all the server sent once it closes the connection.
 */
function rawExchange(port: number, head: string, trickle = false): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let got = '';
    let timer: ReturnType<typeof setInterval> | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (got += d));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve(got);
    });
    socket.on('connect', () => {
      socket.write(head);
      if (trickle) timer = setInterval(() => socket.writable && socket.write(' '), 20);
    });
    // Far beyond the timeouts configured: only a server that never closes fails this.
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open; it sent ${JSON.stringify(got)}`));
    }, 20_000);
  });
}

const post = (length: number, start: string) => `POST /calculations HTTP/1.1\r\nHost: tax.example\r\nContent-Type: application/json\r\nAccept: application/json; api_version=20260309\r\nContent-Length: ${length}\r\n\r\n${start}`;

describe('toNodeListener and slow clients', () => {
  it('answers 408 and closes the connection when a body with a declared length stops arriving', async () => {
    const port = await serve({ bodyTimeout: 200 }, true);
    const answer = await rawExchange(port, post(100, '{"line_items":'));
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(answer).toContain('"code":"request_timeout"');
    expect(answer).toContain('x-api-version: 20260309');
  }, 30_000);

  it('answers 408 when a body trickles in past the request’s time, however short each pause', async () => {
    // Node's server keeps its own defaults (300 s): the listener's bound is the one that answers.
    const port = await serve({ requestTimeout: 300, headersTimeout: 300, bodyTimeout: 10_000 }, true);
    const answer = await rawExchange(port, post(100_000, '{'), true);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('the request took longer than allowed');
  }, 30_000);

  it('bounds the headers through serverOptions: headers that never end get Node’s 408, the connection closed', async () => {
    const port = await serve({ headersTimeout: 200, requestTimeout: 1000 });
    const answer = await rawExchange(port, 'GET /tax_codes HTTP/1.1\r\nHost: tax.example\r\nX-Slow: ');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 30_000);

  it('answers a body that arrives in time as before', async () => {
    const port = await serve({ bodyTimeout: 5000 });
    const body = JSON.stringify({ customer_address: { country: 'IE' }, tax_date: 1_780_300_800, line_items: [{ reference: 'a', amount: '100.00' }] });
    const answer = await rawExchange(port, `${post(Buffer.byteLength(body), body).replace('HTTP/1.1\r\n', 'HTTP/1.1\r\nConnection: close\r\n')}`);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"total_tax":"23.00"');
  }, 30_000);

  it('has bounds by default, given to the server too, and refuses options that are no timeouts (400)', () => {
    expect(toNodeListener(handler).serverOptions).toMatchObject({ headersTimeout: NODE_LISTENER_DEFAULTS.headersTimeout, requestTimeout: NODE_LISTENER_DEFAULTS.requestTimeout });
    expect(NODE_LISTENER_DEFAULTS.bodyTimeout).toBeLessThan(NODE_LISTENER_DEFAULTS.requestTimeout);
    const paths = (options: unknown) => refused(() => toNodeListener(handler, options as NodeListenerOptions)).issues.map((i) => i.path.join('.'));
    expect(paths({ bodyTimeout: 0 })).toEqual(['options.bodyTimeout']);
    expect(paths({ requestTimeout: 1.5, headersTimeout: '10' })).toEqual(['options.headersTimeout', 'options.requestTimeout']);
    expect(paths({ headersTimeout: 2000, requestTimeout: 1000 })).toEqual(['options.headersTimeout']);
    expect(paths({ bodyTimeot: 5 })).toEqual(['options.bodyTimeot']);
    expect(paths('fast')).toEqual(['options']);
  });
});
