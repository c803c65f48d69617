/**
 * toNodeListener and a body over maxBodyBytes, on a real node:http server: refused from its
 * Content-Length before a byte is read, or as soon as the bytes read pass the limit, and never
 * held. The client streams 50 MB in 64 KiB chunks (one buffer, written again and again).
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler, toNodeListener, type FetchHandler, type HandlerOptions } from '../../src/http.js';
import type { NodeRequestLike } from '../../src/http/node.js';
import type { Account } from '../../src/index.js';

const seller: Account = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }] };
const LIMIT = 1024;
const TOTAL = 50 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x20);
/** The most a Node socket hands over in one read: the listener may see one chunk past the limit, no more. */
const ONE_READ = 64 * 1024;
const HEADERS = { 'content-type': 'application/json', accept: 'application/json; api_version=20260309' };

/** A server whose listener reads the request through a counter: `pulled` is every byte the listener took from it. */
interface Observed {
  server: Server;
  port: number;
  pulled: number;
  requests: IncomingMessage[];
  sockets: Socket[];
}

async function observe(handler: FetchHandler): Promise<Observed> {
  const listener = toNodeListener(handler);
  const seen: Observed = { server: createServer(), port: 0, pulled: 0, requests: [], sockets: [] };
  seen.server.on('connection', (socket) => seen.sockets.push(socket));
  seen.server.on('request', (req, res) => {
    seen.requests.push(req);
    const counted: NodeRequestLike = {
      method: req.method,
      url: req.url,
      headers: req.headers,
      async *[Symbol.asyncIterator]() {
        for await (const chunk of req) {
          seen.pulled += (chunk as Buffer).byteLength;
          yield chunk;
        }
      },
    };
    void listener(counted, res);
  });
  await new Promise<void>((resolve) => seen.server.listen(0, '127.0.0.1', resolve));
  seen.port = (seen.server.address() as AddressInfo).port;
  return seen;
}

interface Sent {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Bytes the client had written when the connection ended. */
  written: number;
}

/**
 * POSTs up to TOTAL bytes, honouring backpressure, until they are written or the server closes
 * the connection; resolves once the answer is read and the connection has ended.
 */
async function stream(port: number, headers: Record<string, string>): Promise<Sent> {
  let written = 0;
  const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/calculations', headers: { ...HEADERS, ...headers } });
  const answered = new Promise<Omit<Sent, 'written'>>((resolve, reject) => {
    let responded = false;
    req.on('response', (res) => {
      responded = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('close', () => {
      if (!responded) reject(new Error(`the connection ended without an answer after ${written} bytes`));
    });
  });
  const ended = new Promise<void>((resolve) => req.on('close', resolve));
  // The server closes the connection on a body it does not read: the writer then sees EPIPE or ECONNRESET.
  req.on('error', () => undefined);
  const pump = (): void => {
    while (written < TOTAL) {
      written += CHUNK.byteLength;
      if (!req.write(CHUNK)) {
        req.once('drain', pump);
        return;
      }
    }
    req.end();
  };
  pump();
  const [answer] = await Promise.all([answered, ended]);
  return { ...answer, written };
}

const closed = (s: Observed) => new Promise<void>((resolve) => s.server.close(() => resolve()));

describe('toNodeListener and a 50 MB body under maxBodyBytes: 1024', () => {
  const options: HandlerOptions = { account: seller, maxBodyBytes: LIMIT };
  let handler: FetchHandler;
  /** The fetch handler's own answer to a body over the limit: the listener's must be the same. */
  let expected: { status: number; body: unknown; type: string | null; version: string | null };

  beforeAll(async () => {
    handler = createHandler(options);
    const r = await handler(new Request('http://x/calculations', { method: 'POST', headers: { ...HEADERS, 'content-length': String(TOTAL) }, body: '{}' }));
    expected = { status: r.status, body: await r.json(), type: r.headers.get('content-type'), version: r.headers.get('x-api-version') };
  });

  function expectRefusal(answer: Sent): void {
    expect(expected).toEqual({
      status: 413,
      body: { error: { code: 'payload_too_large', status: 413, message: `the body is larger than ${LIMIT} bytes`, issues: [] } },
      type: 'application/json; charset=utf-8',
      version: '20260309',
    });
    expect(answer.status).toBe(expected.status);
    expect(JSON.parse(answer.body)).toEqual(expected.body);
    expect(answer.headers['content-type']).toBe(expected.type);
    expect(answer.headers['x-api-version']).toBe(expected.version);
    // The rest of the body is not read: the connection cannot carry another request.
    expect(answer.headers.connection).toBe('close');
  }

  it('is refused from its Content-Length before a byte of it is read, and the connection closed', async () => {
    const seen = await observe(handler);
    try {
      const answer = await stream(seen.port, { 'content-length': String(TOTAL) });
      expect(seen.pulled).toBe(0);
      expect(answer.written).toBeLessThan(TOTAL);
      expect(seen.sockets.every((s) => s.destroyed)).toBe(true);
      // What the socket took off the wire before it closed: kernel and stream buffers, not the body.
      expect(seen.sockets[0]!.bytesRead).toBeLessThan(4 * 1024 * 1024);
      expectRefusal(answer);
    } finally {
      await closed(seen);
    }
  });

  it('is refused without a Content-Length as soon as the bytes read pass the limit, the request destroyed', async () => {
    const seen = await observe(handler);
    try {
      const answer = await stream(seen.port, { 'transfer-encoding': 'chunked' });
      expect(seen.pulled).toBeGreaterThan(LIMIT);
      expect(seen.pulled).toBeLessThanOrEqual(LIMIT + ONE_READ);
      expect(seen.requests[0]!.destroyed).toBe(true);
      expect(answer.written).toBeLessThan(TOTAL);
      expect(seen.sockets.every((s) => s.destroyed)).toBe(true);
      expect(seen.sockets[0]!.bytesRead).toBeLessThan(4 * 1024 * 1024);
      expectRefusal(answer);
    } finally {
      await closed(seen);
    }
  });
});

describe('toNodeListener and a body over the limit, for a handler not made by createHandler', () => {
  let calls = 0;
  let seen: Observed;
  const foreign: FetchHandler = async () => {
    calls++;
    return new Response('{}', { headers: { 'content-type': 'application/json' } });
  };

  beforeAll(async () => {
    seen = await observe(foreign);
  });
  afterAll(() => closed(seen));

  it('answers the 413 itself under the default limit (8 MiB), the handler never called', async () => {
    const answer = await stream(seen.port, { 'content-length': String(TOTAL) });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: { code: 'payload_too_large', status: 413, message: `the body is larger than ${8 * 1024 * 1024} bytes`, issues: [] } });
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers.connection).toBe('close');
    expect(seen.pulled).toBe(0);
    expect(calls).toBe(0);
  });
});
