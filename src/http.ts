/**
 * `taxrules/http`: the service interface's endpoints as a fetch-style handler
 * (`createHandler`) and its adapter to Node servers (`toNodeListener`).
 */
export { createHandler, ROUTES, DEFAULT_MAX_BODY_BYTES, RULES_VERSION_HEADER } from './http/handler.js';
export type { HandlerOptions, FetchHandler, DocumentHooks, DocumentContext, DocumentResult } from './http/handler.js';
export { toNodeListener, NODE_LISTENER_DEFAULTS } from './http/node.js';
export type { NodeListener, NodeListenerOptions, NodeRequestLike, NodeResponseLike } from './http/node.js';
