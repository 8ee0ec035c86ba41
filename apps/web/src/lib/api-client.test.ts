import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub';
import { apiFetch, apiRequest, configureApiClient } from './api-client';

// The rules every call shares (fresh token, any 401 logs out) live in one place; these pin them for the
// multipart and raw-response calls as well as for JSON.
const onUnauthorized = vi.fn();
const beforeAuthenticatedRequest = vi.fn(async () => {});
let token: string | null = 'access-1';

beforeEach(() => {
  token = 'access-1';
  configureApiClient({ getAccessToken: () => token, beforeAuthenticatedRequest, onUnauthorized });
});

afterEach(() => {
  vi.clearAllMocks();
});

describe('apiRequest', () => {
  it('sends FormData as multipart with the bearer token and parses the JSON answer', async () => {
    const api = stubFetch({ 'POST /api/upload/': { body: { media_path: '/media/a.png' } } });
    const body = new FormData();
    body.append('file', new File(['x'], 'a.png'));

    await expect(apiRequest('/api/upload/', { method: 'POST', body })).resolves.toEqual({
      media_path: '/media/a.png',
    });
    const [call] = api.callsTo('POST /api/upload/');
    expect(call?.headers.get('Authorization')).toBe('Bearer access-1');
    // The browser sets the multipart boundary itself; a JSON Content-Type would break the upload.
    expect(call?.headers.get('Content-Type')).toBeNull();
    expect(beforeAuthenticatedRequest).toHaveBeenCalledOnce();
  });

  it('repeats a query key for each value of a list and leaves out empty values', async () => {
    const api = stubFetch({ 'GET /api/report/': { body: {} } });
    await apiRequest('/api/report/', { query: { status: ['PAID', 'FAILED'], like: undefined, page: 2 } });
    const [call] = api.callsTo('GET /api/report/');
    expect(call?.search.getAll('status')).toEqual(['PAID', 'FAILED']);
    expect(call?.search.toString()).toBe('status=PAID&status=FAILED&page=2');
  });
});

describe('apiFetch', () => {
  it('answers the raw response, with the caller’s Accept', async () => {
    const api = stubFetch({ 'GET /api/report.csv': { body: 'a,b' } });

    const response = await apiFetch('/api/report.csv', { headers: { Accept: 'text/csv' } });

    expect(response.ok).toBe(true);
    expect(api.calls[0]?.headers.get('Accept')).toBe('text/csv');
    expect(api.calls[0]?.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('logs out on a 401 and throws the API error', async () => {
    stubFetch({ 'GET /api/report.csv': { status: 401, body: { detail: 'Token expired.' } } });

    await expect(apiFetch('/api/report.csv')).rejects.toMatchObject({
      status: 401,
      detail: 'Token expired.',
    });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('logs out without calling when there is no token', async () => {
    token = null;
    const api = stubFetch({});

    await expect(apiFetch('/api/report.csv')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(api.calls).toHaveLength(0);
  });

  it('keeps a 401 of a public call as an answer', async () => {
    stubFetch({ 'POST /api/token/': { status: 401, body: { detail: 'No active account.' } } });

    await expect(apiFetch('/api/token/', { method: 'POST', authenticated: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('turns a network failure into status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );

    await expect(apiFetch('/api/report.csv')).rejects.toMatchObject({ status: 0 });
  });
});
