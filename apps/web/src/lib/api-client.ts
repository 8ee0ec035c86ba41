// The one way the web app talks to the API: JSON in and out (or multipart up, a file down), the bearer
// token, typed errors, and the "any 401 logs out" rule of docs/product.md §8, kept here once for every call. It knows
// nothing of the session; the session plugs in its hooks.
import { ApiError, toApiError } from './api-error';

export type ApiClientHooks = {
  getAccessToken: () => string | null;
  /** Runs before each authenticated call, e.g. to refresh an access token that expired while the tab slept. */
  beforeAuthenticatedRequest: () => Promise<void>;
  /** A 401 on an authenticated call: the session logs out. */
  onUnauthorized: () => void;
};

let hooks: ApiClientHooks = {
  getAccessToken: () => null,
  beforeAuthenticatedRequest: async () => {},
  onUnauthorized: () => {},
};

export function configureApiClient(next: ApiClientHooks): void {
  hooks = next;
}

type QueryValue = string | number | boolean | null | undefined;

export type FetchOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as is: a JSON string, or FormData for a multipart upload (the browser sets its Content-Type). */
  body?: BodyInit;
  /** A list is sent as the key repeated (`?status=PAID&status=FAILED`), as the API reads repeated filters. */
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  /**
   * Public calls (login, refresh, password reset, invites) send no token and a 401 there is an answer to
   * show, not a reason to log out. Default true.
   */
  authenticated?: boolean;
  signal?: AbortSignal;
  /** Lets a request outlive the page (the logout blacklist call). */
  keepalive?: boolean;
  /** Extra headers, e.g. an Idempotency-Key on writes that send messages (docs/conventions.md §4), or Accept: text/csv. */
  headers?: Record<string, string>;
};

export type RequestOptions<T> = Omit<FetchOptions, 'body'> & {
  /** Sent as JSON; a FormData is sent as multipart instead (an upload). */
  body?: unknown;
  /** Validates the answer; the shared contract of the call (a zod schema, classic or zod/mini). */
  schema?: { parse: (payload: unknown) => T };
};

export function buildUrl(path: string, query?: FetchOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) params.append(key, String(item));
    }
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** A JSON answer from the API, or a multipart upload with a JSON answer. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { body, schema, ...rest } = options;
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  let sent: BodyInit | undefined;
  if (body instanceof FormData) sent = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    sent = JSON.stringify(body);
  }
  const response = await apiFetch(path, { ...rest, headers, body: sent });
  const payload = await readJson(response);
  return schema ? schema.parse(payload) : (payload as T);
}

/**
 * The raw call under apiRequest, for an answer that is not JSON (a file download). It keeps the rules of
 * every call: a fresh bearer token, any 401 on an authenticated call logs out, and a failure is an ApiError
 * (status 0 when the network failed). Answers the successful Response for the caller to read.
 */
export async function apiFetch(path: string, options: FetchOptions = {}): Promise<Response> {
  const { method = 'GET', body, query, authenticated = true, signal, keepalive } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (authenticated) headers.Authorization = `Bearer ${await freshAccessToken()}`;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { method, headers, body, signal, keepalive });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError({ status: 0 });
  }
  if (response.ok) return response;
  if (response.status === 401 && authenticated) hooks.onUnauthorized();
  throw toApiError(response.status, await readJson(response));
}

async function freshAccessToken(): Promise<string> {
  await hooks.beforeAuthenticatedRequest();
  const token = hooks.getAccessToken();
  if (token) return token;
  hooks.onUnauthorized();
  throw new ApiError({ status: 401 });
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
