// The one way the web app talks to the API: JSON in and out, the bearer token, typed errors, and the
// "any 401 logs out" rule of spec §8. It knows nothing of the session; the session plugs in its hooks.
import type { z } from 'zod';
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

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Validates the answer; the shared contract of the call. */
  schema?: z.ZodType<T>;
  /**
   * Public calls (login, refresh, password reset, invites) send no token and a 401 there is an answer to
   * show, not a reason to log out. Default true.
   */
  authenticated?: boolean;
  signal?: AbortSignal;
  /** Lets a request outlive the page (the logout blacklist call). */
  keepalive?: boolean;
  /** Extra headers, e.g. an Idempotency-Key on writes that send messages (design.md §4). */
  headers?: Record<string, string>;
};

export function buildUrl(path: string, query?: RequestOptions<unknown>['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, query, schema, authenticated = true, signal, keepalive } = options;
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (authenticated) {
    await hooks.beforeAuthenticatedRequest();
    const token = hooks.getAccessToken();
    if (!token) {
      hooks.onUnauthorized();
      throw new ApiError({ status: 401 });
    }
    headers.Authorization = `Bearer ${token}`;
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      keepalive,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError({ status: 0 });
  }

  const payload = await readJson(response);
  if (!response.ok) {
    if (response.status === 401 && authenticated) hooks.onUnauthorized();
    throw toApiError(response.status, payload);
  }
  return schema ? schema.parse(payload) : (payload as T);
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
