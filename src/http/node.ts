/**
 * `toNodeListener`: a fetch-style handler as a `(req, res)` listener of `node:http`, Express
 * or Fastify (`reply.raw`), without importing any Node module: the request and response are
 * read and written through the few members every Node server object has.
 */
import { errorFromIssues, quoted } from '../core/errors.js';
import { ownCopy, unknownFields, unreadable } from '../adapters/read.js';
import { negotiateVersion, type ApiVersion } from '../adapters/version.js';
import { DEFAULT_MAX_BODY_BYTES, MAX_BODY_BYTES, ROUTES, type FetchHandler } from './handler.js';

/** The methods the endpoints take (HEAD as GET), in the order an Allow header lists them. */
const SERVED_METHODS = ['GET', 'HEAD', ...new Set(ROUTES.map((r) => r.method).filter((m) => m !== 'GET'))].join(', ');

/** What the listener reads of a Node request (an `http.IncomingMessage`, or Express's request). */
export interface NodeRequestLike extends AsyncIterable<unknown> {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
  /** Set by a body parser that already read the stream (e.g. `express.json()`). */
  body?: unknown;
  readableEnded?: boolean;
  /** Express's `originalUrl`: the path before a router's mount point was cut off. */
  originalUrl?: string;
  /** A TLS socket has `encrypted: true`: the URL is then https. */
  socket?: object | null;
}

/** What the listener writes to a Node response (`http.ServerResponse`). */
export interface NodeResponseLike {
  statusCode: number;
  setHeader(name: string, value: string | string[]): unknown;
  end(chunk?: string | Uint8Array): unknown;
  headersSent?: boolean;
}

/** A `(req, res)` listener, with the options to give `http.createServer` so that the server bounds headers as the listener bounds bodies. */
export type NodeListener = ((req: NodeRequestLike, res: NodeResponseLike, next?: (error?: unknown) => void) => Promise<void>) & {
  /** `http.createServer(listener.serverOptions, listener)`: Node's own `headersTimeout` and `requestTimeout` (408), and how often it checks them. */
  readonly serverOptions: { readonly headersTimeout: number; readonly requestTimeout: number; readonly connectionsCheckingInterval: number };
};

/**
 * How long a slow client is waited for, in milliseconds (each a whole number from 1 to 3,600,000).
 * A body not read in time is answered 408 (`request_timeout`) with `connection: close`, and
 * the connection is closed: a client that holds a body open cannot hold the server with it.
 */
export interface NodeListenerOptions {
  /** The most the headers may take to arrive (default 20,000): given to Node's server through `serverOptions`, which answers 408 itself. */
  readonly headersTimeout?: number;
  /** The most the whole request may take, from its headers to the last byte of its body (default 60,000; at least `headersTimeout`). */
  readonly requestTimeout?: number;
  /** The longest pause in a body (default 10,000): a body with a declared length that stops arriving is answered 408 and closed after it. */
  readonly bodyTimeout?: number;
}

/** The defaults of NodeListenerOptions, in milliseconds. */
export const NODE_LISTENER_DEFAULTS = { headersTimeout: 20_000, requestTimeout: 60_000, bodyTimeout: 10_000 } as const;

const MAX_TIMEOUT = 3_600_000;
const TIMEOUT_KEYS = ['headersTimeout', 'requestTimeout', 'bodyTimeout'] as const;

/** The listener's timeouts, checked (a TaxRulesError, 400, for anything but whole milliseconds, or an unknown field). */
function timeoutsOf(options: unknown): Required<NodeListenerOptions> {
  if (options === undefined) return { ...NODE_LISTENER_DEFAULTS };
  let array: boolean;
  try {
    array = Array.isArray(options);
  } catch (e) {
    throw unreadable(e, ['options']);
  }
  if (typeof options !== 'object' || options === null || array) {
    throw errorFromIssues([{ path: ['options'], code: 'malformed', message: `toNodeListener's options must be an object { headersTimeout?, requestTimeout?, bodyTimeout? }, got ${quoted(options, 60)}` }]);
  }
  let own: Record<string, unknown>;
  try {
    own = ownCopy(options, 1, 0) as Record<string, unknown>;
  } catch (e) {
    throw unreadable(e, ['options']);
  }
  const issues = unknownFields(own, TIMEOUT_KEYS, ['options'], 'option');
  const out: Record<string, number> = { ...NODE_LISTENER_DEFAULTS };
  for (const key of TIMEOUT_KEYS) {
    const v = own[key];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1 || v > MAX_TIMEOUT) {
      issues.push({ path: ['options', key], code: 'malformed', message: `options.${key} must be whole milliseconds from 1 to ${MAX_TIMEOUT}, got ${quoted(v, 40)}` });
    } else out[key] = v;
  }
  if (issues.length === 0 && (out.headersTimeout as number) > (out.requestTimeout as number)) {
    issues.push({ path: ['options', 'headersTimeout'], code: 'malformed', message: `options.headersTimeout (${out.headersTimeout}) must not be more than options.requestTimeout (${out.requestTimeout}): the request includes its headers` });
  }
  if (issues.length > 0) throw errorFromIssues(issues);
  return out as Required<NodeListenerOptions>;
}

/** Methods the fetch API will not make a Request of (CONNECT, TRACE, TRACK): no endpoint takes them. */
const FORBIDDEN_METHODS: ReadonlySet<string> = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** The version createHandler answers in when neither its options nor the request name one. */
const DEFAULT_VERSION: ApiVersion = '20241028';

/**
 * The version of an answer the listener gives itself: the one the request's Accept header
 * names, if the handler answers it, else the handler's default. Never throws: an Accept header
 * that names no version it knows, or headers that cannot be read, give the default.
 */
function versionOf(req: NodeRequestLike): ApiVersion {
  try {
    const accept = req.headers.accept;
    return negotiateVersion(Array.isArray(accept) ? accept.join(', ') : accept, DEFAULT_VERSION);
  } catch {
    return DEFAULT_VERSION;
  }
}

/** An error answer in the service's form, written directly, with the version it is given in (`x-api-version`) as the handler's answers. */
function answerProblem(req: NodeRequestLike, res: NodeResponseLike, status: number, code: string, message: string, headers: Record<string, string> = {}): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('x-api-version', versionOf(req));
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.end(JSON.stringify({ error: { code, status, message, issues: [] } }));
}

/** A request the fetch API cannot make a Request of (a Host that is no host, a target that is no URL): the client's, answered 400. */
class BadRequest extends Error {}

/** The request's URL: its target (a path, or an absolute URL) on the Host it names. */
function urlOf(req: NodeRequestLike): URL {
  const host = (Array.isArray(req.headers.host) ? req.headers.host[0] : req.headers.host) || 'localhost';
  const scheme = (req.socket as { encrypted?: unknown } | null | undefined)?.encrypted === true ? 'https' : 'http';
  const target = req.originalUrl ?? req.url ?? '/';
  const notHost = () => new BadRequest(`the Host header is not a host: ${quoted(host, 60)}`);
  // A Host with a path, a query or credentials in it would move the request elsewhere.
  if (/[/?#@\\]/.test(host)) throw notHost();
  let origin: string;
  try {
    origin = new URL(`${scheme}://${host}`).origin;
  } catch {
    throw notHost();
  }
  try {
    // A path is read as a path, even one that starts with "//"; anything else as a URL (absolute form, or "*").
    return target.startsWith('/') ? new URL(`${origin}${target}`) : new URL(target, `${origin}/`);
  } catch {
    throw new BadRequest(`the request target is not a URL: ${quoted(target, 60)}`);
  }
}

/** The request's headers as the fetch API holds them; a name or value HTTP does not allow is the client's 400. */
function headersOf(req: NodeRequestLike): Headers {
  const headers = new Headers();
  try {
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || name.startsWith(':')) continue;
      if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      else headers.set(name, value);
    }
  } catch {
    throw new BadRequest('a request header has a name or value HTTP does not allow');
  }
  return headers;
}

function toRequest(req: NodeRequestLike, body: Uint8Array<ArrayBuffer> | string | null, given?: Headers): Request {
  const url = urlOf(req);
  const headers = given ?? headersOf(req);
  const method = (req.method ?? 'GET').toUpperCase();
  const init: RequestInit = { method, headers };
  if (body !== null && method !== 'GET' && method !== 'HEAD') init.body = body;
  try {
    return new Request(url, init);
  } catch {
    throw new BadRequest(`the request cannot be read: method ${quoted(method, 30)}`);
  }
}

/**
 * The request without its body, its Content-Length the size seen (declared, or read until the
 * limit was passed): the handler answers it as the fetch API would hand it the whole request,
 * its own 413 from the Content-Length (or the 404, 405 or 415 it gives before reading a body),
 * with its headers (`x-api-version`), and reads nothing.
 */
function unreadRequest(req: NodeRequestLike, size: number): Request {
  const headers = headersOf(req);
  headers.delete('transfer-encoding');
  headers.set('content-length', String(Math.min(size, Number.MAX_SAFE_INTEGER)));
  return toRequest(req, null, headers);
}

/** A body that did not arrive in time (a pause over bodyTimeout, or the request past requestTimeout): answered 408, the connection closed. */
class BodyTimedOut extends Error {
  constructor(readonly why: string) {
    super('request timeout');
  }
}

/** When a body is given up: `deadline` (ms since the epoch) for the whole request, `pause` the longest wait for its next chunk. */
interface BodyClock {
  readonly deadline: number;
  readonly pause: number;
}

/** A body larger than the handler takes: answered 413 without reading the rest. */
class BodyTooLarge extends Error {
  /** `size`: the declared Content-Length, or the bytes read until they passed the limit. */
  constructor(readonly size: number) {
    super('body too large');
  }
}

/**
 * The chunks of a body as they arrive, or BodyTimedOut when none comes within the pause or
 * before the deadline (the timer is set again at each chunk). Read by `for await`, which
 * destroys a Node request stream when it is left early: a body over the limit is not read
 * further. A body given up on in time is left to its stream, closed with the connection
 * after the 408; what it does after is nobody's (no unhandled rejection).
 */
function timedChunks(req: NodeRequestLike, limit: number, clock: BodyClock): Promise<{ chunks: Uint8Array[]; size: number }> {
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let givenUp = false;
    const arm = (): void => {
      clearTimeout(timer);
      const left = clock.deadline - Date.now();
      const why = clock.pause <= left ? `no byte of the body arrived for ${clock.pause} ms` : 'the request took longer than allowed';
      timer = setTimeout(() => {
        givenUp = true;
        reject(new BodyTimedOut(why));
      }, Math.max(0, Math.min(clock.pause, left)));
    };
    const read = async (): Promise<void> => {
      const chunks: Uint8Array[] = [];
      let size = 0;
      try {
        for await (const chunk of req) {
          if (givenUp) return;
          const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : (chunk as Uint8Array);
          size += bytes.byteLength;
          // No more is read, nor held, than the handler would take (the chunk that passes it is dropped).
          if (size > limit) throw new BodyTooLarge(size);
          chunks.push(bytes);
          arm();
        }
        resolve({ chunks, size });
      } catch (e) {
        reject(e);
      } finally {
        clearTimeout(timer);
      }
    };
    arm();
    void read();
  });
}

/**
 * The body, read no further than `limit`: a Content-Length above it is refused before a byte
 * is read, and a body without one as soon as the bytes read pass it. Leaving the loop early
 * destroys a Node request stream: nothing more of the body is buffered.
 */
async function bodyOf(req: NodeRequestLike, method: string, limit: number, clock: BodyClock): Promise<Uint8Array<ArrayBuffer> | string | null> {
  if (method === 'GET' || method === 'HEAD') return null;
  const declared = req.headers['content-length'];
  if (typeof declared === 'string' && /^\d+$/.test(declared) && Number(declared) > limit) throw new BodyTooLarge(Number(declared));
  // A body parser ran before us: its value is the body (re-encoded, the stream is spent).
  if (req.readableEnded && req.body !== undefined) {
    return typeof req.body === 'string' ? req.body : req.body instanceof Uint8Array ? new Uint8Array(req.body) : JSON.stringify(req.body);
  }
  const { chunks, size } = await timedChunks(req, limit, clock);
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return all;
}

/** The Request for the handler, and whether the body was left unread (the connection is then closed after the answer). */
interface Incoming {
  request: Request;
  unread: boolean;
}

/**
 * The request as the handler takes it. A body over the limit is left unread: a handler of
 * createHandler is handed the request without it (see `unreadRequest`); any other handler's
 * limit is unknown, so BodyTooLarge goes up and the listener answers the 413 itself.
 */
async function incoming(req: NodeRequestLike, method: string, limit: number, ownLimit: boolean, clock: BodyClock): Promise<Incoming> {
  let body: Uint8Array<ArrayBuffer> | string | null;
  try {
    body = await bodyOf(req, method, limit, clock);
  } catch (e) {
    if (!(e instanceof BodyTooLarge) || !ownLimit) throw e;
    return { request: unreadRequest(req, e.size), unread: true };
  }
  return { request: toRequest(req, body), unread: false };
}

/**
 * Writes the handler's answer. After a body left unread the connection says `close`: the rest
 * of the body would be the start of the next request, so Node closes the socket once the
 * answer is sent instead of reading it.
 */
async function send(res: NodeResponseLike, response: Response, method: string, unread: boolean): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    res.setHeader(name, value);
  });
  if (unread) res.setHeader('connection', 'close');
  res.end(method === 'HEAD' ? '' : await response.text());
}

/**
 * The handler as a Node listener: `http.createServer(toNodeListener(handler))`,
 * `app.use('/api', toNodeListener(handler))` in Express (the handler's `basePath` is then
 * `/api`: the listener reads Express's `originalUrl`), or in Fastify
 * `reply.hijack(); toNodeListener(handler)(request.raw, reply.raw)`. A failure to read the
 * request or write the answer goes to Express's `next` when there is one, else answers 500;
 * a request that makes no URL (a bad `Host`, a target that is not a URL) answers 400. These
 * answers of the listener's own say their version in `x-api-version` as the handler's do: the
 * one the Accept header names if it is one the handler answers, else 20241028. A body
 * over the handler's `maxBodyBytes` is never held: refused from its `Content-Length` before a
 * byte is read, else as soon as the bytes read pass the limit; the handler gives the 413 (its
 * error body and headers) and the connection is closed after it. A slow client is bounded
 * (`options`, see NodeListenerOptions): a body that pauses longer than `bodyTimeout`, or is
 * still arriving after `requestTimeout`, is answered 408 and the connection closed; the
 * headers are bounded by Node's server given `listener.serverOptions`. Throws a TaxRulesError
 * (400) for anything but a handler, or options that are no timeouts.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { defineAccount } from 'taxrules';
 * import { createHandler, toNodeListener } from 'taxrules/http';
 *
 * const account = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss', valid_from: '2021-07-01' }] });
 * const listener = toNodeListener(createHandler({ account }), { requestTimeout: 30_000 });
 * createServer(listener.serverOptions, listener).listen(3000);
 * // curl 'localhost:3000/tax_rates/calculate?to_country=FR&tax_code=saas&amount=10'
 * ```
 */
export function toNodeListener(handler: FetchHandler, options?: NodeListenerOptions): NodeListener {
  const timeouts = timeoutsOf(options);
  if (typeof handler !== 'function') {
    throw errorFromIssues([{ path: ['handler'], code: 'malformed', message: `toNodeListener needs the handler createHandler returned, a function of a Request; got ${quoted(handler, 60)}` }]);
  }
  // The handler's body limit (a handler of createHandler carries it), else no more than the default.
  let own: unknown;
  try {
    own = (handler as unknown as Record<symbol, unknown>)[MAX_BODY_BYTES];
  } catch (e) {
    throw unreadable(e, ['handler']);
  }
  const ownLimit = typeof own === 'number' && own > 0;
  const limit = ownLimit ? (own as number) : DEFAULT_MAX_BODY_BYTES;
  const listener = async (req: NodeRequestLike, res: NodeResponseLike, next?: (error?: unknown) => void): Promise<void> => {
    // The request's time counts from its call: the headers are in (Node's server timed them).
    const clock: BodyClock = { deadline: Date.now() + timeouts.requestTimeout, pause: timeouts.bodyTimeout };
    try {
      const method = (req.method ?? 'GET').toUpperCase();
      // A method no endpoint takes and the fetch API cannot carry: a 405, not a failure.
      if (FORBIDDEN_METHODS.has(method)) {
        answerProblem(req, res, 405, 'method_not_allowed', `${method} is not allowed here; the endpoints take ${SERVED_METHODS}`, { allow: SERVED_METHODS });
        return;
      }
      let fetched: Incoming;
      try {
        fetched = await incoming(req, method, limit, ownLimit, clock);
      } catch (e) {
        if (e instanceof BodyTimedOut) {
          // The body is left unread: `connection: close` makes Node close the socket once the answer is sent.
          answerProblem(req, res, 408, 'request_timeout', `the request body did not arrive in time: ${e.why}`, { connection: 'close' });
        } else if (e instanceof BodyTooLarge) {
          answerProblem(req, res, 413, 'payload_too_large', `the body is larger than ${limit} bytes`, { connection: 'close' });
        } else if (e instanceof BadRequest) {
          answerProblem(req, res, 400, 'invalid_request', e.message);
        } else {
          throw e;
        }
        return;
      }
      await send(res, await handler(fetched.request), method, fetched.unread);
    } catch (e) {
      if (next) {
        next(e);
        return;
      }
      if (!res.headersSent) {
        answerProblem(req, res, 500, 'internal_error', 'the server could not answer this request');
      } else {
        res.end();
      }
    }
  };
  const serverOptions = Object.freeze({
    headersTimeout: timeouts.headersTimeout,
    requestTimeout: timeouts.requestTimeout,
    // Node checks its timeouts every 30 s by default: often enough for the headers' bound to hold.
    connectionsCheckingInterval: Math.max(1, Math.min(1000, Math.floor(timeouts.headersTimeout / 2))),
  });
  return Object.assign(listener, { serverOptions }) as NodeListener;
}
