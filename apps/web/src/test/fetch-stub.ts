// A fetch stand-in at the network boundary: the app's own modules (api client, session, router) stay real.
import { vi } from 'vitest';

export type StubRequest = {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
  headers: Headers;
};
export type StubReply = {
  status?: number;
  /** Answered as JSON. */
  body?: unknown;
  /** Answered as is instead of `body`: a file, or a ReadableStream the test feeds chunk by chunk. */
  raw?: BodyInit;
  headers?: Record<string, string>;
};
type Handler = StubReply | ((request: StubRequest) => StubReply | Promise<StubReply>);

/** Handlers keyed 'METHOD /path/' (query string ignored). Unknown calls answer 404 {"detail":"Not found."}. */
export function stubFetch(handlers: Record<string, Handler>) {
  const calls: StubRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const request: StubRequest = {
      method,
      path: url.pathname,
      search: url.searchParams,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: new Headers(init.headers),
    };
    calls.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    const reply =
      typeof handler === 'function'
        ? await handler(request)
        : (handler ?? { status: 404, body: { detail: 'Not found.' } });
    if (reply.raw !== undefined)
      return new Response(reply.raw, { status: reply.status ?? 200, headers: reply.headers });
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** Calls made to 'METHOD /path/'. */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}
